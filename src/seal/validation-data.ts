import { createHash } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import type { OutboundClient } from '../common/outbound/outbound-client';
import { URI_NAME } from './certificate-issuer';
import { sealCrypto } from './pkijs-engine';
import { OID } from './seal-oids';

/** What a validator needs, years later, to check a chain without asking anyone: the certificates and their status. */
export interface ValidationData {
  /** DER certificates. */
  certs: Buffer[];
  /** DER OCSPResponses, each `good` for one certificate and signed by its issuer. */
  ocsps: Buffer[];
  /** DER CRLs signed by the issuer, listing none of the certificates. */
  crls: Buffer[];
}

/** Revocation data of one certificate: its issuer's OCSP answer, or else its issuer's CRL. */
interface Status {
  ocsp?: Buffer;
  crl?: Buffer;
  fetchedAt: number;
}

const MAX_ANSWER_BYTES = 1024 * 1024;
const TIMEOUT_MS = 10_000;
/** How long a fetched answer is reused: an OCSP answer is valid for hours to days, a CRL for days. */
const FRESH_MS = 3600_000;
const GOOD = 0;

/**
 * Fetches and keeps the revocation data of certificate chains, through the outbound guard: the issuer's OCSP
 * responder (AIA) first, its CRL (distribution point) when there is no responder or it fails. Fetching happens before
 * the transaction that seals (`refresh`); inside it, `collect` only reads what was kept, so a slow responder never
 * holds a database transaction open.
 */
export class ValidationDataCache {
  private readonly statuses = new Map<string, Status>();

  constructor(private readonly outbound: OutboundClient) {}

  /** Fetches what is missing or stale for each certificate of the chain but its self-signed root. */
  async refresh(chain: pkijs.Certificate[]): Promise<void> {
    for (const [certificate, issuer] of pairs(chain)) {
      const key = fingerprint(certificate);
      const known = this.statuses.get(key);
      if (known && Date.now() - known.fetchedAt < FRESH_MS) continue;
      const status = await this.fetch(certificate, issuer);
      if (status) this.statuses.set(key, status);
    }
  }

  /**
   * The validation data of these chains from what was fetched, or undefined when any certificate but a root lacks
   * it (the seal then stays at B-T).
   */
  collect(chains: pkijs.Certificate[][]): ValidationData | undefined {
    const data: ValidationData = { certs: [], ocsps: [], crls: [] };
    const seen = new Set<string>();
    for (const chain of chains) {
      for (const certificate of chain) {
        const key = fingerprint(certificate);
        if (seen.has(key)) continue;
        seen.add(key);
        data.certs.push(der(certificate));
      }
      for (const [certificate] of pairs(chain)) {
        const status = this.statuses.get(fingerprint(certificate));
        if (!status) return undefined;
        if (status.ocsp && !data.ocsps.some((known) => known.equals(status.ocsp!))) data.ocsps.push(status.ocsp);
        if (status.crl && !data.crls.some((known) => known.equals(status.crl!))) data.crls.push(status.crl);
      }
    }
    return data;
  }

  private async fetch(certificate: pkijs.Certificate, issuer: pkijs.Certificate): Promise<Status | undefined> {
    const ocspUrl = accessLocation(certificate, OID.ocsp);
    if (ocspUrl) {
      const ocsp = await this.fetchOcsp(ocspUrl, certificate, issuer).catch(() => undefined);
      if (ocsp) return { ocsp, fetchedAt: Date.now() };
    }
    const crlUrl = distributionPoint(certificate);
    if (crlUrl) {
      const crl = await this.fetchCrl(crlUrl, certificate, issuer).catch(() => undefined);
      if (crl) return { crl, fetchedAt: Date.now() };
    }
    return undefined;
  }

