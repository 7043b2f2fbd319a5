import { Injectable, OnModuleInit } from '@nestjs/common';
import * as pkijs from 'pkijs';
import { AppConfig } from '../config/app-config';
import type { LoadedDocument } from '../documents/document.presenter';
import type { DocumentSignee } from '../documents/document-signee.entity';
import { type SigneeSignatureMaker, SigneeSignatures } from '../documents/signee-signatures';
import { signField } from '../seal/pdf-sealer';
import { SealPdfUpdates } from '../seal/seal-pdf-updates';
import { ServiceKeyService } from '../service-key/service-key.service';
import type { CscClient } from './csc-client';
import { CSC_OID } from './csc-constants';
import { SigningProviderFailure } from './errors/signing-provider-failure.error';
import { remoteCadesSigner } from './remote-cades-signer';
import {
  SIGNATURE_AUTHORIZATION_DATA_ID,
  SIGNATURE_AUTHORIZATION_SECONDS,
  SIGNATURE_AUTHORIZATION_TYPE,
  type SignatureAuthorizationClaims,
} from './signature-authorization';
import { SigningProviders } from './signing-providers';

/**
 * Each signee's own PAdES signature on an `advanced` document, in the order they signed, one incremental update each:
 * their credential at the provider (by their NIN), a field naming them, and its CMS signed there over the hash of its
 * signed attributes, authorized by idflow's signature authorization of their approval for exactly that hash. Any
 * failure throws before anything is stored, so the stored copy never holds some signatures and not others.
 */
@Injectable()
export class RemoteSigneeSignatures implements SigneeSignatureMaker, OnModuleInit {
  constructor(
    private readonly registry: SigneeSignatures,
    private readonly providers: SigningProviders,
    private readonly updates: SealPdfUpdates,
    private readonly serviceKey: ServiceKeyService,
    private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  async sign({ flow, document, signees }: LoadedDocument, finished: Uint8Array): Promise<Uint8Array> {
    const provider = await this.providers.for(flow);
    let bytes = finished;
    for (const [index, signee] of inSigningOrder(signees).entries()) {
      const [credentialID] = await provider.listCredentials(signee.nin);
      if (!credentialID) throw new SigningProviderFailure(`${provider.name} has no credential for ${signee.name}`);
      const chain = certificateChain((await provider.credentialInfo(credentialID)).cert.certificates);
      const field = await this.updates.addSignatureField(bytes, {
        kind: 'signature',
        fieldName: `Signature ${index + 1}`,
        signingTime: new Date(signee.signedAt ?? Date.now()),
        name: signee.name,
        reason: `Signed document ${flow.id} (SHA-256 ${document.fileSha256})`,
      });
      const approval = { nin: signee.nin, credentialID, document: { id: flow.id, sha256: document.fileSha256 } };
      bytes = await signField(
        field,
        remoteCadesSigner(chain, (hash) => this.signAt(provider, approval, signee.signature ?? '', hash)),
      );
    }
    return bytes;
  }

  /** Authorizes exactly this hash with the person's approval, then has the provider sign it. */
  private async signAt(
    provider: CscClient,
    approval: { nin: string; credentialID: string; document: { id: string; sha256: string } },
    receipt: string,
    hash: Buffer,
  ): Promise<Buffer> {
    const hashes = [hash.toString('base64')];
    const claims: SignatureAuthorizationClaims = {
      sub: approval.nin,
      credentialID: approval.credentialID,
      hashes,
      numSignatures: 1,
      document: approval.document,
      approval: receipt,
    };
    const authorization = await this.serviceKey.sign(
      { ...claims },
      {
        issuer: this.config.BASE_URL,
        expiresInSeconds: SIGNATURE_AUTHORIZATION_SECONDS,
        type: SIGNATURE_AUTHORIZATION_TYPE,
      },
    );
    const common = { credentialID: approval.credentialID, hashes, hashAlgorithmOID: CSC_OID.sha256 };
    const sad = await provider.authorize({
      ...common,
      numSignatures: 1,
      authData: [{ id: SIGNATURE_AUTHORIZATION_DATA_ID, value: authorization }],
    });
    const [signature] = await provider.signHash({ ...common, SAD: sad, signAlgo: CSC_OID.sha256WithRsa });
    return Buffer.from(signature, 'base64');
  }
}

/** The order the signees signed in: a sequential document's steps, and within a step who came first. */
function inSigningOrder(signees: DocumentSignee[]): DocumentSignee[] {
  return [...signees].sort((a, b) => (a.signedAt ?? 0) - (b.signedAt ?? 0) || a.position - b.position);
}

function certificateChain(certificates: string[]): pkijs.Certificate[] {
  try {
    const chain = certificates.map((der) => pkijs.Certificate.fromBER(Buffer.from(der, 'base64')));
    if (chain.length === 0) throw new Error('no certificate');
    return chain;
  } catch {
    throw new SigningProviderFailure("The provider's credentials/info gave no readable certificate chain");
  }
}
