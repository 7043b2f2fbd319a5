import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from '@20minutes/s3rver';

/** s3rver's one account: it checks every request's signature against this key pair. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface LocalS3 {
  endpoint: string;
  bucket: string;
  credentials: typeof CREDENTIALS;
  /** The settings that point idflow's FILE_STORAGE=s3 at this server. */
  env: (keyPrefix?: string) => Record<string, string>;
  close: () => Promise<void>;
}

/**
 * A real S3-protocol server on a loopback port (s3rver, objects on a temporary directory) with one empty bucket: the
 * S3 storage is tested over HTTP against it, the way it speaks to AWS, MinIO or R2, never against a mocked client.
 */
export async function startLocalS3(bucket = 'idflow-files'): Promise<LocalS3> {
  const directory = await mkdtemp(join(tmpdir(), 'idflow-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    // s3rver signs a bucket-level request (a listing) over `/bucket`, where the current SDK signs `/bucket/` as AWS
    // does, so it would refuse every listing. Its account lookup still refuses an unknown access key.
    allowMismatchedSignatures: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    credentials: CREDENTIALS,
    env: (keyPrefix) => ({
      FILE_STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      ...(keyPrefix ? { S3_KEY_PREFIX: keyPrefix } : {}),
    }),
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
