import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { SqliteEventStore } from '#event-store';
import { EventStoreDbTestServer } from '../support/eventstoredb-test-server/eventstoredb-test-server.js';
import { repoRoot } from '../support/repo-root.js';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'trawl-cli-store-'));
const sqliteFile = join(dir, 'events.sqlite');
let server: EventStoreDbTestServer;

/** The built CLI, as an operator runs it (asynchronously: the gRPC test server lives in this process). */
async function trawl(args: string[], env: NodeJS.ProcessEnv = {}) {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      [join(repoRoot, 'dist/apps/cli/src/main.js'), ...args],
      {
        env: { ...process.env, DATA_DIR: dir, EVENTSTORE_CONNECTION_STRING: '', ...env },
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const correlationId = randomUUID();
beforeAll(async () => {
  server = await EventStoreDbTestServer.start();
  const store = new SqliteEventStore(sqliteFile);
  const meta = { correlationId, teamId: 'team-1' };
  await store.append(
    'scrape-1',
    [{ id: randomUUID(), type: 'ScrapeRequested', data: { url: 'https://a.test/' }, metadata: meta }],
    'no_stream',
  );
  for (let i = 0; i < 1_200; i++) {
    await store.append(
      `scrape-${i + 2}`,
      [{ id: randomUUID(), type: 'ScrapeRequested', data: { i }, metadata: {} }],
      'no_stream',
    );
  }
  await store.append(
    'scrape-1',
    [
      {
        id: randomUUID(),
        type: 'PageFetched',
        data: { statusCode: 200 },
        metadata: { ...meta, causationId: 'cmd-2' },
      },
      {
        id: randomUUID(),
        type: 'ScrapeCompleted',
        data: { page: { url: 'https://a.test/' } },
        metadata: meta,
      },
    ],
    0,
  );
  await store.close();
});
afterAll(async () => {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('operator CLI on the event store', () => {
  it('migrates sqlite to EventStoreDB with progress and a verified copy, and knows when it is done', async () => {
    const checkpoint = join(dir, 'checkpoint.json');
    const args = [
      'migrate',
      '--from',
      `sqlite:${sqliteFile}`,
      '--to',
      server.connectionString,
      '--checkpoint',
      checkpoint,
    ];
    const first = await trawl(args);
    expect(first.stderr).toContain('100.0%  1,203 events');
    expect(first.code).toBe(0);
    expect(JSON.parse(first.stdout)).toMatchObject({
      ok: true,
      sourceEvents: 1_203,
      targetEvents: 1_203,
      streams: 1_201,
    });
    expect(JSON.parse(readFileSync(checkpoint, 'utf8'))).toMatchObject({ events: 1_203, finished: true });

    const again = await trawl(args);
    expect(again.stderr).toContain('already copied (1203 events)');
    expect(again.code).toBe(0);

    const wrongPair = await trawl([
      'migrate',
      '--from',
      `sqlite:${sqliteFile}`,
      '--to',
      `sqlite:${join(dir, 'other.sqlite')}`,
      '--checkpoint',
      checkpoint,
    ]);
    expect(wrongPair.code).toBe(1);
    expect(wrongPair.stderr).toContain('belongs to');
    const missing = await trawl([
      'migrate',
      '--from',
      `sqlite:${join(dir, 'nope.sqlite')}`,
      '--to',
      server.connectionString,
    ]);
    expect(missing.stderr).toContain('no sqlite event store at');
  });

  it('shows a stream timeline from sqlite and from EventStoreDB, as a table or JSON lines', async () => {
    const table = await trawl(['history', 'scrape-1'], { EVENTSTORE_SQLITE_PATH: sqliteFile });
    expect(table.code).toBe(0);
    const lines = table.stdout.trim().split('\n');
    expect(lines[0]).toBe('scrape-1: 3 events');
    expect(lines[1]).toMatch(/^TIME\s+REV\s+TYPE\s+CORRELATION\s+CAUSATION\s+SUMMARY$/);
    expect(lines[2]).toMatch(
      new RegExp(`^\\S+Z\\s+0\\s+ScrapeRequested\\s+${correlationId}\\s+-\\s+url=https://a.test/$`),
    );
    expect(lines[3]).toMatch(/PageFetched\s+\S+\s+cmd-2\s+statusCode=200$/);

    const json = await trawl(['history', 'scrape-1', '--json'], {
      EVENTSTORE_CONNECTION_STRING: server.connectionString,
    });
    const entries = json.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(entries.map((entry) => [entry.revision, entry.type, entry.correlationId])).toEqual([
      [0, 'ScrapeRequested', correlationId],
      [1, 'PageFetched', correlationId],
      [2, 'ScrapeCompleted', correlationId],
    ]);
    // Migrated events keep the time they happened.
    const original = await trawl(['history', 'scrape-1', '--json'], { EVENTSTORE_SQLITE_PATH: sqliteFile });
    expect(entries.map((entry) => entry.time)).toEqual(
      original.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).time),
    );

    const unknown = await trawl(['history', 'scrape-none'], { EVENTSTORE_SQLITE_PATH: sqliteFile });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('has no events');
  });

  it('exports the log as JSON lines, filtered by type, stream prefix, position and time', async () => {
    const env = { EVENTSTORE_SQLITE_PATH: sqliteFile };
    const completed = await trawl(
      ['events', '--type', 'ScrapeCompleted', '--stream-prefix', 'scrape-1'],
      env,
    );
    expect(
      completed.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).streamId),
    ).toEqual(['scrape-1']);
    const afterPosition = await trawl(['events', '--since', '1200'], env);
    expect(
      afterPosition.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).position),
    ).toEqual([1201, 1202, 1203]);
    const future = await trawl(['events', '--since', '2999-01-01T00:00:00Z'], env);
    expect(future.stdout).toBe('');
    expect(future.stderr).toContain('0 events');
    const bad = await trawl(['events', '--since', 'yesterday'], env);
    expect(bad.stderr).toContain('neither a position nor an ISO-8601 time');
  });
});
