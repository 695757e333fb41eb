import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deleteNatsResources, uniquePrefix } from './nats-cleanup.js';
import { repoRoot } from './repo-root.js';
import { until } from './until.js';

/** A Trawl as tests talk to it: its address, their team's key, its env (for the CLI), files and output. */
export interface Trawl {
  baseUrl: string;
  apiKey: string;
  prefix: string;
  dataDir: string;
  env: NodeJS.ProcessEnv;
  logs(): string;
}

/** A Trawl of the test's own, whose processes it starts, kills and stops. */
export interface RunningTrawl extends Trawl {
  /** Starts one more app process (e.g. a second browser-worker) against the same NATS prefix. */
  spawnApp(app: string, extraEnv?: NodeJS.ProcessEnv): ChildProcess;
  /** Like `spawnApp`, and resolves once the app says it started (its consumers are pulling). */
  startApp(app: string, extraEnv?: NodeJS.ProcessEnv): Promise<ChildProcess>;
  /** The newest process of an app (e.g. to kill core in a restart test). */
  processOf(app: string): ChildProcess | undefined;
  stop(): Promise<void>;
}

/** The standalone app writes its local key once the key is usable. */
async function localKey(file: string, processes: ChildProcess[], output: () => string): Promise<string> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const exited = processes.find((p) => p.exitCode !== null);
    if (exited) throw new Error(`trawl exited with ${exited.exitCode}:\n${output()}`);
    if (Date.now() > deadline) throw new Error(`trawl did not create its local key in time:\n${output()}`);
    const key = (await readFile(file, 'utf8').catch(() => '')).trim();
    if (key) return key;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Split deployments have no local key: an operator creates a team with the CLI, as users do. */
export async function issueKeyWithCli(env: NodeJS.ProcessEnv, output: () => string): Promise<string> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    // Asynchronously: a blocked test process would miss the server closing idle keep-alive sockets.
    const result = await runCli(env, ['teams', 'create', 'e2e']);
    if (result.ok) return (JSON.parse(result.stdout) as { key: string }).key;
    if (Date.now() > deadline)
      throw new Error(`trawl CLI could not create a team: ${result.stderr}\n${output()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

function runCli(env: NodeJS.ProcessEnv, args: string[]) {
  return new Promise<{ ok: boolean; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [join(repoRoot, 'dist/apps/cli/src/main.js'), ...args],
      { env, encoding: 'utf8' },
      (error, stdout, stderr) => resolve({ ok: !error, stdout, stderr }),
    );
  });
}

/** Ready means /health answers (200 when `healthy`: NATS, event store, browser and extractor all respond). */
async function waitForApi(
  baseUrl: string,
  processes: ChildProcess[],
  output: () => string,
  healthy: boolean,
) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const exited = processes.find((p) => p.exitCode !== null);
    if (exited) throw new Error(`trawl exited with ${exited.exitCode}:\n${output()}`);
    const status = await fetch(`${baseUrl}/health`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200 || (!healthy && status !== 0)) return;
    if (Date.now() > deadline)
      throw new Error(`trawl did not become healthy (last status ${status}):\n${output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A TCP port nothing listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? ok(address.port) : fail(new Error('no port')),
      );
    });
  });
}

/**
 * Starts the built service (`dist/apps/<app>/src/main.js` for each app, standalone by default) as users run it, on
 * its own NATS prefix, data dir and port, with loopback fetches allowed for the fixture site.
 */
export async function startTrawl(
  options: {
    apps?: string[];
    env?: NodeJS.ProcessEnv;
    /** Wait for /health to answer 200; tests that start some apps later only wait for the API. */
    waitForHealthy?: boolean;
    /** Also writes the apps' output to this file, for test files without the process handles. */
    logFile?: string;
  } = {},
): Promise<RunningTrawl> {
  const apps = options.apps ?? ['standalone'];
  const prefix = uniquePrefix();
  const dataDir = await mkdtemp(join(tmpdir(), 'trawl-e2e-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NATS_PREFIX: prefix,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    ALLOW_PRIVATE_ADDRESSES: 'true',
    BROWSER_CONCURRENCY: '4',
    LOG_LEVEL: 'info',
    ...options.env,
  };
  let output = '';
  const log = options.logFile ? createWriteStream(options.logFile) : undefined;
  const collect = (chunk: Buffer) => {
    output += chunk;
    log?.write(chunk);
  };
  const children: ChildProcess[] = [];
  const newest = new Map<string, ChildProcess>();
  const spawnApp = (app: string, extraEnv: NodeJS.ProcessEnv = {}) => {
    const child = spawn(process.execPath, [join(repoRoot, 'dist/apps', app, 'src/main.js')], {
      env: { ...env, ...extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    children.push(child);
    newest.set(app, child);
    return child;
  };
  const started = apps.map((app) => spawnApp(app));
  const apiKey = apps.includes('standalone')
    ? await localKey(join(dataDir, 'local-api-key'), started, () => output)
    : await issueKeyWithCli(env, () => output);
  await waitForApi(`http://127.0.0.1:${port}`, started, () => output, options.waitForHealthy ?? true);

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    apiKey,
    prefix,
    dataDir,
    env,
    logs: () => output,
    spawnApp,
    async startApp(app, extraEnv) {
      const before = output.length;
      const child = spawnApp(app, extraEnv);
      await until(() => output.slice(before).includes(`trawl ${app} started`), `${app} to start`);
      return child;
    },
    processOf: (app) => newest.get(app),
    async stop() {
      await Promise.all(
        children.map(
          (child) =>
            new Promise<void>((done) => {
              if (child.exitCode !== null || child.signalCode !== null) return done();
              const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
              child.once('exit', () => {
                clearTimeout(kill);
                done();
              });
              child.kill('SIGTERM');
            }),
        ),
      );
      log?.end();
      await deleteNatsResources(prefix);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
