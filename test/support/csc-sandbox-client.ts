import { createHash } from 'node:crypto';
import { CSC_OID, SANDBOX_CLIENT } from '../../src/remote-signing/csc-constants';
import {
  SIGNATURE_AUTHORIZATION_DATA_ID,
  SIGNATURE_AUTHORIZATION_TYPE,
} from '../../src/remote-signing/signature-authorization';
import { ServiceKeyService } from '../../src/service-key/service-key.service';
import { SIGNATURE_RECEIPT_TYPE } from '../../src/signatures/signing-challenge';
import type { TestApp } from './test-app';

export const sha256Base64 = (text: string) => createHash('sha256').update(text).digest('base64');
export const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The sandbox signing provider's CSC API v2 as a client calls it, with the sandbox client's access token, and idflow's
 * signature authorization made as idflow makes it for a person's approval.
 */
export class CscSandboxClient {
  private constructor(
    private readonly t: TestApp,
    private readonly token: string,
  ) {}

  static async connect(t: TestApp): Promise<CscSandboxClient> {
    const answer = await t
      .http()
      .post('/csc/v2/oauth2/token')
      .type('form')
      .send({ grant_type: 'client_credentials', client_id: SANDBOX_CLIENT.id, client_secret: SANDBOX_CLIENT.secret })
      .expect(200);
    return new CscSandboxClient(t, answer.body.access_token);
  }

  call(method: string, body: object) {
    return this.t.http().post(`/csc/v2/${method}`).set('authorization', `Bearer ${this.token}`).send(body);
  }

  async credentialOf(nin: string): Promise<string> {
    return (await this.call('credentials/list', { userID: nin }).expect(200)).body.credentialIDs[0];
  }

  /**
   * The `authData` of credentials/authorize that says `nin` approved exactly these hashes: of this document, by this
   * approval (a receipt); without them, of a document approved on a device, as `deviceApproval` makes it.
   */
  async authData(
    nin: string,
    credentialID: string,
    hashes: string[],
    approved?: { document: { id: string; sha256: string }; approval: string },
  ) {
    const claims = {
      sub: nin,
      credentialID,
      hashes,
      numSignatures: 1,
      ...(approved ?? (await this.deviceApproval(nin))),
    };
    const value = await this.t.app.get(ServiceKeyService).sign(claims, {
      issuer: this.t.config.BASE_URL,
      expiresInSeconds: 60,
      type: SIGNATURE_AUTHORIZATION_TYPE,
    });
    return [{ id: SIGNATURE_AUTHORIZATION_DATA_ID, value }];
  }

  /**
   * idflow's receipt of `signer`'s device signature over a document's SHA-256 (as SignatureReceiptsService issues it),
   * and the document an authorization for `nin` names: the same person and document unless `signer` or `sha256` say
   * otherwise, for a refusal.
   */
  async deviceApproval(nin: string, { signer = nin, sha256 = sha256Hex('a document') } = {}) {
    const document = { id: 'doc_cscSandboxClient', sha256 };
    const approval = await this.t.app.get(ServiceKeyService).sign(
      {
        sub: signer,
        flow: document.id,
        payload_sha256: sha256Hex('a document'),
        device: 'dev_cscSandboxClient',
        device_signature: 'a device signature',
        signed_at: Math.floor(Date.now() / 1000),
      },
      { issuer: this.t.config.BASE_URL, type: SIGNATURE_RECEIPT_TYPE },
    );
    return { document, approval };
  }

  authorize(credentialID: string, hashes: string[], authData?: object[]) {
    return this.call('credentials/authorize', {
      credentialID,
      numSignatures: 1,
      hashes,
      hashAlgorithmOID: CSC_OID.sha256,
      ...(authData ? { authData } : {}),
    });
  }

  signHash(credentialID: string, SAD: string, hashes: string[]) {
    return this.call('signatures/signHash', {
      credentialID,
      SAD,
      hashes,
      hashAlgorithmOID: CSC_OID.sha256,
      signAlgo: CSC_OID.sha256WithRsa,
    });
  }
}
