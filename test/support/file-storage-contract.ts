import { sha256Hex } from '../../src/common/crypto/digest';
import { InvalidFileKeyError } from '../../src/documents/errors/invalid-file-key.error';
import { StoredFileNotFoundError } from '../../src/documents/errors/stored-file-not-found.error';
import type { FileStorage } from '../../src/documents/file-storage';

/** A PDF-sized body of `size` bytes whose every position differs from its neighbours, so no slice can pass for another. */
export function patternedBytes(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  for (let index = 0; index < size; index++) bytes[index] = (index * 31 + (index >> 8)) & 0xff;
  return bytes;
}

async function streamed(storage: FileStorage, key: string): Promise<{ size: number; bytes: Buffer }> {
  const { size, stream } = await storage.open(key);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return { size, bytes: Buffer.concat(chunks) };
}

/**
 * What every FILE_STORAGE backend does alike, run against each of them: `storage()` is the backend under test, fresh
 * and empty for each test.
 */
export function behavesAsFileStorage(storage: () => FileStorage): void {
  it('stores bytes under an unguessable key and reads them back, whole or streamed', async () => {
    const bytes = patternedBytes(1000);
    const stored = await storage().put(bytes);

    expect(stored).toEqual({
      key: expect.stringMatching(/^[0-9A-Za-z]{40}\.pdf$/),
      sha256: sha256Hex(bytes),
      size: 1000,
    });
    await expect(storage().get(stored.key)).resolves.toEqual(bytes);
    await expect(streamed(storage(), stored.key)).resolves.toEqual({ size: 1000, bytes });
    await expect(storage().exists(stored.key)).resolves.toBe(true);
    expect(storage().publicPath(stored.key)).toBe(`/files/${stored.key}`);
  });

  it('keeps a 3 MiB file byte for byte, and an empty one', async () => {
    const large = patternedBytes(3 * 1024 * 1024 + 17);
    const [big, empty] = [await storage().put(large), await storage().put(Buffer.alloc(0))];

    expect(sha256Hex(await storage().get(big.key))).toBe(sha256Hex(large));
    expect((await streamed(storage(), big.key)).size).toBe(large.length);
    expect(sha256Hex((await streamed(storage(), big.key)).bytes)).toBe(sha256Hex(large));
    await expect(storage().get(empty.key)).resolves.toEqual(Buffer.alloc(0));
  });

  it('hashes only the bytes of a Uint8Array view, not its whole buffer', async () => {
    const backing = Buffer.from('xxhelloxx');
    const stored = await storage().put(new Uint8Array(backing.buffer, backing.byteOffset + 2, 5));

    expect(stored).toMatchObject({ sha256: sha256Hex('hello'), size: 5 });
    await expect(storage().get(stored.key)).resolves.toEqual(Buffer.from('hello'));
  });

  it('stores under a key another storage handed out, replacing what was there', async () => {
    const key = `${'M'.repeat(40)}.pdf`;
    await storage().putAt(key, Buffer.from('first'));
    await storage().putAt(key, Buffer.from('second'));

    await expect(storage().get(key)).resolves.toEqual(Buffer.from('second'));
  });

  it('reports a missing file as not found, and removes a file once or twice alike', async () => {
    const stored = await storage().put(Buffer.from('gone soon'));
    await storage().remove(stored.key);
    await storage().remove(stored.key);

    await expect(storage().exists(stored.key)).resolves.toBe(false);
    await expect(storage().get(stored.key)).rejects.toBeInstanceOf(StoredFileNotFoundError);
    await expect(storage().open(stored.key)).rejects.toBeInstanceOf(StoredFileNotFoundError);
  });

  it('lists the files stored before a moment, for the orphan sweep', async () => {
    const earlier = await storage().put(Buffer.from('earlier'));
    const listed = await storage().storedBefore(Date.now() + 60_000);

    expect(listed.keys).toContain(earlier.key);
    expect(listed.unfinished).toEqual([]);
    await expect(storage().storedBefore(Date.now() - 60_000)).resolves.toEqual({ keys: [], unfinished: [] });
  });

  it.each([
    '../secret.pdf',
    `../${'A'.repeat(40)}.pdf`,
    `${'A'.repeat(20)}/${'B'.repeat(20)}.pdf`,
    `/etc/${'A'.repeat(40)}.pdf`,
    `${'A'.repeat(40)}.pdf/..`,
    `${'A'.repeat(40)}.pdf\0`,
    '',
    'short.pdf',
    'A'.repeat(40),
  ])('refuses the key %j that storage never hands out', async (key) => {
    await expect(storage().get(key)).rejects.toBeInstanceOf(InvalidFileKeyError);
    await expect(storage().open(key)).rejects.toBeInstanceOf(InvalidFileKeyError);
    await expect(storage().exists(key)).rejects.toBeInstanceOf(InvalidFileKeyError);
    await expect(storage().putAt(key, Buffer.from('x'))).rejects.toBeInstanceOf(InvalidFileKeyError);
    expect(() => storage().publicPath(key)).toThrow(InvalidFileKeyError);
  });
}
