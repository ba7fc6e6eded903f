import { createReadStream, createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Config } from '../../config.ts';
import { assertValidKey, BlobNotFoundError, type BlobDriver } from './blob-store.ts';

export interface S3BlobStoreOptions {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

export function s3OptionsFromConfig(config: Config): S3BlobStoreOptions {
  return {
    bucket: config.S3_BUCKET!,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    accessKeyId: config.S3_ACCESS_KEY_ID!,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  };
}

/** Part size of the streamed multipart put: S3's minimum, so one upload holds at most one part in memory. */
const PART_SIZE = 5 * 1024 * 1024;

/** An S3-compatible bucket (AWS S3 in ap-southeast-2 keeps data in Australia; MinIO, R2, s3rver work too). */
export function createS3BlobDriver(options: S3BlobStoreOptions): BlobDriver {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // Checksums only where S3 demands them: many S3-compatible stores reject the newer trailing checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = options.bucket;

  const driver: BlobDriver = {
    kind: 's3',
    async put(key, body) {
      assertValidKey(key);
      const piped = new PassThrough();
      body.on('error', (err) => piped.destroy(err));
      body.pipe(piped);
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: piped, ContentType: 'application/octet-stream' },
        partSize: PART_SIZE,
        queueSize: 1,
        leavePartsOnError: false,
      });
      await upload.done();
    },
    async putFile(key, path) {
      const { size } = await stat(path);
      await driver.put(key, createReadStream(path));
      await rm(path, { force: true });
      return { size };
    },
    async get(key, range) {
      assertValidKey(key);
      const Range = range ? `bytes=${range.start}-${range.end ?? ''}` : undefined;
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: key, Range }));
        return res.Body as Readable;
      } catch (err) {
        if (isNotFound(err)) throw new BlobNotFoundError(key);
        throw err;
      }
    },
    async getFile(key, path) {
      await pipeline(await driver.get(key), createWriteStream(path, { flags: 'wx', mode: 0o600 }));
    },
    async stat(key) {
      assertValidKey(key);
      try {
        const res = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: res.ContentLength ?? 0 };
      } catch (err) {
        if (isNotFound(err)) return undefined;
        throw err;
      }
    },
    async delete(key) {
      assertValidKey(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      } catch (err) {
        if (!isNotFound(err)) throw err;
      }
    },
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          if (object.Key) yield { key: object.Key, size: object.Size ?? 0, modifiedAt: object.LastModified ?? new Date(0) };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async ping() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
        return true;
      } catch {
        return false;
      }
    },
  };
  return driver;
}

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}
