import { createHash, type webcrypto } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { sealCrypto } from './pkijs-engine';
import { OID } from './seal-oids';

/** A certificate the CA issued, by its serial number (hex, as DER writes it), and when it was revoked, if it was. */
export interface IssuedCertificate {
  serialHex: string;
  revokedAt?: Date;
}

/** Every certificate the CA issued, as it stands now. */
export type IssuedCertificates = () => Promise<IssuedCertificate[]>;

/** A certificate's serial number (or a CertID's) as IssuedCertificate names it. */
export function serialHexOf(named: { serialNumber: asn1js.Integer }): string {
  return Buffer.from(named.serialNumber.valueBlock.valueHexView).toString('hex');
}

/** How long an answer may be relied on before a fresh one is due. */
const OCSP_VALID_MS = 24 * 3600_000;
const CRL_VALID_MS = 7 * 24 * 3600_000;
/** OCSPResponseStatus (RFC 6960 4.2.1). */
const OCSP_SUCCESSFUL = 0;
const OCSP_MALFORMED = 1;
/** CertStatus choices (RFC 6960 4.2.1): good [0], revoked [1], unknown [2]. */
const GOOD = 0;
const REVOKED = 1;
const UNKNOWN = 2;
const CONTEXT_SPECIFIC = 3;
/** The hash algorithms a CertID may name, as Node calls them. */
const CERT_ID_HASHES: Record<string, string> = { '1.3.14.3.2.26': 'sha1', [OID.sha256]: 'sha256' };

/**
 * The revocation services of a CA that idflow holds the key of (the sandbox seal CA, and the test timestamp
 * authority's CA): a CRL (RFC 5280) and OCSP answers (RFC 6960) signed by the CA itself, so a validator needs no
 * further certificate to trust them.
 */
export class RevocationResponder {
  constructor(
    private readonly ca: pkijs.Certificate,
    private readonly caKey: webcrypto.CryptoKey,
    private readonly issued: IssuedCertificates,
  ) {}

  /** The CA's current CRL, DER. */
  async crl(at = new Date()): Promise<Buffer> {
    const now = wholeSeconds(at);
    const revoked = (await this.issued())
      .filter(({ revokedAt }) => revokedAt !== undefined && revokedAt <= now)
      .map(
        ({ serialHex, revokedAt }) =>
          new pkijs.RevokedCertificate({
            userCertificate: new asn1js.Integer({ valueHex: Buffer.from(serialHex, 'hex') }),
            revocationDate: new pkijs.Time({ type: pkijs.TimeType.UTCTime, value: revokedAt! }),
          }),
      );
    const list = new pkijs.CertificateRevocationList({
      version: 1,
      issuer: this.ca.subject,
      thisUpdate: new pkijs.Time({ type: pkijs.TimeType.UTCTime, value: now }),
      nextUpdate: new pkijs.Time({ type: pkijs.TimeType.UTCTime, value: new Date(now.getTime() + CRL_VALID_MS) }),
      ...(revoked.length > 0 ? { revokedCertificates: revoked } : {}),
      crlExtensions: new pkijs.Extensions({
        extensions: [
          new pkijs.Extension({
            extnID: OID.crlNumber,
            extnValue: new asn1js.Integer({ value: Math.floor(now.getTime() / 1000) }).toBER(false),
          }),
        ],
      }),
    });
    await list.sign(this.caKey, 'SHA-256', sealCrypto);
    return Buffer.from((list.toSchema(true) as asn1js.Sequence).toBER(false));
  }

  /** The OCSP response to a DER OCSPRequest: `malformedRequest` for bytes that are not one. */
  async ocsp(requestDer: Uint8Array, at = new Date()): Promise<Buffer> {
    const now = wholeSeconds(at);
    let request: pkijs.OCSPRequest;
    try {
      request = pkijs.OCSPRequest.fromBER(requestDer);
    } catch {
      return status(OCSP_MALFORMED);
    }
    const issued = await this.issued();
    const responses = request.tbsRequest.requestList.map(
      ({ reqCert }) =>
        new pkijs.SingleResponse({
          certID: reqCert,
          certStatus: this.statusOf(reqCert, issued, now),
          thisUpdate: now,
          nextUpdate: new Date(now.getTime() + OCSP_VALID_MS),
        }),
    );
    const nonce = request.tbsRequest.requestExtensions?.find((extension) => extension.extnID === OID.ocspNonce);
    const basic = new pkijs.BasicOCSPResponse({
      tbsResponseData: new pkijs.ResponseData({
        responderID: this.ca.subject,
        producedAt: now,
        responses,
        ...(nonce ? { responseExtensions: [nonce] } : {}),
      }),
    });
    await basic.sign(this.caKey, 'SHA-256', sealCrypto);
    const response = new pkijs.OCSPResponse({
      responseStatus: new asn1js.Enumerated({ value: OCSP_SUCCESSFUL }),
      responseBytes: new pkijs.ResponseBytes({
        responseType: OID.ocspBasic,
        response: new asn1js.OctetString({ valueHex: basic.toSchema().toBER(false) }),
      }),
    });
    return Buffer.from(response.toSchema().toBER(false));
  }

  /** good, revoked (since when) or unknown: unknown too for a CertID naming another issuer or an unknown hash. */
  private statusOf(certId: pkijs.CertID, issued: IssuedCertificate[], now: Date): asn1js.BaseBlock {
    const hash = CERT_ID_HASHES[certId.hashAlgorithm.algorithmId];
    const digest = (bytes: ArrayBuffer | Uint8Array) =>
      hash ? createHash(hash).update(new Uint8Array(bytes)).digest() : Buffer.alloc(0);
    const sameIssuer =
      hash !== undefined &&
      digest(this.ca.subject.toSchema().toBER(false)).equals(
        Buffer.from(certId.issuerNameHash.valueBlock.valueHexView),
      ) &&
      digest(this.ca.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView).equals(
        Buffer.from(certId.issuerKeyHash.valueBlock.valueHexView),
      );
    const serialHex = serialHexOf(certId);
    const found = sameIssuer ? issued.find((certificate) => certificate.serialHex === serialHex) : undefined;
    if (!found) return choice(UNKNOWN);
    if (found.revokedAt && found.revokedAt <= now) {
      return new asn1js.Constructed({
        idBlock: { tagClass: CONTEXT_SPECIFIC, tagNumber: REVOKED },
        value: [new asn1js.GeneralizedTime({ valueDate: wholeSeconds(found.revokedAt) })],
      });
    }
    return choice(GOOD);
  }
}

/** DER times carry no fractions of a second (RFC 5280 4.1.2.5.2); NSS refuses an answer whose times do. */
function wholeSeconds(date: Date): Date {
  return new Date(Math.floor(date.getTime() / 1000) * 1000);
}

function choice(tagNumber: number): asn1js.Primitive {
  return new asn1js.Primitive({ idBlock: { tagClass: CONTEXT_SPECIFIC, tagNumber } });
}

function status(value: number): Buffer {
  return Buffer.from(
    new pkijs.OCSPResponse({ responseStatus: new asn1js.Enumerated({ value }) }).toSchema().toBER(false),
  );
}
