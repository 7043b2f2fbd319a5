import { createHash, type webcrypto } from 'node:crypto';
import type http from 'node:http';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { attribute, signingCertificateV2 } from '../../src/seal/cades-signer';
import { KEY_USAGE, generateSealKeys, issueCertificate } from '../../src/seal/certificate-issuer';
import { randomPositiveInteger } from '../../src/seal/random-positive-integer';
import { certificateToPem } from '../../src/seal/pem';
import { sealCrypto } from '../../src/seal/pkijs-engine';
import { RevocationResponder } from '../../src/seal/revocation-responder';
import { OID } from '../../src/seal/seal-oids';
import { LocalServer } from './local-server';

/**
 * A tiny RFC 3161 timestamp authority on 127.0.0.1, for seals at level B-T and above: it answers a TimeStampReq with a
 * token over the request's imprint and nonce, signed by a certificate (extended key usage timeStamping) that a CA of
 * its own issues. Like a production authority, the CA publishes its certificate, a CRL and an OCSP responder at the
 * addresses written into the timestamp certificate. `failing` makes it answer 500, as an authority that is down.
 */
export class TestTimestampAuthority {
  requests = 0;
  /** Answers of the CA's OCSP responder and CRL, counted apart from the timestamps. */
  revocationRequests = 0;
  failing = false;
  /** Set to revoke the timestamp certificate from that time on. */
  revokedAt?: Date;
  /** Awaited before each timestamp is answered, as an authority's latency: what a test does there, the caller waits on. */
  beforeAnswer?: () => Promise<void>;

  private constructor(
    private readonly server: LocalServer,
    readonly genTime: Date,
    readonly ca: pkijs.Certificate,
    readonly certificate: pkijs.Certificate,
    private readonly key: webcrypto.CryptoKey,
    private readonly responder: RevocationResponder,
  ) {}

  static async start(genTime = new Date()): Promise<TestTimestampAuthority> {
    let authority: TestTimestampAuthority | undefined;
    const server = await LocalServer.start((request, response, body) => {
      if (authority) authority.handle(request, response, body);
      else response.writeHead(503).end();
    });
    const caKeys = await generateSealKeys();
    const ca = await issueCertificate({
      subject: { organization: 'Test TSA', commonName: 'Test timestamp authority CA' },
      publicKey: caKeys.publicKey,
      selfKey: caKeys.privateKey,
      isCa: true,
      keyUsage: KEY_USAGE.keyCertSign | KEY_USAGE.cRLSign,
      validDays: 365,
    });
    const keys = await generateSealKeys();
    const certificate = await issueCertificate({
      subject: { organization: 'Test TSA', commonName: 'Test timestamp authority' },
      publicKey: keys.publicKey,
      issuer: { certificate: ca, privateKey: caKeys.privateKey },
      isCa: false,
      keyUsage: KEY_USAGE.digitalSignature | KEY_USAGE.nonRepudiation,
      extendedKeyUsage: [OID.timeStamping],
      validDays: 1,
      revocation: {
        ocspUrl: `${server.origin}/ocsp`,
        caIssuersUrl: `${server.origin}/ca.cer`,
        crlUrl: `${server.origin}/ca.crl`,
      },
    });
    const serialHex = Buffer.from(certificate.serialNumber.valueBlock.valueHexView).toString('hex');
    const responder = new RevocationResponder(ca, caKeys.privateKey, () =>
      Promise.resolve([{ serialHex, revokedAt: authority?.revokedAt }]),
    );
    authority = new TestTimestampAuthority(server, genTime, ca, certificate, keys.privateKey, responder);
    return authority;
  }

  get url(): string {
    return `${this.server.origin}/tsa`;
  }

  /** The CA the timestamp certificate chains up to, in PEM, for `openssl ts -verify -CAfile` and NSS. */
  get caPem(): string {
    return certificateToPem(this.ca);
  }

  close(): Promise<void> {
    return this.server.close();
  }

  private handle(request: http.IncomingMessage, response: http.ServerResponse, body: Buffer): void {
    const reply = (type: string) => (bytes: Buffer) => response.writeHead(200, { 'content-type': type }).end(bytes);
    const refuse = () => response.writeHead(400).end();
    if (request.url === '/tsa') {
      this.requests++;
      if (this.failing || request.headers['content-type'] !== 'application/timestamp-query') {
        response.writeHead(500).end();
        return;
      }
      Promise.resolve(this.beforeAnswer?.())
        .then(() => this.answer(body))
        .then(reply('application/timestamp-reply'))
        .catch(refuse);
      return;
    }
    this.revocationRequests++;
    if (request.url === '/ocsp' && request.method === 'POST') {
      this.responder.ocsp(body).then(reply('application/ocsp-response')).catch(refuse);
    } else if (request.url === '/ca.crl') {
      this.responder.crl().then(reply('application/pkix-crl')).catch(refuse);
    } else if (request.url === '/ca.cer') {
      reply('application/pkix-cert')(Buffer.from(this.ca.toSchema(true).toBER(false)));
    } else {
      response.writeHead(404).end();
    }
  }

  private async answer(body: Buffer): Promise<Buffer> {
    const { certificate, key } = this;
    const request = pkijs.TimeStampReq.fromBER(body);
    const info = new pkijs.TSTInfo({
      version: 1,
      policy: '1.2.3.4.1',
      messageImprint: request.messageImprint,
      serialNumber: randomPositiveInteger(8),
      genTime: this.genTime,
      nonce: request.nonce,
    });
    const tstInfo = info.toSchema().toBER(false);
    const signed = new pkijs.SignedData({
      version: 3,
      encapContentInfo: new pkijs.EncapsulatedContentInfo({
        eContentType: OID.tstInfo,
        eContent: new asn1js.OctetString({ valueHex: tstInfo }),
      }),
      signerInfos: [
        new pkijs.SignerInfo({
          version: 1,
          sid: new pkijs.IssuerAndSerialNumber({ issuer: certificate.issuer, serialNumber: certificate.serialNumber }),
          // RFC 3161 2.4.1: the token names its signing certificate (ESS), which `openssl ts -verify` insists on.
          signedAttrs: new pkijs.SignedAndUnsignedAttributes({
            type: 0,
            attributes: [
              attribute(OID.contentType, new asn1js.ObjectIdentifier({ value: OID.tstInfo })),
              attribute(
                OID.messageDigest,
                new asn1js.OctetString({ valueHex: createHash('sha256').update(Buffer.from(tstInfo)).digest() }),
              ),
              attribute(OID.signingCertificateV2, signingCertificateV2(certificate)),
            ],
          }),
        }),
      ],
      certificates: [certificate, this.ca],
    });
    await signed.sign(key, 0, 'SHA-256', undefined, sealCrypto);
    const response = new pkijs.TimeStampResp({
      status: new pkijs.PKIStatusInfo({ status: pkijs.PKIStatus.granted }),
      timeStampToken: new pkijs.ContentInfo({ contentType: OID.signedData, content: signed.toSchema(true) }),
    });
    return Buffer.from(response.toSchema().toBER(false));
  }
}
