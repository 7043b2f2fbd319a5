import { randomBytes, type webcrypto } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { KEY_USAGE, generateSealKeys, issueCertificate } from '../../src/seal/certificate-issuer';
import { sealCrypto } from '../../src/seal/pkijs-engine';
import { OID } from '../../src/seal/seal-oids';
import { LocalServer } from './local-server';

/**
 * A tiny RFC 3161 timestamp authority on 127.0.0.1, for seals at level B-T: it answers a TimeStampReq with a token
 * over the request's imprint and nonce, signed by a certificate of its own (extended key usage timeStamping).
 * `failing` makes it answer 500, as an authority that is down.
 */
export class TestTimestampAuthority {
  requests = 0;
  failing = false;

  private constructor(
    private readonly server: LocalServer,
    readonly genTime: Date,
  ) {}

  static async start(genTime = new Date()): Promise<TestTimestampAuthority> {
    const keys = await generateSealKeys();
    const certificate = await issueCertificate({
      subject: { organization: 'Test TSA', commonName: 'Test timestamp authority' },
      publicKey: keys.publicKey,
      selfKey: keys.privateKey,
      isCa: false,
      keyUsage: KEY_USAGE.digitalSignature | KEY_USAGE.nonRepudiation,
      extendedKeyUsage: [OID.timeStamping],
      validDays: 1,
    });
    let authority: TestTimestampAuthority | undefined;
    const server = await LocalServer.start((request, response, body) => {
      if (!authority) return;
      authority.requests++;
      if (authority.failing || request.headers['content-type'] !== 'application/timestamp-query') {
        response.writeHead(500).end();
        return;
      }
      authority
        .answer(body, certificate, keys.privateKey)
        .then((answer) => response.writeHead(200, { 'content-type': 'application/timestamp-reply' }).end(answer))
        .catch(() => response.writeHead(400).end());
    });
    authority = new TestTimestampAuthority(server, genTime);
    return authority;
  }

  get url(): string {
    return `${this.server.origin}/tsa`;
  }

  close(): Promise<void> {
    return this.server.close();
  }

  private async answer(body: Buffer, certificate: pkijs.Certificate, key: webcrypto.CryptoKey): Promise<Buffer> {
    const request = pkijs.TimeStampReq.fromBER(body);
    const info = new pkijs.TSTInfo({
      version: 1,
      policy: '1.2.3.4.1',
      messageImprint: request.messageImprint,
      serialNumber: new asn1js.Integer({ valueHex: randomBytes(8) }),
      genTime: this.genTime,
      nonce: request.nonce,
    });
    const signed = new pkijs.SignedData({
      version: 3,
      encapContentInfo: new pkijs.EncapsulatedContentInfo({
        eContentType: OID.tstInfo,
        eContent: new asn1js.OctetString({ valueHex: info.toSchema().toBER(false) }),
      }),
      signerInfos: [
        new pkijs.SignerInfo({
          version: 1,
          sid: new pkijs.IssuerAndSerialNumber({ issuer: certificate.issuer, serialNumber: certificate.serialNumber }),
        }),
      ],
      certificates: [certificate],
    });
    await signed.sign(key, 0, 'SHA-256', undefined, sealCrypto);
    const response = new pkijs.TimeStampResp({
      status: new pkijs.PKIStatusInfo({ status: pkijs.PKIStatus.granted }),
      timeStampToken: new pkijs.ContentInfo({ contentType: OID.signedData, content: signed.toSchema(true) }),
    });
    return Buffer.from(response.toSchema().toBER(false));
  }
}
