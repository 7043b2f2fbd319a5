import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pkcs11Token } from '../../src/common/pkcs11/pkcs11-token';
import { parsePkcs11Uri } from '../../src/common/pkcs11/pkcs11-uri';

/** Where Debian's softhsm2 puts its PKCS#11 module. */
const MODULE = ['/usr/lib/softhsm/libsofthsm2.so', '/usr/lib/x86_64-linux-gnu/softhsm/libsofthsm2.so'].find(existsSync);
const available = MODULE !== undefined && spawnSync('softhsm2-util', ['--version']).status === 0;
if (!available && process.env.CI === 'true') {
  throw new Error('CI=true but SoftHSM2 is missing (apt-get install softhsm2): the HSM suites must not skip');
}

/**
 * HSM suites run against SoftHSM2. A machine without it skips them with a notice, so `npm test` passes on a fresh
 * machine; `.ci/run` installs it, and with CI=true the suites refuse to skip.
 */
export const describeWithSoftHsm: jest.Describe = available ? describe : describe.skip;
if (!available) console.warn('HSM suites skipped: no SoftHSM2 (apt-get install softhsm2)');

/**
 * SoftHSM2 tokens for a suite, in the token folder of the tests' own SoftHSM2 config (SOFTHSM2_CONF, which the global
 * setup sets for every worker), each under a label of its own so that suites running at once never meet; `remove`
 * deletes them.
 */
export class SoftHsm {
  private readonly labels: string[] = [];
  private readonly suffix = randomBytes(4).toString('hex');

  /** A folder of the suite's own, for files such as a pin-source. */
  readonly dir = mkdtempSync(join(tmpdir(), 'idflow-hsm-suite-'));

  /** Initializes a token with this user PIN, and answers its label: `name` and the suite's suffix. */
  initToken(name: string, pin: string): string {
    const label = `${name}-${this.suffix}`;
    const made = spawnSync(
      'softhsm2-util',
      ['--init-token', '--free', '--label', label, '--so-pin', `so-${pin}`, '--pin', pin],
      {
        encoding: 'utf8',
      },
    );
    if (made.status !== 0) throw new Error(`softhsm2-util --init-token: ${made.stderr}`);
    this.labels.push(label);
    return label;
  }

  /** A pkcs11: URI of a token (and optionally more path attributes), with the module path. */
  uri(path: string, query = ''): string {
    return `pkcs11:${path}?module-path=${MODULE}${query}`;
  }

  /** Runs `use` with a session of the token the URI names, logged in with `pin`, then closes it. */
  async withToken<T>(uri: string, pin: string, use: (token: Pkcs11Token) => Promise<T> | T): Promise<T> {
    const token = await Pkcs11Token.open(parsePkcs11Uri(uri), pin);
    try {
      return await use(token);
    } finally {
      token.close();
    }
  }

  remove(): void {
    for (const label of this.labels) spawnSync('softhsm2-util', ['--delete-token', '--token', label]);
    rmSync(this.dir, { recursive: true, force: true });
  }
}
