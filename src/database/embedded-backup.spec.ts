import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../config/load-config';
import { KeyringSource } from '../key-encryption/keyring-source';
import { EmbeddedBackup } from './embedded-backup';

const backupOf = (env: Record<string, string>) => {
  const config = loadConfig(env);
  return new EmbeddedBackup(config, KeyringSource.of(config));
};

describe('EmbeddedBackup', () => {
  it('refuses a PostgreSQL deployment, pointing at pg_dump', async () => {
    const backup = backupOf({ DATABASE_URL: 'postgres://db/idflow', KEY_ENCRYPTION_KEY: 'x' });
    await expect(backup.write(join(tmpdir(), 'never-written'))).rejects.toThrow(/with PostgreSQL use pg_dump/);
  });

  it('refuses a data directory with no database, and writes nothing', async () => {
    const backups = mkdtempSync(join(tmpdir(), 'idflow-backups-'));
    const backup = backupOf({ DATA_DIR: mkdtempSync(join(tmpdir(), 'idflow-empty-')) });
    await expect(backup.write(join(backups, 'backup'))).rejects.toThrow(/There is no database at .+idflow\.sqlite/);
    expect(readdirSync(backups)).toEqual([]);
  });

  it('leaves nothing behind when the copy fails halfway', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'idflow-broken-'));
    writeFileSync(join(dataDir, 'idflow.sqlite'), 'not a database');
    const backups = mkdtempSync(join(tmpdir(), 'idflow-backups-'));
    await expect(backupOf({ DATA_DIR: dataDir }).write(join(backups, 'backup'))).rejects.toThrow();
    expect(readdirSync(backups)).toEqual([]);
  });
});
