import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import {
  FILE_KEY_PATTERN,
  checkedFileKey,
  filesPath,
  putUnderNewKey,
  type FileStorage,
  type StoredFile,
  type StoredFileStream,
} from './file-storage';
import { StoredFileNotFoundError } from './errors/stored-file-not-found.error';

/** Where and how to reach the bucket (the S3_* settings). */
export interface S3Location {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
  keyPrefix?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/**
 * Files as objects of an S3-compatible bucket (FILE_STORAGE=s3: AWS S3, MinIO, Cloudflare R2, Ceph), named by the
 * prefix and the key. A PUT is atomic, an object is there whole or not at all, so no write is ever left unfinished.
 */
export class S3FileStorage implements FileStorage {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(location: S3Location) {
    this.bucket = location.bucket;
    this.prefix = location.keyPrefix ?? '';
    this.client = new S3Client({
      region: location.region,
      endpoint: location.endpoint,
      forcePathStyle: location.forcePathStyle,
      credentials: location.credentials,
      // The SDK's default adds CRC32 checksums (aws-chunked uploads) that several S3-compatible stores refuse;
      // checksums only where the API demands them keep every store working. A PUT still carries its length.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  put(bytes: Uint8Array): Promise<StoredFile> {
    return putUnderNewKey(this, bytes);
  }

  async putAt(key: string, bytes: Uint8Array): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.objectName(key),
        Body: bytes,
        ContentLength: bytes.byteLength,
        ContentType: 'application/pdf',
      }),
    );
  }

  async get(key: string): Promise<Buffer> {
    const { stream } = await this.open(key);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async open(key: string): Promise<StoredFileStream> {
    const object = await this.client
      .send(new GetObjectCommand({ Bucket: this.bucket, Key: this.objectName(key) }))
      .catch((error: unknown) => {
        throw isNotFound(error) ? new StoredFileNotFoundError(key) : error;
      });
    // In Node the SDK hands the body over as the HTTP response itself, a Readable.
    return { size: object.ContentLength ?? 0, stream: object.Body as Readable };
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectName(key) }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectName(key) }));
  }

  async storedBefore(before: number): Promise<{ keys: string[]; unfinished: string[] }> {
    const keys: string[] = [];
    let continuation: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.prefix, ContinuationToken: continuation }),
      );
      for (const object of page.Contents ?? []) {
        const key = object.Key?.slice(this.prefix.length) ?? '';
        // Other objects sharing the bucket or prefix are never ours to list, let alone remove.
        if (FILE_KEY_PATTERN.test(key) && (object.LastModified?.getTime() ?? Infinity) < before) keys.push(key);
      }
      continuation = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (continuation);
    return { keys, unfinished: [] };
  }

  /** Nothing is ever unfinished in a bucket (see the class). */
  removeUnfinished(): Promise<void> {
    return Promise.resolve();
  }

  publicPath(key: string): string {
    return filesPath(key);
  }

  close(): Promise<void> {
    this.client.destroy();
    return Promise.resolve();
  }

  private objectName(key: string): string {
    return `${this.prefix}${checkedFileKey(key)}`;
  }
}

/** A missing object: GET says NoSuchKey, HEAD (which has no body) only its status. */
function isNotFound(error: unknown): boolean {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return failure.name === 'NoSuchKey' || failure.name === 'NotFound' || failure.$metadata?.httpStatusCode === 404;
}
