import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { post } from '../support/scrape-client.js';
import { trawlWithSite } from '../support/trawl-with-site.js';

const running = trawlWithSite();
const scrape = (body: Record<string, unknown>) => post(running.trawl, '/v2/scrape', body);

/** A one-second test clip (colour bars and a 440 Hz tone), made by the test with ffmpeg. */
async function makeClip(): Promise<Buffer> {
  const directory = await mkdtemp(join(tmpdir(), 'trawl-clip-'));
  try {
    const file = join(directory, 'clip.mp4');
    await promisify(execFile)('ffmpeg', [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=duration=1:size=160x120:rate=10'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', '-shortest'],
      ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', file],
    ]);
    return await readFile(file);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

async function download(url: string) {
  const response = await fetch(url);
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

describe('audio and video formats', () => {
  beforeAll(async () => {
    running.site.serve('/media/clip.mp4', 'video/mp4', await makeClip());
    running.site.serve(
      '/media/page',
      'text/html; charset=utf-8',
      Buffer.from(
        '<html><head><title>Harbour at dusk</title></head><body><main><h1>Harbour at dusk</h1><video controls src="/media/clip.mp4"></video></main></body></html>',
      ),
    );
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
