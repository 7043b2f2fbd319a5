import { ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { randomBase62 } from '../common/ids/random-id';
import { behavesAsFileStorage } from '../../test/support/file-storage-contract';
import { type LocalS3, startLocalS3 } from '../../test/support/local-s3';
import { S3FileStorage } from './s3-file-storage';

describe('S3FileStorage against a local S3-protocol server', () => {
  let s3: LocalS3;
  let client: S3Client;
  let prefix: string;
  let storage: S3FileStorage;

  beforeAll(async () => {
    s3 = await startLocalS3();
    client = new S3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: s3.credentials,
    });
  });
  afterAll(async () => {
    client.destroy();
    await s3.close();
  });

  // A prefix of its own for each test: the bucket is shared, and what a test lists is only its own.
  beforeEach(() => {
    prefix = `t${randomBase62(8)}/`;
    storage = new S3FileStorage({
      bucket: s3.bucket,
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      keyPrefix: prefix,
      credentials: s3.credentials,
    });
  });
  afterEach(() => storage.close());

  behavesAsFileStorage(() => storage);

  it('names each object by the prefix and the key, as a PDF', async () => {
    const stored = await storage.put(Buffer.from('%PDF-1.7 pretend'));

    const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }));
    expect(listed.Contents?.map((object) => object.Key)).toEqual([`${prefix}${stored.key}`]);
  });

  it('lists only its own files, whatever else shares the bucket and prefix', async () => {
    const ours = await storage.put(Buffer.from('ours'));
    for (const name of [`${prefix}notes.txt`, `${prefix}nested/${'N'.repeat(40)}.pdf`, `${'O'.repeat(40)}.pdf`]) {
      await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: name, Body: 'not ours' }));
    }

    await expect(storage.storedBefore(Date.now() + 60_000)).resolves.toEqual({ keys: [ours.key], unfinished: [] });
  });
});
