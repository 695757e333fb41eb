import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { type WebSocket, WebSocketServer } from 'ws';
import { type CrawlKind, isUuid, TrawlError } from '#contracts';
import { ApiKeyGuard, bearerToken } from '../auth/api-key.guard.js';
import { CRAWL_PAGE_SIZE, CrawlJobs } from './crawl-jobs.service.js';

/** How often a watched job is read again for new documents. */
const POLL_MS = 1_000;
/**
 * Open sockets one team may hold on one api instance: each reads its job every second, and an
 * upgraded socket is past the HTTP rate limit, so without a bound one key could keep core busy.
 */
const WATCHERS_PER_TEAM = 20;
/** `/v2/crawl/<id>` and `/v2/batch/scrape/<id>`: the addresses the SDK's watcher opens. */
const JOB_SOCKET = /^\/v2\/(crawl|batch\/scrape)\/([^/?#]+)\/?(?:\?.*)?$/;

type Message =
  | { type: 'catchup'; data: Awaited<ReturnType<CrawlJobs['status']>> }
  | { type: 'document'; data: unknown }
  | { type: 'error'; error: string };

/**
 * Firecrawl's crawl status WebSocket, which the SDK's `watcher()` (and `crawl`/`batchScrape` with a
 * watcher) opens with the API key as its subprotocol: a `catchup` message with the job's status and
 * its documents so far, a `document` message for each page scraped after, and a close (1000,
 * reason `{"type":"done"}`) once the job is no longer scraping. Errors close it with Firecrawl's
 * codes: 3000 unauthorized, 1008 unknown job, 1011 anything else; 1013 (try again later) when the
 * team already holds WATCHERS_PER_TEAM sockets here.
 */
@Injectable()
export class CrawlStatusSockets implements OnApplicationShutdown {
  private readonly sockets = new WebSocketServer({ noServer: true });
  /** Open sockets by team. */
  private readonly watching = new Map<string, number>();

  constructor(
    private readonly keys: ApiKeyGuard,
    private readonly jobs: CrawlJobs,
  ) {}

  /** Answers upgrades of the job addresses on `server`; other upgrades are refused. */
  attach(server: Server): void {
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      // An upgraded socket has no error listener of its own: a client's reset must not end the api.
      socket.on('error', () => socket.destroy());
      const match = JOB_SOCKET.exec(request.url ?? '');
      if (!match) {
        socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
        return;
      }
      const kind: CrawlKind = match[1] === 'crawl' ? 'crawl' : 'batch';
      this.sockets.handleUpgrade(request, socket, head, (ws) => {
        // A client that breaks the protocol fails its own connection (ws closes it), never the api.
        ws.on('error', () => ws.terminate());
        void this.watch(ws, request, kind, match[2]);
      });
    });
  }

  /** Watchers are told the server goes away (1001) and poll over HTTP, as the SDK's do, until it is back. */
  onApplicationShutdown() {
    for (const ws of this.sockets.clients)
      ws.close(1001, JSON.stringify({ type: 'error', error: 'Shutting down' }));
    this.sockets.close();
  }

  private async watch(ws: WebSocket, request: IncomingMessage, kind: CrawlKind, id: string) {
    try {
      const holder = await this.keys.holderOf(tokenOf(request) ?? '');
      if (!holder) {
        close(ws, 3000, { type: 'error', error: 'Unauthorized: Invalid token' });
        return;
      }
      const { teamId } = holder;
      // A client gone while its key was read has nothing to count.
      if (ws.readyState !== ws.OPEN) return;
      const open = this.watching.get(teamId) ?? 0;
      if (open >= WATCHERS_PER_TEAM) {
        close(ws, 1013, {
          type: 'error',
          error: `This team already watches ${WATCHERS_PER_TEAM} jobs here: close one first`,
        });
        return;
      }
      this.watching.set(teamId, open + 1);
      ws.once('close', () => {
        const left = (this.watching.get(teamId) ?? 1) - 1;
        if (left > 0) this.watching.set(teamId, left);
        else this.watching.delete(teamId);
      });
      if (!isUuid(id)) throw new TrawlError('CRAWL_NOT_FOUND', 'Job not found');
      const crawlId = id.toLowerCase();
      const first = await this.everyDocument(kind, teamId, crawlId);
      send(ws, { type: 'catchup', data: first });
      let sent = first.data.length;
      let status = first.status;
      while (status === 'scraping' && ws.readyState === ws.OPEN) {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        const page = await this.jobs.status(kind, teamId, crawlId, sent, CRAWL_PAGE_SIZE);
        for (const document of page.data) send(ws, { type: 'document', data: document });
        sent += page.data.length;
        // Done once its last documents are sent too.
        if (!page.next) status = page.status;
      }
      ws.close(1000, JSON.stringify({ type: 'done' }));
    } catch (error) {
      const unknown = error instanceof TrawlError && error.code === 'CRAWL_NOT_FOUND';
      close(ws, unknown ? 1008 : 1011, {
        type: 'error',
        error: unknown ? 'Job not found' : String((error as Error).message ?? error),
      });
    }
  }

  /** The job's status with every document so far: a finished job's watcher reads nothing after it. */
  private async everyDocument(kind: CrawlKind, teamId: string, crawlId: string) {
    const first = await this.jobs.status(kind, teamId, crawlId, 0, CRAWL_PAGE_SIZE);
    const data = [...first.data];
    for (let next = first.next; next; ) {
      const page = await this.jobs.status(kind, teamId, crawlId, data.length, CRAWL_PAGE_SIZE);
      data.push(...page.data);
      next = page.next;
    }
    const { next: _next, ...status } = first;
    return { ...status, data };
  }
}

/** The SDK sends its key as the socket's subprotocol; other clients may send `Authorization: Bearer`. */
function tokenOf(request: IncomingMessage): string | undefined {
  return (
    bearerToken(request.headers.authorization) ??
    request.headers['sec-websocket-protocol']?.split(',')[0]?.trim()
  );
}

function send(ws: WebSocket, message: Message): void {
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
}

/** A close frame's reason holds at most 123 bytes: a long error is cut to fit. */
function close(ws: WebSocket, code: number, message: Message & { type: 'error' }): void {
  if (ws.readyState !== ws.OPEN) return;
  let reason = JSON.stringify(message);
  for (let error = message.error; Buffer.byteLength(reason) > 123; ) {
    error = error.slice(0, -8);
    reason = JSON.stringify({ ...message, error: `${error}…` });
  }
  ws.close(code, reason);
}
