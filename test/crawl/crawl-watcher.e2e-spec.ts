import Firecrawl from '@mendable/firecrawl-js';
import { WebSocket } from 'ws';
import { sharedTrawlWithSite } from '../support/trawl-with-site.js';

const running = sharedTrawlWithSite();
const client = () => new Firecrawl({ apiUrl: running.trawl.baseUrl, apiKey: running.trawl.apiKey });
const socketUrl = (path: string) => `${running.trawl.baseUrl.replace(/^http/, 'ws')}${path}`;

/** What a socket said before it closed: its messages, and the close code and reason. */
function recorded(ws: WebSocket) {
  const messages: { type: string; data?: { status?: string; data?: unknown[] } }[] = [];
  ws.on('message', (data) => messages.push(JSON.parse(String(data))));
  return new Promise<{ messages: typeof messages; code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ messages, code, reason: String(reason) })),
  );
}

describe('crawl status WebSocket (the SDK watcher)', () => {
  it('sends a catchup, each page as a document, and closes done when the crawl ends', async () => {
    const { id } = await client().startCrawl(running.site.url('/crawl/'), {
      sitemap: 'skip',
      excludePaths: ['loop', 'calendar'],
      limit: 3,
    });
    // The SDK opens it with the API key as the subprotocol.
    const { messages, code, reason } = await recorded(
      new WebSocket(socketUrl(`/v2/crawl/${id}`), running.trawl.apiKey),
    );
    expect(messages[0]).toMatchObject({ type: 'catchup', data: { success: true } });
    expect(messages.slice(1).every((message) => message.type === 'document')).toBe(true);
    const documents = [
      ...(messages[0].data?.data ?? []),
      ...messages.slice(1).map((message) => message.data),
    ];
    expect(documents).toHaveLength(3);
    expect({ code, reason }).toEqual({ code: 1000, reason: '{"type":"done"}' });
  });

  it("drives the SDK's watcher over the socket: documents, then done", async () => {
    const { id } = await client().startBatchScrape([
      running.site.url('/articles/tide-pools'),
      running.site.url('/slow?ms=1500&watched=1'),
    ]);
    // Node 22 has a global WebSocket, which the SDK prefers to polling; this Node gets ws's.
    const global = globalThis as { WebSocket?: unknown };
    const before = global.WebSocket;
    global.WebSocket = WebSocket;
    try {
      const watcher = client().watcher(id, { kind: 'batch', pollInterval: 1 });
      const documents: unknown[] = [];
      const errors: unknown[] = [];
      watcher.on('document', (document) => documents.push(document));
      watcher.on('error', (error) => errors.push(error));
      const done = new Promise<{ status: string }>((resolve) => watcher.on('done', resolve));
      await watcher.start();
      expect(errors).toEqual([]);
      expect((await done).status).toBe('completed');
      expect(documents).toHaveLength(2);
    } finally {
      global.WebSocket = before;
    }
  });

  it('survives a client that breaks the protocol', async () => {
    const { id } = await client().startCrawl(running.site.url('/crawl/'), { sitemap: 'skip', limit: 1 });
    const ws = new WebSocket(socketUrl(`/v2/crawl/${id}`), running.trawl.apiKey);
    const closed = recorded(ws);
    await new Promise((resolve) => ws.once('open', resolve));
    // A frame a client must mask, sent unmasked: the server fails the connection (1002), and only it.
    (ws as unknown as { _socket: { write(bytes: Buffer): void } })._socket.write(
      Buffer.from([0x81, 0x02, 0x68, 0x69]),
    );
    expect((await closed).code).toBe(1002);
    expect((await fetch(`${running.trawl.baseUrl}/health`)).status).toBe(200);
  });

  it('closes with Firecrawl’s codes for a bad key (3000) and an unknown job (1008)', async () => {
    const unknown = `/v2/crawl/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`;
    const badKey = await recorded(new WebSocket(socketUrl(unknown), 'fc-not-a-key'));
    expect(badKey.code).toBe(3000);
    const notFound = await recorded(new WebSocket(socketUrl(unknown), running.trawl.apiKey));
    expect(notFound).toMatchObject({ code: 1008, reason: '{"type":"error","error":"Job not found"}' });
  });
  it('holds at most 20 open sockets of one team, past the HTTP rate limit: the next is told to try again later (1013)', async () => {
    // A crawl that runs for seconds: a page, then one every 2 s.
    const { id } = await client().startCrawl(running.site.url('/crawl/'), {
      sitemap: 'skip',
      delay: 2,
      limit: 4,
    });
    const open = (path: string) =>
      new Promise<WebSocket>((resolve, reject) => {
        const ws = new WebSocket(socketUrl(path), running.trawl.apiKey);
        ws.once('message', () => resolve(ws));
        ws.once('close', (code) => reject(new Error(`closed ${code}`)));
      });
    const watchers = await Promise.all(Array.from({ length: 20 }, () => open(`/v2/crawl/${id}`)));
    const refused = await recorded(new WebSocket(socketUrl(`/v2/crawl/${id}`), running.trawl.apiKey));
    expect(refused.code).toBe(1013);
    expect(refused.reason).toContain('already watches 20 jobs here');
    // Closing one makes room for another.
    const closed = recorded(watchers[0]);
    watchers[0].close();
    await closed;
    const again = await open(`/v2/crawl/${id}`);
    for (const ws of [...watchers.slice(1), again]) ws.close();
    await client().cancelCrawl(id);
  });
});
