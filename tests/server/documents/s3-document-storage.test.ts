import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { EnvError, parseEnv } from '../../../server/env';
import { sharedStorageKeyMessage } from '../../../server/documents/uploads/create-documents';
import { documentsFolderName, newStorageKey } from '../../../server/documents/uploads/document-storage';
import { createS3DocumentStorage } from '../../../server/documents/uploads/s3-document-storage';
import { downloadDocument, uploadPanImage } from '../document-helpers';
import { startTestApp } from '../helpers';
import { type LocalS3, startLocalS3 } from '../s3-server';
import { applicantAt } from '../step-fixtures';
import { filesUnder, phoneJpeg } from '../upload-fixtures';

let s3: LocalS3;
beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(() => s3.close());

const documentsKey = Buffer.alloc(32, 6).toString('base64');

describe('documents in an S3-compatible bucket (s3rver on loopback)', () => {
  it('put, get, replace and delete by storage key, under the prefix; a missing key reads as nothing; only our key shape is accepted', async () => {
    const storage = createS3DocumentStorage({ ...s3.options, prefix: 'contract/' });
    try {
      const key = newStorageKey();
      await storage.put(key, Buffer.from('sealed one'));
      expect((await storage.get(key))?.toString()).toBe('sealed one');
      await storage.put(key, Buffer.from('sealed two'));
      expect((await storage.get(key))?.toString()).toBe('sealed two');
      expect(await s3.list('contract/')).toEqual([`contract/${key}`]);
      await storage.delete(key);
      await storage.delete(key);
      expect(await storage.get(key)).toBeUndefined();
      await expect(storage.put('../../etc/passwd', Buffer.from('x'))).rejects.toThrow('invalid storage key');
    } finally {
      storage.close?.();
    }
  });

  it('the app stores an upload in the bucket, sealed (no byte of the image in the clear), nothing on local disk, and serves it back', async () => {
    const t = await startTestApp({ documentsKey, documentStorage: { ...s3.options, prefix: 'app/' } });
    try {
      const jpeg = await phoneJpeg(320, 200);
      const who = await applicantAt(t, 'pan_image_upload', {}, 'aadhaar_verification');
      const id = await uploadPanImage(t.app, who.token, jpeg);
      const objects = await s3.list('app/');
      expect(objects).toHaveLength(1);
      expect(objects[0]).toMatch(/^app\/[0-9a-f]{32}$/);
      const stored = await s3.read(objects[0]!);
      const served = await downloadDocument(t.app, who.token, id);
      expect({ status: served.status, type: served.type }).toEqual({ status: 200, type: 'image/jpeg' });
      // The served image is the re-encoded upload; neither it nor any 64-byte slice of it is in the bucket's bytes.
      for (let at = 0; at + 64 < served.bytes.length; at += 997) expect(stored.includes(served.bytes.subarray(at, at + 64))).toBe(false);
      expect(existsSync(join(t.dir, documentsFolderName)) ? filesUnder(join(t.dir, documentsFolderName)) : []).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('refuses to start without DOCUMENTS_KEY: instances sharing a bucket must share the key', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'onboard-s3-refused-'));
    try {
      await expect(buildApp({ dataDir, documentStorage: s3.options, bank: { branchSnapshot: false } })).rejects.toThrow(sharedStorageKeyMessage);
      expect(filesUnder(dataDir)).toEqual([]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('DOCUMENTS_S3_* from the environment', () => {
    const env = {
      DOCUMENTS_S3_BUCKET: 'broker-kyc',
      DOCUMENTS_S3_ENDPOINT: 'https://minio.internal:9000',
      DOCUMENTS_S3_REGION: 'ap-south-1',
      DOCUMENTS_S3_ACCESS_KEY_ID: 'AKIA…',
      DOCUMENTS_S3_SECRET_ACCESS_KEY: 'secret',
      DOCUMENTS_S3_PREFIX: 'onboard/',
      DOCUMENTS_S3_FORCE_PATH_STYLE: 'false',
    };
    expect(parseEnv(env).app.documentStorage).toEqual({
      bucket: 'broker-kyc',
      endpoint: 'https://minio.internal:9000',
      region: 'ap-south-1',
      accessKeyId: 'AKIA…',
      secretAccessKey: 'secret',
      prefix: 'onboard/',
      forcePathStyle: false,
    });
    expect(parseEnv({}).app.documentStorage).toBeUndefined();
    expect(() => parseEnv({ DOCUMENTS_S3_ENDPOINT: 'http://minio:9000' })).toThrow('DOCUMENTS_S3_ENDPOINT is set but DOCUMENTS_S3_BUCKET is not');
    expect(() => parseEnv({ DOCUMENTS_S3_BUCKET: 'b', DOCUMENTS_S3_ENDPOINT: 'minio:9000' })).toThrow(EnvError);
    expect(() => parseEnv({ DOCUMENTS_S3_BUCKET: 'b', DOCUMENTS_S3_ACCESS_KEY_ID: 'only-one' })).toThrow('go together');
  });
});
