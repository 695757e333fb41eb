import { CLIP_PAGE, makeClip } from '../support/media-clip.js';
import { download, post } from '../support/scrape-client.js';
import { sharedTrawlWithSite } from '../support/trawl-with-site.js';

const running = sharedTrawlWithSite();
const scrape = (body: Record<string, unknown>) => post(running.trawl, '/v2/scrape', body);

describe('audio and video formats', () => {
  beforeAll(async () => {
    running.site.serve('/media/clip.mp4', 'video/mp4', await makeClip());
    running.site.serve('/media/page', 'text/html; charset=utf-8', CLIP_PAGE);
  });

  it('returns the page audio as an MP3 behind a signed URL valid for an hour', async () => {
    const { status, body } = await scrape({
      url: running.site.url('/media/page'),
      formats: ['markdown', 'audio'],
      timeout: 60_000,
    });
    expect(status).toBe(200);
    expect(body.data.markdown).toContain('Harbour at dusk');
    const url = new URL(body.data.audio);
    expect(url.pathname).toMatch(/\/v2\/files\/[^/]+\/audio\.mp3$/);
    const validFor = Number(url.searchParams.get('expires')) - Date.now();
    expect(validFor).toBeLessThanOrEqual(3_600_000);
    expect(validFor).toBeGreaterThan(3_000_000);
    const file = await download(body.data.audio);
    expect(file.status).toBe(200);
    expect(file.type).toBe('audio/mpeg');
    // An ID3 tag or an MPEG frame sync.
    expect(file.bytes.subarray(0, 3).toString() === 'ID3' || file.bytes[0] === 0xff).toBe(true);
  });

  it('returns the video in its best format', async () => {
    const { status, body } = await scrape({
      url: running.site.url('/media/page'),
      formats: ['video'],
      timeout: 60_000,
    });
    expect(status).toBe(200);
    const file = await download(body.data.video);
    expect(file.status).toBe(200);
    expect(file.type).toBe('video/mp4');
    expect(file.bytes.subarray(4, 8).toString()).toBe('ftyp');
  });

  it('answers a page without media with a clear error', async () => {
    const { status, body } = await scrape({
      url: running.site.url('/articles/tide-pools'),
      formats: ['audio'],
      timeout: 60_000,
    });
    expect(status).toBe(500);
    expect(body).toMatchObject({ success: false, code: 'SCRAPE_MEDIA_UNSUPPORTED' });
  });
});
