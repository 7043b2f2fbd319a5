import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as x509 from '@peculiar/x509';
import { CompactSign, compactVerify, decodeJwt, decodeProtectedHeader, importPKCS8, importX509 } from 'jose';
import { selfSignedCertificate } from './self-signed-certificate';

/** organizationIdentifier, which names the relying party in its access certificate (ETSI TS 119 411-8). */
const ORGANIZATION_IDENTIFIER = '2.5.4.97';

/**
 * A relying party's access certificate naming it by organizationIdentifier, as a registrar's access CA issues one
 * (self-signed here): its PEM certificate and PKCS#8 key, written in `dir`.
 */
export function accessCertificate(dir: string, relyingParty: string): { certPath: string; keyPath: string } {
  const { key, cert } = selfSignedCertificate(
    ['verifier.test'],
    `/CN=Acme verifier/O=Acme/organizationIdentifier=${relyingParty}`,
  );
  const certPath = join(dir, `access-${relyingParty}.pem`);
  const keyPath = join(dir, `access-${relyingParty}.key`);
  writeFileSync(certPath, cert);
  writeFileSync(keyPath, key);
  return { certPath, keyPath };
}

/**
 * A registration certificate (ETSI TS 119 475, `rc-wrp+jwt`) for this relying party, as its registrar would sign one:
 * `sub` names it by the identifier its access certificate carries.
 */
export async function registrationCertificate(relyingParty: string, expiresAt?: number): Promise<string> {
  const registrar = selfSignedCertificate(['registrar.test']);
  const der = new x509.X509Certificate(registrar.cert).rawData;
  const payload = {
    name: 'Acme',
    sub: { legal_name: ['Acme Ltd'], id: [{ type: 'http://data.europa.eu/eudi/id/LEI', identifier: relyingParty }] },
    country: 'FI',
    iat: Math.floor(Date.now() / 1000),
    ...(expiresAt === undefined ? {} : { exp: expiresAt }),
    purpose: [{ lang: 'en-GB', value: 'To open your Acme account' }],
  };
  return new CompactSign(new TextEncoder().encode(JSON.stringify(payload)))
    .setProtectedHeader({ alg: 'ES256', typ: 'rc-wrp+jwt', x5c: [Buffer.from(der).toString('base64')] })
    .sign(await importPKCS8(registrar.key, 'ES256'));
}

/**
 * What a wallet checks of a request object's `verifier_info` (ETSI TS 119 472-2): the registration certificate it
 * carries holds by its registrar's certificate, and names the relying party whose access certificate signed the
 * request. Answers that relying party.
 */
export async function checkedVerifierInfo(requestObject: string): Promise<string> {
  const info = (decodeJwt(requestObject).verifier_info ?? []) as Array<{ format: string; data: string }>;
  const registration = info.find((entry) => entry.format === 'registration_cert');
  if (!registration) throw new Error('the request object carries no registration_cert in verifier_info');
  const header = decodeProtectedHeader(registration.data);
  if (header.typ !== 'rc-wrp+jwt') throw new Error(`registration certificate typ ${String(header.typ)}`);
  const registrar = new x509.X509Certificate(Buffer.from((header.x5c as string[])[0], 'base64'));
  await compactVerify(registration.data, await importX509(registrar.toString('pem'), 'ES256'));
  const { sub } = decodeJwt(registration.data) as { sub: { id: Array<{ identifier: string }> } };
  const signer = new x509.X509Certificate(
    Buffer.from((decodeProtectedHeader(requestObject).x5c as string[])[0], 'base64'),
  );
  const [accessId] = signer.subjectName.getField(ORGANIZATION_IDENTIFIER);
  if (!sub.id.some((id) => id.identifier === accessId)) {
    throw new Error(`the registration certificate is not of ${accessId}, whose access certificate signed the request`);
  }
  return accessId;
}
