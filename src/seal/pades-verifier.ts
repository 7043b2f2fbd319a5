import { createHash } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import type { LaterUpdate, UpdatesAfterSignatures } from './later-updates';
import type { PadesLevel, PadesReport, PdfSignatureReport, TimestampReport, ValidationTimeBasis } from './pades-report';
import { type CertificateStatus, UNKNOWN_STATUS } from './certificate-status';
import { sealCrypto } from './pkijs-engine';
import type { SealCheck } from './seal-check';
import { OID } from './seal-oids';
import { type SignatureRange, contentsHex, isWellFormed, signatureRanges } from './signature-ranges';
import { signedTstInfo } from './timestamp-authority.client';

const CLAIMED_TIME = /\/M\s*\(D:(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(Z|[+-]\d{2}'?\d{2}'?)?/;
/** How far around its /ByteRange and /Contents the signature dictionary's other keys are looked for. */
const DICTIONARY_WINDOW = 2048;

export interface VerificationContext {
  /** The time to validate at when nothing older is relied on: now, unless a test travels. */
  now?: Date;
  /**
   * A signing certificate's revocation status now (the seal's, a signee's): a signature is trusted only at a time
   * before its certificate's revocation.
   */
  certificateStatus?: (certificate: pkijs.Certificate) => Promise<CertificateStatus>;
  /** What the signatures before the seal (signees' own) chain up to; the seal's trust anchors when absent. */
  signerTrustAnchors?: pkijs.Certificate[];
}

/** One /ByteRange of the file, its CMS read when it could be, and what was added after it. */
interface FoundSignature {
  range: SignatureRange;
  /** The signature dictionary's text around its /ByteRange and /Contents. */
  dictionary: string;
  /** The byte ranges cover everything but /Contents, and /Contents holds nothing past the CMS but zero padding. */
  wellFormed: boolean;
  /** The updates after it, when each adds validation data or a document timestamp only. */
  later?: LaterUpdate[];
  signed?: pkijs.SignedData;
  /** A document timestamp: the CMS is an RFC 3161 token rather than a signature. */
  isTimestamp: boolean;
}

/**
 * Checks a PDF's PAdES signatures as a validator would. The seal (the last signature that is not a document
 * timestamp): its byte ranges cover the whole file but the signature, or are followed only by validation data and
 * document timestamps; the CMS message digest equals the SHA-256 over those ranges; the signature verifies with the
 * signer's certificate, and that certificate chains up to one of the trust anchors, now or, once it has expired, at
 * the time a timestamp in the file proves the seal existed (at B-LT and above). Every timestamp is checked against
 * what it covers, and the level the whole file reaches is worked out. What was added after each signature, which
 * takes parsing the file's revisions, comes worked out (`updatesAfterSignatures`, on a PDF reading thread).
 */
export async function verifyPades(
  pdf: Buffer,
  trustAnchors: pkijs.Certificate[],
  updates: UpdatesAfterSignatures,
  { now = new Date(), certificateStatus = unknownStatus, signerTrustAnchors = trustAnchors }: VerificationContext = {},
): Promise<PadesReport> {
  const found = signatureRanges(pdf).map((range) => readSignature(pdf, range, updates));
  const sealFound = found.filter((signature) => !signature.isTimestamp).pop();
  const nowIso = isoSeconds(now);
  if (!sealFound) {
    return {
      seal: { present: false, valid: false, trusted: false, problem: 'The file carries no PDF signature.' },
      signatures: [],
      timestamps: await Promise.all(found.map((signature) => documentTimestamp(pdf, signature))),
      validatedAtIso: nowIso,
      validationTimeBasis: 'current-time',
    };
  }
  const documentTimestamps = await Promise.all(
    found
      .filter((signature) => signature.isTimestamp)
      .map(async (signature) => ({ signature, report: await documentTimestamp(pdf, signature) })),
  );
  const checked = await checkSeal(pdf, sealFound);
  const level = checked.check.valid ? documentLevel(checked.check.level!, sealFound, documentTimestamps) : undefined;
  const sealStatus = checked.certificate ? await certificateStatus(checked.certificate) : UNKNOWN_STATUS;
  const revoked = revokedAtOf(sealStatus);
  const when = checked.certificate
    ? await validationTime(checked.certificate, checked.intermediates, trustAnchors, now, revoked, level, {
        document: documentTimestamps
          .map(({ report }) => report)
          .filter((report) => report.valid && report.coversWholeFile),
        signature: checked.signatureTimestamp,
      })
    : undefined;
  const trusted = checked.check.valid && when !== undefined;
  const seal: SealCheck = {
    ...checked.check,
    trusted,
    ...(checked.check.valid && !trusted ? { problem: untrustedProblem(level, revoked) } : {}),
  };
  const timestamps = {
    document: documentTimestamps.map(({ report }) => report).filter((report) => report.valid && report.coversWholeFile),
  };
  const signatures = await Promise.all(
    found
      .filter((signature) => !signature.isTimestamp)
      .map(async (signature): Promise<PdfSignatureReport> => {
        const coversWholeFile = signature.wellFormed && signature.later !== undefined;
        if (signature === sealFound) {
          const { signer, signedAtIso, valid } = seal;
          return { signer, signedAtIso, valid, trusted: seal.trusted, coversWholeFile, ...statusReport(sealStatus) };
        }
        // A signature before the seal (a signee's own) is over its own revision: later revisions are the next ones.
        const earlier = await checkSeal(pdf, signature, { wholeFile: false });
        const status = earlier.certificate ? await certificateStatus(earlier.certificate) : UNKNOWN_STATUS;
        const trustedAt =
          earlier.check.valid && earlier.certificate
            ? await validationTime(
                earlier.certificate,
                earlier.intermediates,
                signerTrustAnchors,
                now,
                revokedAtOf(status),
                level,
                {
                  ...timestamps,
                  signature: earlier.signatureTimestamp,
                },
              )
            : undefined;
        const { signer, signedAtIso, valid } = earlier.check;
        return {
          signer,
          signedAtIso,
          valid,
          trusted: trustedAt !== undefined,
          coversWholeFile,
          ...statusReport(status),
          ...(trustedAt ? { validatedAtIso: trustedAt.atIso } : {}),
        };
      }),
  );
  return {
    seal,
    signatures,
    timestamps: [
      ...(checked.signatureTimestamp ? [checked.signatureTimestamp] : []),
      ...documentTimestamps.map(({ report }) => report),
    ],
    ...(level ? { level } : {}),
    validatedAtIso: when?.atIso ?? nowIso,
    validationTimeBasis: when?.basis ?? 'current-time',
  };
}

const unknownStatus = (): Promise<CertificateStatus> => Promise.resolve(UNKNOWN_STATUS);

function revokedAtOf(status: CertificateStatus): Date | undefined {
  return status.status === 'revoked' ? status.revokedAt : undefined;
}

/** A certificate's status as a signature's report says it: the status, and when it was revoked, if it was. */
function statusReport(status: CertificateStatus): Pick<PdfSignatureReport, 'certificateStatus' | 'revokedAtIso'> {
  return status.status === 'revoked'
    ? { certificateStatus: 'revoked', revokedAtIso: isoSeconds(status.revokedAt) }
    : { certificateStatus: status.status };
}

function readSignature(pdf: Buffer, range: SignatureRange, updates: UpdatesAfterSignatures): FoundSignature {
  const latin = pdf.toString('latin1', Math.max(0, range.at - DICTIONARY_WINDOW), range.at);
  const dictionary =
    latin + pdf.toString('latin1', range.secondStart, Math.min(pdf.length, range.secondStart + DICTIONARY_WINDOW));
  const wellFormed = isWellFormed(pdf, range);
  const later = (wellFormed && updates[range.signedEnd]) || undefined;
  let signed: pkijs.SignedData | undefined;
  if (wellFormed) {
    try {
      const hex = contentsHex(pdf, range);
      const parsed = asn1js.fromBER(Buffer.from(hex, 'hex'));
      // The bytes reserved for the signature are not covered by it: past the CMS they must be the zero padding, or
      // anyone could change them unseen.
      if (parsed.offset < 0 || !/^0*$/.test(hex.slice(parsed.offset * 2))) throw new Error('data beyond the CMS');
      signed = new pkijs.SignedData({ schema: new pkijs.ContentInfo({ schema: parsed.result }).content });
    } catch {
      signed = undefined;
    }
  }
  const isTimestamp = signed?.encapContentInfo.eContentType === OID.tstInfo;
  return { range, dictionary, wellFormed, later, signed, isTimestamp };
}

interface CheckedSeal {
  check: SealCheck;
  certificate?: pkijs.Certificate;
  intermediates: pkijs.Certificate[];
  signatureTimestamp?: TimestampReport;
}

/**
 * A signature's own checks, all but trust, which depends on the validation time. The seal must cover the whole file
 * (`wholeFile`); a signature before it covers its own revision, the file as it was when it was made.
 */
async function checkSeal(pdf: Buffer, found: FoundSignature, { wholeFile = true } = {}): Promise<CheckedSeal> {
  const { range, signed } = found;
  const coversWholeFile = found.wellFormed && found.later !== undefined;
  const signedAtIso = claimedTime(found.dictionary);
  const refused = (problem: string): CheckedSeal => ({
    check: { present: true, valid: false, trusted: false, coversWholeFile, signedAtIso, problem },
    intermediates: [],
  });
  if (wholeFile && !coversWholeFile) {
    return refused('The signature does not cover the whole file: something was added or removed after it was made.');
  }
  if (!signed) return refused('The signature cannot be read, or its field holds data beyond the signature.');
  const signerInfo = signed.signerInfos[0];
  const certificates = certificatesOf(signed);
  const certificate = certificates.find((candidate) => isSigner(candidate, signerInfo));
  const signedBytes = signedBytesOf(pdf, range);
  const digest = createHash('sha256').update(signedBytes).digest();
  const messageDigest = attributeValue(signerInfo.signedAttrs, OID.messageDigest) as asn1js.OctetString | undefined;
  const digestMatches =
    messageDigest !== undefined && Buffer.from(messageDigest.valueBlock.valueHexView).equals(digest);
  const signatureValid = digestMatches && certificate !== undefined && (await signatureVerifies(signed, signedBytes));
  const token = attributeValue(signerInfo.unsignedAttrs, OID.signatureTimeStampToken);
  const signatureTimestamp = token
    ? await signatureTimestampReport(token, signerInfo.signature.valueBlock.valueHexView)
    : undefined;
  const timestampedAtIso = signatureTimestamp?.valid ? signatureTimestamp.timeIso : undefined;
  const withDss = found.later?.some((update) => update.kind === 'dss') ?? false;
  const base = {
    present: true,
    coversWholeFile,
    digestMatches,
    signatureValid,
    level: sealLevel(timestampedAtIso !== undefined, withDss),
    signer: certificate ? commonName(certificate) : undefined,
    signedAtIso,
    timestampedAtIso,
  };
  const intermediates = certificates.filter((other) => other !== certificate);
  if (!signatureValid) {
    const problem = digestMatches
      ? 'The signature does not verify with its certificate.'
      : 'The signed bytes have changed since the file was sealed: their digest is not the one signed.';
    return { check: { ...base, valid: false, trusted: false, problem }, intermediates, signatureTimestamp };
  }
  return { check: { ...base, valid: true, trusted: false }, certificate, intermediates, signatureTimestamp };
}

/** B-LT needs the timestamp of B-T under the validation data: a DSS over a B-B seal adds no level. */
function sealLevel(timestamped: boolean, withDss: boolean): NonNullable<SealCheck['level']> {
  if (!timestamped) return 'B-B';
  return withDss ? 'B-LT' : 'B-T';
}

/** B-LTA: a B-LT seal whose validation data a valid document timestamp covers, and nothing but more of both after. */
function documentLevel(
  sealLevelReached: NonNullable<SealCheck['level']>,
  seal: FoundSignature,
  documentTimestamps: Array<{ signature: FoundSignature; report: TimestampReport }>,
): PadesLevel {
  if (sealLevelReached !== 'B-LT') return sealLevelReached;
  const firstDss = seal.later?.find((update) => update.kind === 'dss');
  const archived = documentTimestamps.some(
    ({ signature, report }) =>
      report.valid && report.coversWholeFile && firstDss !== undefined && signature.range.signedEnd >= firstDss.end,
  );
  return archived ? 'B-LTA' : 'B-LT';
}

/**
 * The time the seal's chain is valid at: now, or once it is not (it expired, or its certificate was revoked), the time
 * a timestamp proves the seal existed: the earliest document timestamp at B-LTA, the signature timestamp at B-LT (whose
 * validation data the file holds). A time at or after the certificate's revocation is no such time. Undefined when
 * there is none: the seal is then not trusted.
 */
async function validationTime(
  certificate: pkijs.Certificate,
  intermediates: pkijs.Certificate[],
  trustAnchors: pkijs.Certificate[],
  now: Date,
  revoked: Date | undefined,
  level: PadesLevel | undefined,
  timestamps: { document: TimestampReport[]; signature?: TimestampReport },
): Promise<{ atIso: string; basis: ValidationTimeBasis } | undefined> {
  const candidates: Array<{ atIso: string; basis: ValidationTimeBasis }> = [
    { atIso: isoSeconds(now), basis: 'current-time' },
  ];
  if (level === 'B-LTA') {
    const earliest = timestamps.document.map((report) => report.timeIso!).sort()[0];
    if (earliest) candidates.push({ atIso: earliest, basis: 'document-timestamp' });
  }
  if ((level === 'B-LT' || level === 'B-LTA') && timestamps.signature?.valid) {
    candidates.push({ atIso: timestamps.signature.timeIso!, basis: 'signature-timestamp' });
  }
  for (const candidate of candidates) {
    const at = new Date(candidate.atIso);
    if (revoked && at >= revoked) continue;
    if (await chainsUp(certificate, intermediates, trustAnchors, at)) return candidate;
  }
  return undefined;
}

function untrustedProblem(level: PadesLevel | undefined, revoked: Date | undefined): string {
  if (revoked) {
    return (
      `The signature is sound but its certificate was revoked at ${isoSeconds(revoked)}, and no timestamp with ` +
      'validation data proves the file was sealed before.'
    );
  }
  return level === 'B-B' || level === 'B-T'
    ? "The signature is sound but its certificate does not chain up to this service's seal CA now, and no timestamp " +
        'with validation data proves it did when the file was sealed.'
    : "The signature is sound but its certificate does not chain up to this service's seal CA.";
}

async function documentTimestamp(pdf: Buffer, found: FoundSignature): Promise<TimestampReport> {
  const coversWholeFile = found.wellFormed && found.later !== undefined;
  if (!found.signed) return { type: 'document', valid: false, coversWholeFile };
  return { ...(await timestampReport('document', found.signed, signedBytesOf(pdf, found.range))), coversWholeFile };
}

async function signatureTimestampReport(token: asn1js.BaseBlock, signatureValue: Uint8Array): Promise<TimestampReport> {
  let signed: pkijs.SignedData;
  try {
    signed = new pkijs.SignedData({ schema: new pkijs.ContentInfo({ schema: token }).content });
  } catch {
    return { type: 'signature', valid: false };
  }
  return timestampReport('signature', signed, Buffer.from(signatureValue));
}

/** A timestamp token: whether it is over `covered` and its signature verifies, by whom and when. */
async function timestampReport(
  type: TimestampReport['type'],
  signed: pkijs.SignedData,
  covered: Buffer,
): Promise<TimestampReport> {
  const facts = timestampFacts(signed, createHash('sha256').update(covered).digest());
  return { type, ...facts, valid: facts.valid && (await tokenVerifies(signed, covered)) };
}

/** The authority, the time, and whether the token is over `imprint` (its own signature is checked apart). */
function timestampFacts(signed: pkijs.SignedData, imprint: Buffer): Omit<TimestampReport, 'type'> {
  try {
    const info = signedTstInfo(signed);
    const authority = certificatesOf(signed).find((certificate) => isSigner(certificate, signed.signerInfos[0]));
    const matches = Buffer.from(info.messageImprint.hashedMessage.valueBlock.valueHexView).equals(imprint);
    return {
      authority: authority ? commonName(authority) : undefined,
      timeIso: isoSeconds(info.genTime),
      valid: matches,
    };
  } catch {
    return { valid: false };
  }
}

/** pkijs also checks the token's imprint against `covered`, which it needs for that. */
async function tokenVerifies(signed: pkijs.SignedData, covered: Buffer): Promise<boolean> {
  try {
    // Parsed from BER, the TSTInfo's OCTET STRING holds its content as parsed blocks, in which pkijs's verify finds
    // no bytes; given as plain bytes again, it reads them.
    const content = signed.encapContentInfo.eContent;
    if (content) signed.encapContentInfo.eContent = new asn1js.OctetString({ valueHex: content.getValue() });
    return await signed.verify({ signer: 0, data: new Uint8Array(covered).buffer, checkChain: false }, sealCrypto);
  } catch {
    return false;
  }
}

async function signatureVerifies(signed: pkijs.SignedData, data: Buffer): Promise<boolean> {
  try {
    return await signed.verify({ signer: 0, data: new Uint8Array(data).buffer, checkChain: false }, sealCrypto);
  } catch {
    return false;
  }
}

async function chainsUp(
  certificate: pkijs.Certificate,
  intermediates: pkijs.Certificate[],
  trustAnchors: pkijs.Certificate[],
  checkDate: Date,
): Promise<boolean> {
  if (trustAnchors.length === 0) return false;
  const engine = new pkijs.CertificateChainValidationEngine({
    certs: [...intermediates, certificate],
    trustedCerts: trustAnchors,
    checkDate,
  });
  try {
    return (await engine.verify({}, sealCrypto)).result;
  } catch {
    return false;
  }
}

function signedBytesOf(pdf: Buffer, range: SignatureRange): Buffer {
  return Buffer.concat([pdf.subarray(0, range.firstLength), pdf.subarray(range.secondStart, range.signedEnd)]);
}

function certificatesOf(signed: pkijs.SignedData): pkijs.Certificate[] {
  return (signed.certificates ?? []).filter((item): item is pkijs.Certificate => item instanceof pkijs.Certificate);
}

function isSigner(certificate: pkijs.Certificate, signerInfo: pkijs.SignerInfo): boolean {
  const sid = signerInfo.sid as unknown;
  return (
    sid instanceof pkijs.IssuerAndSerialNumber &&
    certificate.issuer.isEqual(sid.issuer) &&
    certificate.serialNumber.isEqual(sid.serialNumber)
  );
}

function attributeValue(
  attributes: pkijs.SignedAndUnsignedAttributes | undefined,
  type: string,
): asn1js.BaseBlock | undefined {
  const values: unknown[] | undefined = attributes?.attributes.find((attribute) => attribute.type === type)?.values;
  return values?.[0] instanceof asn1js.BaseBlock ? values[0] : undefined;
}

function commonName(certificate: pkijs.Certificate): string | undefined {
  const value: unknown = certificate.subject.typesAndValues.find((entry) => entry.type === OID.commonName)?.value
    .valueBlock.value;
  return typeof value === 'string' ? value : undefined;
}

function claimedTime(dictionary: string): string | undefined {
  const found = [...dictionary.matchAll(new RegExp(CLAIMED_TIME, 'g'))].pop();
  if (!found) return undefined;
  const [, year, month, day, hour, minute, second, zone] = found;
  const offset = !zone || zone === 'Z' ? 'Z' : `${zone.slice(0, 3)}:${zone.replace(/'/g, '').slice(3, 5)}`;
  const date = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}${offset}`);
  return Number.isNaN(date.getTime()) ? undefined : isoSeconds(date);
}

const isoSeconds = (date: Date): string => date.toISOString().replace(/\.\d{3}Z$/, 'Z');
