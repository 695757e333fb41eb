import { loadConfig } from './config.js';

describe('S3 blob store settings', () => {
  it('are absent without S3_BUCKET: blobs stay in the JetStream object store', () => {
    expect(loadConfig({}).s3).toBeUndefined();
  });

  it('default to path-style URLs with an endpoint (MinIO) and virtual-hosted ones on AWS', () => {
    const keys = { S3_BUCKET: 'trawl', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };
    expect(loadConfig({ ...keys, S3_ENDPOINT: 'http://minio:9000' }).s3).toEqual({
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      bucket: 'trawl',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      sessionToken: undefined,
      forcePathStyle: true,
    });
    expect(loadConfig({ ...keys, S3_REGION: 'eu-west-3' }).s3).toMatchObject({
      endpoint: undefined,
      region: 'eu-west-3',
      forcePathStyle: false,
    });
  });

  it('refuse a bucket without credentials', () => {
    expect(() => loadConfig({ S3_BUCKET: 'trawl' })).toThrow(
      'S3_ACCESS_KEY_ID is required when S3_BUCKET is set',
    );
  });
});
