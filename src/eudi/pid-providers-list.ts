import type { LoTEDocument } from '@owf/eudi-lote';
import { X509Certificate } from '@peculiar/x509';
import { compactVerify, decodeProtectedHeader } from 'jose';
import { publicKeyOf } from './signing-certificate';

/** The service type of a PID provider's issuing service in the EU PID providers list (ETSI TS 119 602, annex). */
const PID_ISSUANCE = 'http://uri.etsi.org/19602/SvcType/PID/Issuance';
const LIST_TYPE = 'trustlist+jwt';
const SIGNATURE_ALGORITHMS = ['ES256', 'ES384', 'ES512', 'RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512'];

/** What an EU PID providers list gives: the PID providers' certificates, and when it was issued and is next updated. */
export interface PidProvidersList {
  certificates: X509Certificate[];
  issuedAt: Date;
  nextUpdate: Date;
}

/** A compact JWS: a list of trusted entities in its JSON form, signed, rather than a PEM bundle. */
export function isCompactJws(text: string): boolean {
  return /^[\w-]+\.[\w-]+\.[\w-]+$/.test(text.trim());
}

/**
 * The PID providers' certificates of an EU PID providers list (a List of Trusted Entities, ETSI TS 119 602, in its
 * JWS form): the list's signature checked against the scheme operator's certificates the operator configured, the
 * list checked against the profile of the EU PID providers list by the OpenWallet Foundation's LoTE library, refused
 * once its NextUpdate has passed, and the certificates of every PID issuance service taken as trust anchors. `source`
 * names the setting in the errors, which stop the start.
 */
export async function pidProvidersOf(
  jws: string,
  signers: readonly X509Certificate[],
  source: string,
  now = new Date(),
): Promise<PidProvidersList> {
  const fail = (why: string) => new Error(`${source}: ${why}`);
  let typ: unknown;
  try {
    typ = decodeProtectedHeader(jws).typ;
  } catch {
    throw fail('not a JWS');
  }
  if (typ !== LIST_TYPE) throw fail(`not a list of trusted entities (typ ${String(typ)}, not ${LIST_TYPE})`);
  const current = signers.filter((signer) => signer.notBefore <= now && signer.notAfter >= now);
  const payload = await firstVerified(jws, current);
  if (!payload) throw fail("its signature is not by a current certificate of the list's signer");
  let list: unknown;
  try {
    list = JSON.parse(new TextDecoder().decode(payload));
  } catch {
    throw fail('its payload is not JSON');
  }
  // Loaded where a list is read, not at every start: its schemas take 0.1 s to build (94 ms after zod is loaded).
  const { LoTEProfile, validateLoTEProfile } = await import('@owf/eudi-lote');
  const checked = validateLoTEProfile(list, LoTEProfile.EUPIDProvidersList);
  if (!checked.valid) {
    const issues = checked.errors.map((error) => `${error.path}: ${error.message}`).join('; ');
    throw fail(`not an EU PID providers list: ${issues}`);
  }
  const { LoTE } = list as LoTEDocument;
  const nextUpdate = new Date(LoTE.ListAndSchemeInformation.NextUpdate);
  if (nextUpdate < now) throw fail(`the list is out of date (NextUpdate ${nextUpdate.toISOString()})`);
  const certificates = (LoTE.TrustedEntitiesList ?? [])
    .flatMap((entity) => entity.TrustedEntityServices)
    .filter((entityService) => entityService.ServiceInformation.ServiceTypeIdentifier === PID_ISSUANCE)
    .flatMap((entityService) => entityService.ServiceInformation.ServiceDigitalIdentity.X509Certificates ?? [])
    .map((reference) => new X509Certificate(Buffer.from(reference.val, 'base64')));
  if (certificates.length === 0) throw fail('the list names no PID issuance service with a certificate');
  return { certificates, issuedAt: new Date(LoTE.ListAndSchemeInformation.ListIssueDateTime), nextUpdate };
}

async function firstVerified(jws: string, signers: readonly X509Certificate[]): Promise<Uint8Array | undefined> {
  for (const signer of signers) {
    try {
      return (await compactVerify(jws, publicKeyOf(signer), { algorithms: SIGNATURE_ALGORITHMS })).payload;
    } catch {
      continue;
    }
  }
  return undefined;
}