  /** An OCSP answer that is successful, signed by the issuer (or a responder it names) and `good`. */
  private async fetchOcsp(url: string, certificate: pkijs.Certificate, issuer: pkijs.Certificate): Promise<Buffer> {
    const request = new pkijs.OCSPRequest();
    await request.createForCertificate(certificate, { hashAlgorithm: 'SHA-1', issuerCertificate: issuer }, sealCrypto);
    const answer = await this.outbound.request({
      url,
      method: 'POST',
      headers: { 'content-type': 'application/ocsp-request' },
      body: Buffer.from(request.toSchema(true).toBER(false)),
      maxResponseBytes: MAX_ANSWER_BYTES,
      timeoutMs: TIMEOUT_MS,
    });
    if (answer.status !== 200) throw new Error(`the OCSP responder answered ${answer.status}`);
    const response = pkijs.OCSPResponse.fromBER(answer.body);
    if (response.responseStatus.valueBlock.valueDec !== 0 || !response.responseBytes) {
      throw new Error('the OCSP responder refused the request');
    }
    const basic = pkijs.BasicOCSPResponse.fromBER(response.responseBytes.response.valueBlock.valueHexView);
    // pkijs's own check wants the responder's certificate inside the answer; an issuer answering itself sends none.
    const signedByIssuer = basic.certs?.length
      ? await basic.verify({ trustedCerts: [issuer] }, sealCrypto)
      : await sealCrypto.verifyWithPublicKey(
          basic.tbsResponseData.tbsView,
          basic.signature,
          issuer.subjectPublicKeyInfo,
          basic.signatureAlgorithm,
        );
    const { isForCertificate, status } = await basic.getCertificateStatus(certificate, issuer, sealCrypto);
    if (!signedByIssuer || !isForCertificate || status !== GOOD) throw new Error('the OCSP answer is not good');
    return answer.body;
  }

  /** A CRL signed by the issuer that does not list the certificate. */
  private async fetchCrl(url: string, certificate: pkijs.Certificate, issuer: pkijs.Certificate): Promise<Buffer> {
    const answer = await this.outbound.request({ url, maxResponseBytes: MAX_ANSWER_BYTES, timeoutMs: TIMEOUT_MS });
    if (answer.status !== 200) throw new Error(`the CRL distribution point answered ${answer.status}`);
    const crl = pkijs.CertificateRevocationList.fromBER(answer.body);
    if (!(await crl.verify({ issuerCertificate: issuer }, sealCrypto)) || crl.isCertificateRevoked(certificate)) {
      throw new Error('the CRL is not the issuer’s or lists the certificate');
    }
    return answer.body;
  }
}

/** Each certificate of a chain (leaf first) but a self-signed root, with its issuer, the next one up. */
function pairs(chain: pkijs.Certificate[]): Array<[pkijs.Certificate, pkijs.Certificate]> {
  const found: Array<[pkijs.Certificate, pkijs.Certificate]> = [];
  for (const certificate of chain) {
    if (certificate.subject.isEqual(certificate.issuer)) continue;
    const issuer = chain.find((other) => other !== certificate && other.subject.isEqual(certificate.issuer));
    if (issuer) found.push([certificate, issuer]);
  }
  return found;
}

function accessLocation(certificate: pkijs.Certificate, method: string): string | undefined {
  const info = parsedExtension(certificate, OID.authorityInfoAccess);
  if (!(info instanceof pkijs.InfoAccess)) return undefined;
  const found = info.accessDescriptions.find((description) => description.accessMethod === method);
  return uriOf(found?.accessLocation);
}

/** pkijs parses the extensions it knows into objects; the type says `any`, so it is checked by `instanceof`. */
function parsedExtension(certificate: pkijs.Certificate, extnID: string): unknown {
  const value: unknown = certificate.extensions?.find((extension) => extension.extnID === extnID)?.parsedValue;
  return value;
}

function distributionPoint(certificate: pkijs.Certificate): string | undefined {
  const points = parsedExtension(certificate, OID.crlDistributionPoints);
  if (!(points instanceof pkijs.CRLDistributionPoints)) return undefined;
  for (const point of points.distributionPoints) {
    const names = Array.isArray(point.distributionPoint) ? point.distributionPoint : [];
    const uri = names.map(uriOf).find((value) => value !== undefined);
    if (uri) return uri;
  }
  return undefined;
}

function uriOf(name: pkijs.GeneralName | undefined): string | undefined {
  return name?.type === URI_NAME && typeof name.value === 'string' ? name.value : undefined;
}

function der(certificate: pkijs.Certificate): Buffer {
  return Buffer.from(certificate.toSchema(true).toBER(false));
}

function fingerprint(certificate: pkijs.Certificate): string {
  return createHash('sha256').update(der(certificate)).digest('hex');
}

/** The certificates a timestamp token carries, signer first. */
export function tokenCertificates(token: pkijs.ContentInfo): pkijs.Certificate[] {
  const signed = new pkijs.SignedData({ schema: token.content as asn1js.Sequence });
  return (signed.certificates ?? []).filter((item): item is pkijs.Certificate => item instanceof pkijs.Certificate);
}
