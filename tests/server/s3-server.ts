import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3StorageOptions } from '../../server/documents/uploads/s3-document-storage';

// The SDK warns once per process that its releases after January 2027 need Node 22 (README, Production); not news in a test run.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

/** A real S3-compatible server (s3rver) on loopback with one bucket, files in a temp folder. */
export interface LocalS3 {
  /** DOCUMENTS_S3_* for the app. */
  options: S3StorageOptions;
  /** Object names in the bucket under `prefix`. */
  list(prefix?: string): Promise<string[]>;
  read(name: string): Promise<Buffer>;
  close(): Promise<void>;
}

export async function startLocalS3(bucket = 'onboard-documents'): Promise<LocalS3> {
  const directory = mkdtempSync(join(tmpdir(), 'onboard-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  // s3rver accepts its own fixed credentials.
  const options: S3StorageOptions = { bucket, endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const client = new S3Client({ endpoint: options.endpoint, region: options.region, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  return {
    options,
    async list(prefix = '') {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
      return (listed.Contents ?? []).map((object) => object.Key ?? '').sort();
    },
    async read(name) {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: name }));
      return Buffer.from(await object.Body!.transformToByteArray());
    },
    async close() {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
