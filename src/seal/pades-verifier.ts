import { createHash } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { sealCrypto } from './pkijs-engine';
import type { SealCheck } from './seal-check';
import { OID } from './seal-oids';
import { isDssOnlyUpdate } from './dss-update';
import { tstInfoOf } from './timestamp-authority.client';

const BYTE_RANGE = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g;
const CLAIMED_TIME = /\/M\s*\(D:(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(Z|[+-]\d{2}'?\d{2}'?)?/;
/** How far around its /ByteRange and /Contents the signature dictionary's other keys are looked for. */
const DICTIONARY_WINDOW = 2048;

/**
 * Checks the last PAdES signature of a PDF as a validator would: the byte ranges cover everything but the signature
 * itself, the CMS message digest equals the SHA-256 over those ranges, the signature verifies with the signer's
 * certificate, and that certificate chains up to one of the trust anchors.
 */
export async function verifyPades(pdf: Buffer, trustAnchors: pkijs.Certificate[]): Promise<SealCheck> {
  const latin = pdf.toString('latin1');
  const ranges = [...latin.matchAll(BYTE_RANGE)];
  const last = ranges[ranges.length - 1];
  if (!last) return { present: false, valid: false, trusted: false, problem: 'The file carries no PDF signature.' };
  const [start, firstLength, secondStart, secondLength] = last.slice(1, 5).map(Number);
  const signedEnd = secondStart + secondLength;
  const wellFormed =
    start === 0 &&
    firstLength < secondStart &&
    signedEnd <= pdf.length &&
    pdf[firstLength] === 0x3c && // '<'
    pdf[secondStart - 1] === 0x3e; // '>'
  // B-LT: a later incremental update may add validation data (/DSS) and nothing else.
  const withDss = wellFormed && signedEnd < pdf.length && (await isDssOnlyUpdate(pdf, signedEnd));
  const coversWholeFile = wellFormed && (signedEnd === pdf.length || withDss);
  // The signature dictionary's other keys sit around its /ByteRange and /Contents, on either side.
  const dictionary =
    latin.slice(Math.max(0, (last.index ?? 0) - DICTIONARY_WINDOW), last.index) +
    latin.slice(secondStart, secondStart + DICTIONARY_WINDOW);
  const signedAtIso = claimedTime(dictionary);
  const refused = (problem: string): SealCheck => ({
    present: true,
    valid: false,
    trusted: false,
    coversWholeFile,
    signedAtIso,
    problem,
  });
  if (!coversWholeFile) {
    return refused('The signature does not cover the whole file: something was added or removed after it was made.');
  }

  let signed: pkijs.SignedData;
  try {
    const hex = latin.slice(firstLength + 1, secondStart - 1);
    const parsed = asn1js.fromBER(Buffer.from(hex, 'hex'));
    // The bytes reserved for the signature are not covered by it: past the CMS they must be the zero padding, or
    // anyone could change them unseen.
    if (parsed.offset < 0 || !/^0*$/.test(hex.slice(parsed.offset * 2))) throw new Error('data beyond the signature');
    signed = new pkijs.SignedData({ schema: new pkijs.ContentInfo({ schema: parsed.result }).content });
  } catch {
    return refused('The signature cannot be read, or its field holds data beyond the signature.');
  }
  const signerInfo = signed.signerInfos[0];
  const certificates = (signed.certificates ?? []).filter(
    (item): item is pkijs.Certificate => item instanceof pkijs.Certificate,
  );
  const signerCertificate = certificates.find((certificate) => isSigner(certificate, signerInfo));
  const signedBytes = Buffer.concat([
    pdf.subarray(0, firstLength),
    pdf.subarray(secondStart, secondStart + secondLength),
  ]);
  const digest = createHash('sha256').update(signedBytes).digest();
  const messageDigest = signedAttribute(signerInfo, OID.messageDigest) as asn1js.OctetString | undefined;
  const digestMatches =
    messageDigest !== undefined && Buffer.from(messageDigest.valueBlock.valueHexView).equals(digest);
  const signatureValid =
    digestMatches && signerCertificate !== undefined && (await signatureVerifies(signed, signedBytes));
  const token = unsignedAttribute(signerInfo, OID.signatureTimeStampToken);
  const timestampedAtIso = token ? timestampTime(token, signerInfo.signature.valueBlock.valueHexView) : undefined;
  const base = {
    present: true,
    coversWholeFile,
    digestMatches,
    signatureValid,
    level: levelOf(timestampedAtIso !== undefined, withDss),
    signer: signerCertificate ? commonName(signerCertificate) : undefined,
    signedAtIso,
    timestampedAtIso,
  };
  if (!signatureValid) {
    const problem = digestMatches
      ? 'The signature does not verify with its certificate.'
      : 'The signed bytes have changed since the file was sealed: their digest is not the one signed.';
    return { ...base, valid: false, trusted: false, problem };
  }
  const trusted = signerCertificate !== undefined && (await chainsUp(signerCertificate, certificates, trustAnchors));
  return {
    ...base,
    valid: true,
    trusted,
    ...(trusted
      ? {}
      : { problem: "The signature is sound but its certificate does not chain up to this service's seal CA." }),
  };
}

/** B-LT needs the timestamp of B-T under the validation data: a DSS over a B-B seal adds no level. */
function levelOf(timestamped: boolean, withDss: boolean): NonNullable<SealCheck['level']> {
  if (!timestamped) return 'B-B';
  return withDss ? 'B-LT' : 'B-T';
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
): Promise<boolean> {
  if (trustAnchors.length === 0) return false;
  const engine = new pkijs.CertificateChainValidationEngine({
    certs: [...intermediates.filter((other) => other !== certificate), certificate],
    trustedCerts: trustAnchors,
  });
  try {
    return (await engine.verify({}, sealCrypto)).result;
  } catch {
    return false;
  }
}

function isSigner(certificate: pkijs.Certificate, signerInfo: pkijs.SignerInfo): boolean {
  const sid = signerInfo.sid as unknown;
  return (
    sid instanceof pkijs.IssuerAndSerialNumber &&
    certificate.issuer.isEqual(sid.issuer) &&
    certificate.serialNumber.isEqual(sid.serialNumber)
  );
}

function signedAttribute(signerInfo: pkijs.SignerInfo, type: string): asn1js.BaseBlock | undefined {
  return attributeValue(signerInfo.signedAttrs, type);
}

function unsignedAttribute(signerInfo: pkijs.SignerInfo, type: string): asn1js.BaseBlock | undefined {
  return attributeValue(signerInfo.unsignedAttrs, type);
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

/** The time a signature timestamp vouches for, if the token is over this signature's value; else undefined. */
function timestampTime(token: asn1js.BaseBlock, signatureValue: Uint8Array): string | undefined {
  try {
    const info = tstInfoOf(new pkijs.ContentInfo({ schema: token }));
    const imprint = createHash('sha256').update(signatureValue).digest();
    const matches = Buffer.from(info.messageImprint.hashedMessage.valueBlock.valueHexView).equals(imprint);
    return matches ? isoSeconds(info.genTime) : undefined;
  } catch {
    return undefined;
  }
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
