import * as pkijs from 'pkijs';

/** PEM armour around DER, 64 characters a line (RFC 7468). */
export function toPem(label: string, der: ArrayBuffer | Uint8Array): string {
  const lines = Buffer.from(der instanceof Uint8Array ? der : new Uint8Array(der))
    .toString('base64')
    .match(/.{1,64}/g);
  return `-----BEGIN ${label}-----\n${(lines ?? []).join('\n')}\n-----END ${label}-----\n`;
}

/** Every PEM block with this label, as DER. */
export function fromPem(label: string, pem: string): Buffer[] {
  const pattern = new RegExp(`-----BEGIN ${label}-----([A-Za-z0-9+/=\\s]+?)-----END ${label}-----`, 'g');
  return [...pem.matchAll(pattern)].map((match) => Buffer.from(match[1].replace(/\s+/g, ''), 'base64'));
}

export const certificateToPem = (certificate: pkijs.Certificate): string =>
  toPem('CERTIFICATE', certificate.toSchema(true).toBER(false));

export const certificatesFromPem = (pem: string): pkijs.Certificate[] =>
  fromPem('CERTIFICATE', pem).map((der) => pkijs.Certificate.fromBER(der));
