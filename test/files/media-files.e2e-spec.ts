import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Objm } from '@nats-io/obj';
import { connect } from '@nats-io/transport-node';
import { download } from '../support/scrape-client.js';
import { sharedTrawlWithSite } from '../support/trawl-with-site.js';

const running = sharedTrawlWithSite();

/** Signs like the server does, with the key it keeps in its data directory. */
function signed(key: string, expires: number): string {
  const secret = Buffer.from(
    readFileSync(join(running.trawl.dataDir, 'files-signing-secret'), 'utf8'),
    'base64url',
  );
  const signature = createHmac('sha256', secret).update(`${key}\n${expires}`).digest('base64url');
  return `${running.trawl.baseUrl}/v2/files/${key}?expires=${expires}&signature=${signature}`;
}

describe('media files', () => {
  it('serves audio from the 1 h media bucket by signed URL, and refuses media URLs signed for longer', async () => {
    const nc = await connect({ servers: '127.0.0.1:4222' });
    try {
      const bucket = await new Objm(nc).open(`${running.trawl.prefix}_media`);
      expect((await bucket.status()).ttl).toBe(3600 * 1000 * 1_000_000);
      await bucket.putBlob({ name: 'scrape-1/clip.mp3' }, Buffer.from('ID3 not really audio'));
    } finally {
      await nc.close();
    }

    const ok = await download(signed('scrape-1/clip.mp3', Date.now() + 30 * 60 * 1000));
    expect(ok.status).toBe(200);
    expect(ok.type).toBe('audio/mpeg');
    expect(ok.bytes.toString()).toBe('ID3 not really audio');

    const tooLong = await fetch(signed('scrape-1/clip.mp3', Date.now() + 24 * 3600 * 1000));
    expect(tooLong.status).toBe(403);
    expect(await tooLong.json()).toMatchObject({ code: 'FORBIDDEN' });
  });
});
