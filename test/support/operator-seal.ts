import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface OperatorSeal {
  dir: string;
  p12Path: string;
  password: string;
  caPem: string;
}

/**
 * An operator's seal as a PKCS#12 file made with the openssl command line (OpenSSL 3 defaults: PBES2 with AES): a
 * root CA, a seal certificate it issues, and the file holding the seal key with both certificates. Remove `dir` after.
 */
export function operatorSeal(password: string): OperatorSeal {
  const dir = mkdtempSync(join(tmpdir(), 'idflow-p12-'));
  const file = (name: string) => join(dir, name);
  const openssl = (args: string[]) => execFileSync('openssl', args, { stdio: 'ignore' });
  openssl([
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    file('ca.key'),
    '-out',
    file('ca.pem'),
    '-days',
    '2',
    '-subj',
    '/O=Operator Ltd/CN=Operator Root CA',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  ]);
  openssl(
    ['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', file('seal.key'), '-out', file('seal.csr')].concat([
      '-subj',
      '/O=Operator Ltd/CN=Operator Ltd document seal',
    ]),
  );
  writeFileSync(file('seal.ext'), 'keyUsage=critical,digitalSignature,nonRepudiation\n');
  openssl([
    'x509',
    '-req',
    '-in',
    file('seal.csr'),
    '-CA',
    file('ca.pem'),
    '-CAkey',
    file('ca.key'),
    '-CAcreateserial',
    '-out',
    file('seal.pem'),
    '-days',
    '1',
    '-extfile',
    file('seal.ext'),
  ]);
  openssl([
    'pkcs12',
    '-export',
    '-inkey',
    file('seal.key'),
    '-in',
    file('seal.pem'),
    '-certfile',
    file('ca.pem'),
    '-out',
    file('seal.p12'),
    '-passout',
    `pass:${password}`,
  ]);
  return { dir, p12Path: file('seal.p12'), password, caPem: readFileSync(file('ca.pem'), 'utf8') };
}
