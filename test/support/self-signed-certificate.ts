import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Certificate {
  key: string;
  cert: string;
}

/**
 * A throwaway self-signed certificate (made with the openssl command line, valid a day) for a local HTTPS server; pass
 * `cert` to the client as its trusted CA. No key material lives in the repository.
 */
export function selfSignedCertificate(names: string[], subject = `/CN=${names[0]}`): Certificate {
  const dir = mkdtempSync(join(tmpdir(), 'idflow-cert-'));
  try {
    const subjectAltName = names.map((name) => (/^[\d.]+$/.test(name) ? `IP:${name}` : `DNS:${name}`)).join(',');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
        '-days',
        '1',
        '-subj',
        subject,
        '-addext',
        `subjectAltName=${subjectAltName}`,
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
