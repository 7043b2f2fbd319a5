import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KEY_FILE_NAME, KeyringSource } from './keyring-source';

describe('KeyringSource', () => {
  const dir = () => mkdtempSync(join(tmpdir(), 'idflow-kek-'));

  it('refuses to start PostgreSQL without KEY_ENCRYPTION_KEY: instances must share one key', () => {
    const source = KeyringSource.of({ DATABASE_PATH: join(dir(), 'db.sqlite'), DATABASE_URL: 'postgres://db/idflow' });
    expect(() => source.load()).toThrow(/KEY_ENCRYPTION_KEY is required with DATABASE_URL/);
  });

  it('makes the key file once, owner-only, and reads the same key afterwards', () => {
    const databasePath = join(dir(), 'db.sqlite');
    const first = KeyringSource.of({ DATABASE_PATH: databasePath }).load();
    expect(statSync(join(databasePath, '..', KEY_FILE_NAME)).mode & 0o777).toBe(0o600);
    expect(KeyringSource.of({ DATABASE_PATH: databasePath }).load()).toEqual(first);
  });

  it('rotates the key file, keeping the previous key as retired; configured keys are the operator’s to rotate', () => {
    const databasePath = join(dir(), 'db.sqlite');
    const source = KeyringSource.of({ DATABASE_PATH: databasePath });
    const before = source.load();
    const after = source.rotate();
    expect(after.retired).toEqual([before.current]);
    expect(source.load()).toEqual(after);
    const configured = KeyringSource.of({
      DATABASE_PATH: databasePath,
      KEY_ENCRYPTION_KEY: before.current.key.export().toString('base64'),
    });
    expect(() => configured.rotate()).toThrow(/put the new key first in it, then run keys:rewrap/);
  });
});
