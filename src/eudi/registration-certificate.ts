import { X509Certificate } from '@peculiar/x509';
import { compactVerify, decodeJwt, decodeProtectedHeader } from 'jose';
import { isCompactJws } from './pid-providers-list';
import { publicKeyOf } from './signing-certificate';

/** The JOSE `typ` of a wallet-relying party registration certificate in JWT form (ETSI TS 119 475). */
const REGISTRATION_CERT_TYPE = 'rc-wrp+jwt';
/** organizationIdentifier: how an access certificate (ETSI TS 119 411-8) names its relying party. */
const ORGANIZATION_IDENTIFIER = '2.5.4.97';
const SIGNATURE_ALGORITHMS = ['ES256', 'ES384', 'ES512', 'PS256', 'PS384', 'PS512'];

interface RegistrationPayload {
  sub?: string | { id?: Array<{ identifier?: unknown }> };
  exp?: number;
}

/**
 * Checks the operator's registration certificate against the access certificate request objects are signed with: a
 * `rc-wrp+jwt` JWT whose signature holds by the leaf of its own `x5c`, not expired, whose `sub` names the relying
 * party the access certificate names in its organizationIdentifier. A wallet pairs the two; a registration
 * certificate of another relying party beside our access certificate would be refused by every wallet, or worse,
 * claim another's registration. Whether the registrar is one wallets trust is theirs to check. `source` names the
 * setting in the errors, which stop the start.
 */
export async function checkRegistrationCertificate(
  jwt: string,
  accessCertificate: X509Certificate,
  source: string,
  now = new Date(),
): Promise<void> {
  const fail = (why: string) => new Error(`${source}: ${why}`);
  if (!isCompactJws(jwt)) throw fail('not a registration certificate in JWT form (a compact JWS)');
  const header = decodeProtectedHeader(jwt);
  if (header.typ !== REGISTRATION_CERT_TYPE) {
    throw fail(`its typ is ${String(header.typ)}, not ${REGISTRATION_CERT_TYPE} (ETSI TS 119 475)`);
  }
  const x5c = header.x5c;
  if (!Array.isArray(x5c) || x5c.length === 0) throw fail("it has no x5c: its registrar's certificate is missing");
  const signer = new X509Certificate(Buffer.from(x5c[0], 'base64'));
  try {
    await compactVerify(jwt, publicKeyOf(signer), { algorithms: SIGNATURE_ALGORITHMS });
  } catch {
    throw fail('its signature does not hold by the certificate in its x5c');
  }
  const payload = decodeJwt(jwt) as RegistrationPayload;
  if (typeof payload.exp === 'number' && payload.exp * 1000 <= now.getTime()) throw fail('it has expired (exp)');
  const registered = relyingPartyIdsOf(payload.sub);
  const accessIds = accessCertificate.subjectName.getField(ORGANIZATION_IDENTIFIER);
  if (accessIds.length === 0) {
    throw fail(
      `the verifier certificate (${accessCertificate.subject}) names no organizationIdentifier, so it cannot be ` +
        'matched with the registration certificate',
    );
  }
  if (!registered.some((id) => accessIds.includes(id))) {
    throw fail(
      `it registers ${registered.join(', ') || 'no relying party'}, but the verifier certificate is of ` +
        `${accessIds.join(', ')}: both must name the same relying party`,
    );
  }
}

/** The relying party's identifiers in a registration certificate's `sub`: one string, or `sub.id[].identifier`. */
function relyingPartyIdsOf(sub: RegistrationPayload['sub']): string[] {
  if (typeof sub === 'string') return [sub];
  return (sub?.id ?? []).map((id) => id.identifier).filter((id): id is string => typeof id === 'string');
}
