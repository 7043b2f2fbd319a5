import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withPostgres } from './postgres-connection';
import { TEST_SCHEMA_PREFIX } from './test-config';

const STALE_AFTER_MS = 60 * 60 * 1000;

/**
 * The build, made when the sources changed since the last one (as `npm start` does): suites start the compiled server
 * and CLI as processes, what the image runs, and the server serves the holder app from dist/holder-app.
 */
function buildIfStale(): void {
  const root = join(__dirname, '..', '..');
  execFileSync(process.execPath, [join(root, 'scripts', 'build-if-stale.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
}

/**
 * SoftHSM2 reads SOFTHSM2_CONF when its library is initialized, from the real environment, which a suite cannot change
 * (jest hands it a copy): so it is set here, before the workers start, to a config of the tests' own whose token folder
 * is no system one. Suites make tokens there under labels of their own and delete them (test/support/softhsm-token.ts).
 */
function softHsmConfig(): void {
  const dir = join(tmpdir(), 'idflow-softhsm');
  mkdirSync(join(dir, 'tokens'), { recursive: true });
  const config = join(dir, 'softhsm2.conf');
  writeFileSync(
    config,
    `directories.tokendir = ${join(dir, 'tokens')}\nobjectstore.backend = file\nlog.level = ERROR\n`,
  );
  process.env.SOFTHSM2_CONF = config;
}

/** Builds when stale, then drops per-suite schemas that runs over an hour ago left in the PostgreSQL test database; never a running suite's. */
export default async function globalSetup(): Promise<void> {
  buildIfStale();
  softHsmConfig();
  if (!process.env.DATABASE_URL) return;
  await withPostgres(process.env.DATABASE_URL, async (client) => {
    const { rows } = await client.query<{ nspname: string }>(`SELECT nspname FROM pg_namespace WHERE nspname ~ $1`, [
      `^${TEST_SCHEMA_PREFIX}[0-9]+_[0-9a-f]+$`,
    ]);
    const staleBefore = Date.now() - STALE_AFTER_MS;
    for (const { nspname } of rows) {
      const createdAt = Number(nspname.slice(TEST_SCHEMA_PREFIX.length).split('_')[0]);
      if (createdAt < staleBefore) await client.query(`DROP SCHEMA "${nspname}" CASCADE`);
    }
  });
}
