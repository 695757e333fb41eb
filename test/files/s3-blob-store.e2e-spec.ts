import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { type FixtureSite, startFixtureSite } from '../fixtures/site/fixture-site.js';
import { S3TestServer } from '../support/s3-test-server/s3-test-server.js';
import { download, post, waitUntilCached } from '../support/scrape-client.js';
import { type RunningTrawl, startTrawl } from '../support/trawl-process.js';

let s3: S3TestServer;
let site: FixtureSite;
let trawl: RunningTrawl;

beforeAll(async () => {
  s3 = await S3TestServer.start(['trawl-e2e']);
  site = await startFixtureSite();
  trawl = await startTrawl({
    env: {
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: s3.region,
      S3_BUCKET: 'trawl-e2e',
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    },
  });
});
afterAll(async () => {
  await trawl?.stop();
  await site?.close();
  await s3?.stop();
});

describe('blob store on an S3-compatible bucket', () => {
  it('keeps page bodies, documents and screenshots in the bucket and serves scrapes, cache hits and files from it', async () => {
    const url = site.url('/articles/tide-pools');
    const scraped = await post(trawl, '/v2/scrape', { url, formats: ['markdown'] });
    expect(scraped.status).toBe(200);
    expect(scraped.body.data.markdown).toContain('Tide Pools of the North Coast');
    const scrapeId = scraped.body.data.metadata.scrapeId;
    const keys = s3.keys('trawl-e2e');
    expect(keys).toContain(`${trawl.prefix}_blobs/documents/${scrapeId}`);
    expect(keys.some((key) => key.startsWith(`${trawl.prefix}_blobs/pages/`))).toBe(true);

    // A cache hit derives its formats from the page body kept in S3.
    await waitUntilCached(trawl, url);
    const hit = await post(trawl, '/v2/scrape', { url, formats: ['markdown'] });
    expect(hit.body.data.metadata.cacheState).toBe('hit');
    expect(hit.body.data.markdown).toBe(scraped.body.data.markdown);

    // Screenshots go to the files store (its own prefix) and come back through signed URLs.
    const shot = await post(trawl, '/v2/scrape', { url, formats: ['screenshot'] });
    const file = await download(shot.body.data.screenshot);
    expect(file.status).toBe(200);
    expect(file.type).toBe('image/png');
    expect(file.bytes.subarray(1, 4).toString()).toBe('PNG');
    const fileKey = `${trawl.prefix}_files/${new URL(shot.body.data.screenshot).pathname.replace('/v2/files/', '')}`;
    expect(s3.keys('trawl-e2e')).toContain(fileKey);

    // Nothing went to the JetStream object store.
    const nc = await connect({ servers: '127.0.0.1:4222' });
    try {
      const streams: string[] = [];
      for await (const stream of (await jetstreamManager(nc)).streams.list())
        streams.push(stream.config.name);
      expect(streams.filter((name) => name.startsWith(`OBJ_${trawl.prefix}_`))).toEqual([]);
    } finally {
      await nc.close();
    }
  });
});
