import type { S3BlobSettings } from '#config';
import { S3TestServer } from '../../../../../test/support/s3-test-server/s3-test-server.js';
import { describeBlobStoreContract } from '../blob-store.contract.js';
import { S3BlobStore, s3Client } from './s3-blob-store.js';

let server: S3TestServer;
let settings: S3BlobSettings;
const open = (at: S3BlobSettings, name: string, options?: { ttlMs?: number }) =>
  new S3BlobStore(s3Client(at), at.bucket, name, options);
beforeAll(async () => {
  server = await S3TestServer.start(['trawl-blobs'], { listPageSize: 100 });
  settings = {
    endpoint: server.endpoint,
    region: server.region,
    bucket: 'trawl-blobs',
    accessKeyId: server.accessKeyId,
    secretAccessKey: server.secretAccessKey,
    forcePathStyle: true,
  };
});
afterAll(async () => {
  await server.stop();
});

// The real @aws-sdk/client-s3 over real HTTP, against the in-process S3-compatible server.
describeBlobStoreContract(
  'S3 (test server)',
  () => (name, options) => Promise.resolve(open(settings, name, options)),
);

// And against a real S3 or MinIO bucket when one is given (see the README's "S3-compatible blob store").
const real = process.env.S3_TEST_BUCKET;
if (real) {
  describeBlobStoreContract(
    'S3 (real server)',
    () => (name, options) =>
      Promise.resolve(
        open(
          {
            endpoint: process.env.S3_ENDPOINT || undefined,
            region: process.env.S3_REGION || 'us-east-1',
            bucket: real,
            accessKeyId: process.env.S3_ACCESS_KEY_ID ?? '',
            secretAccessKey: process.env.S3_SECRET_ACCESS_KEY ?? '',
            sessionToken: process.env.S3_SESSION_TOKEN || undefined,
            forcePathStyle: process.env.S3_FORCE_PATH_STYLE !== 'false',
          },
          `trawl_contract_${Date.now().toString(36)}/${name}`,
          options,
        ),
      ),
  );
}

describe('S3BlobStore', () => {
  it('keeps each named store under its own key prefix of the one bucket', async () => {
    const files = open(settings, 'run1_files');
    await files.put('scrape-1/screenshot.png', 'png');
    expect(server.keys('trawl-blobs')).toContain('run1_files/scrape-1/screenshot.png');
    await files.destroy();
    expect(server.keys('trawl-blobs').filter((key) => key.startsWith('run1_files/'))).toEqual([]);
  });

  it('sweeps entries older than the TTL out of the bucket, across listing pages', async () => {
    const media = open(settings, 'run2_media', { ttlMs: 3_600_000 });
    // Three listing pages of at most 100 keys.
    for (let index = 0; index < 205; index++) await media.put(`old-${String(index).padStart(4, '0')}`, 'x');
    await media.put('fresh', 'y');
    for (let index = 0; index < 205; index++)
      server.backdate('trawl-blobs', `run2_media/old-${String(index).padStart(4, '0')}`, 3_700_000);
    expect(await media.getText('old-0000')).toBeUndefined();
    expect(await media.sweep()).toBe(205);
    expect(server.keys('trawl-blobs').filter((key) => key.startsWith('run2_media/'))).toEqual([
      'run2_media/fresh',
    ]);
    await media.destroy();
  });

  it('fails clearly when the server refuses the credentials or the bucket does not exist', async () => {
    const wrongKey = open({ ...settings, accessKeyId: 'NOSUCHKEY' }, 'run3');
    await expect(wrongKey.put('a', 'b')).rejects.toMatchObject({
      name: 'InvalidAccessKeyId',
      $metadata: { httpStatusCode: 403 },
    });
    const noBucket = open({ ...settings, bucket: 'missing-bucket' }, 'run3');
    await expect(noBucket.getText('a')).rejects.toMatchObject({
      name: 'NoSuchBucket',
      $metadata: { httpStatusCode: 404 },
    });
  });
});
