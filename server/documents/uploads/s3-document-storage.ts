import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { type DocumentStorage, checkStorageKey } from './document-storage';

/** DOCUMENTS_S3_*: an S3 bucket, or any S3-compatible store (MinIO, Ceph, R2, ...) through its endpoint. */
export interface S3StorageOptions {
  bucket: string;
  /** http(s) address of an S3-compatible service; unset: AWS S3 in `region`. */
  endpoint?: string | undefined;
  /** Default ap-south-1 (Mumbai). */
  region?: string | undefined;
  /** Both or neither; neither: the SDK's own chain (AWS_ACCESS_KEY_ID..., an instance or task role). */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** Prepended to every object name, e.g. 'onboard/documents/'. Default 'documents/'. */
  prefix?: string | undefined;
  /** Bucket in the path (http://host/bucket/key) rather than the host name; default true with an endpoint. */
  forcePathStyle?: boolean | undefined;
}

export const defaultS3Region = 'ap-south-1';
export const defaultS3Prefix = 'documents/';

function missing(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);
}

/**
 * Sealed documents as objects `<prefix><32 hex>` in one bucket, shared by every instance of the app. A put is one
 * PutObject (S3 makes it whole or nothing); the object holds ciphertext only, sealed before it leaves the process.
 * Calls give up after 10 s (3 s to connect), inside the client's 15 s budget for an upload.
 */
export function createS3DocumentStorage(options: S3StorageOptions): DocumentStorage {
  const keys = options.accessKeyId && options.secretAccessKey ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } : undefined;
  const client = new S3Client({
    region: options.region ?? defaultS3Region,
    ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: options.forcePathStyle ?? true } : { forcePathStyle: options.forcePathStyle ?? false }),
    ...(keys ? { credentials: keys } : {}),
    maxAttempts: 2,
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 10_000 },
  });
  const Bucket = options.bucket;
  const prefix = options.prefix ?? defaultS3Prefix;
  const objectName = (key: string) => `${prefix}${checkStorageKey(key)}`;

  return {
    async put(key, data) {
      await client.send(new PutObjectCommand({ Bucket, Key: objectName(key), Body: data, ContentType: 'application/octet-stream' }));
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: objectName(key) }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : undefined;
      } catch (error) {
        if (missing(error)) return undefined;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectName(key) }));
    },
    close() {
      client.destroy();
    },
  };
}
