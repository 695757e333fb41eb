import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import type { ScriptLanguage } from '#contracts';
import { bubblewrapArguments } from './bubblewrap.js';
import { type ChainStep, runChain } from './page-relay.js';
import { AGENT_BROWSER_CLI } from './python/agent-browser-cli.js';
import { BASH_RUNNER } from './python/bash-runner.js';
import { PYTHON_RUNNER } from './python/python-runner.js';

export interface CodeRun {
  stdout: string;
  stderr: string;
  /** What the script returned (JSON), null when nothing. */
  result: unknown;
  exitCode: number;
  /** True when the timeout (or the output limit) stopped the script. */
  killed: boolean;
  error?: string;
}

export interface CodeRunOptions {
  timeoutMs: number;
  /** Heap limit of a Node script, address space of a Python one. */
  memoryMb?: number;
  /** Default node. */
  language?: ScriptLanguage;
  /** bubblewrap, which confines Python and bash scripts (Node ones have Node's permission model). */
  bwrapPath?: string;
}

/** stdout and stderr beyond this stop the script (the reply must fit a NATS message). */
const MAX_OUTPUT_BYTES = 256_000;
const RUNNER = fileURLToPath(new URL('./sandbox-runner.js', import.meta.url));
/** Unprivileged user + network + PID namespaces: no network at all, no view of other processes. */
const NAMESPACES = ['--user', '--map-root-user', '--net', '--pid', '--fork', '--kill-child'];

/** Debian's Python (the sandbox shows only /usr, so not a Python installed elsewhere). */
const PYTHON = '/usr/bin/python3';
const DEFAULT_BWRAP = '/usr/bin/bwrap';

const availability = new Map<string, string | undefined>();

/**
 * Why scripts in a language cannot run on this server (undefined: they can). Node needs Linux
 * namespaces (`unshare`), Python bubblewrap and Debian's python3 as well; without them code is
 * refused, never run unisolated.
 */
export function sandboxUnavailable(language: ScriptLanguage, bwrapPath = DEFAULT_BWRAP): string | undefined {
  const key = `${language} ${bwrapPath}`;
  if (!availability.has(key)) {
    const [command, args, needs] =
      language === 'node'
        ? ['unshare', [...NAMESPACES, 'true'], 'Linux user and network namespaces (unshare)']
        : [
            bwrapPath,
            [...bubblewrapArguments({}), PYTHON, '-c', 'pass'],
            `bubblewrap (${bwrapPath}) and ${PYTHON}`,
          ];
    const ok = spawnSync(command, args, { stdio: 'ignore', timeout: 10_000 }).status === 0;
    availability.set(
      key,
      ok ? undefined : `${language} scripts need ${needs}, which this browser-worker lacks`,
    );
  }
  return availability.get(key);
}

/**
 * Runs interact code in a separate, locked-down Node process: the permission model allows only
 * reading the runner itself (no file writes, no child processes, no workers, no addons), Linux
 * namespaces take away the network and the view of other processes, the heap is capped and the
 * timeout kills it. Its only channel is IPC, over which it asks for allowlisted page calls.
 */
export function runUserCode(page: Page, code: string, options: CodeRunOptions): Promise<CodeRun> {
  if (options.language === 'python') {
    return supervise(spawnInBubblewrap(options, PYTHON_RUNNER), page, code, options.timeoutMs);
  }
  if (options.language === 'bash') {
    return supervise(
      spawnInBubblewrap(options, BASH_RUNNER, [AGENT_BROWSER_CLI]),
      page,
      code,
      options.timeoutMs,
    );
  }
  const child = spawn(
    'unshare',
    [
      ...NAMESPACES,
      process.execPath,
      '--experimental-permission',
      `--allow-fs-read=${dirname(RUNNER)}`,
      `--max-old-space-size=${options.memoryMb ?? 128}`,
      '--no-warnings',
      RUNNER,
    ],
    // Nothing of the worker's environment (secrets, URLs) reaches the script but the PATH to find node.
    {
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
      serialization: 'json',
    },
  );
  return supervise(child, page, code, options.timeoutMs);
}

/**
 * Python and bash scripts run in bubblewrap (see bubblewrapArguments: no network, no host files,
 * their own process tree), started by a Python program of ours (`runner`), which caps the address
 * space before the script starts.
 */
function spawnInBubblewrap(
  options: CodeRunOptions,
  runner: string,
  extraArguments: string[] = [],
): ChildProcess {
  return spawn(
    options.bwrapPath ?? DEFAULT_BWRAP,
    [
      ...bubblewrapArguments({ readOnly: ['/etc/ld.so.cache'] }),
      PYTHON,
      '-u',
      '-I',
      '-c',
      runner,
      String(options.memoryMb ?? 256),
      ...extraArguments,
    ],
    { stdio: ['ignore', 'pipe', 'pipe', 'ipc'], env: { PATH: '/usr/bin:/bin' }, serialization: 'json' },
  );
}

/** What the Node runner answers synchronously for `page.url()` and `page.viewportSize()`. */
const pageState = (page: Page) => ({ url: page.url(), viewportSize: page.viewportSize() });

function supervise(child: ChildProcess, page: Page, code: string, timeoutMs: number): Promise<CodeRun> {
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  let outputBytes = 0;
  let killed = false;
  let verdict: { result: unknown } | { error: string; exitCode: number } | undefined;
  const stop = () => {
    killed = true;
    child.kill('SIGKILL');
  };
  const collect = (into: Buffer[]) => (chunk: Buffer) => {
    outputBytes += chunk.length;
    if (outputBytes > MAX_OUTPUT_BYTES) return stop();
    into.push(chunk);
  };
  child.stdout?.on('data', collect(out));
  child.stderr?.on('data', collect(err));
  const timer = setTimeout(stop, timeoutMs);

  child.on(
    'message',
    (message: {
      type: string;
      id?: number;
      chain?: ChainStep[];
      result?: unknown;
      error?: string;
      exitCode?: number;
    }) => {
      if (message.type === 'ready') child.send({ type: 'run', code, page: pageState(page) });
      else if (message.type === 'call' && typeof message.id === 'number' && Array.isArray(message.chain)) {
        const id = message.id;
        runChain(page, message.chain).then(
          (value) =>
            child.connected && child.send({ type: 'reply', id, ok: true, value, page: pageState(page) }),
          (error: unknown) =>
            child.connected &&
            child.send({
              type: 'reply',
              id,
              ok: false,
              error: error instanceof Error ? error.message.split('\n')[0] : String(error),
              page: pageState(page),
            }),
        );
      } else if (message.type === 'done' && !verdict) {
        verdict = { result: message.result ?? null };
        child.kill('SIGKILL');
      } else if (message.type === 'failed' && !verdict) {
        verdict = { error: String(message.error), exitCode: message.exitCode ?? 1 };
        child.kill('SIGKILL');
      }
    },
  );

  return new Promise((resolve) => {
    child.on('close', (exitCode) => {
      clearTimeout(timer);
      const stdout = Buffer.concat(out).toString('utf8');
      const stderr = Buffer.concat(err).toString('utf8');
      if (verdict && 'result' in verdict) {
        resolve({ stdout, stderr, result: verdict.result, exitCode: 0, killed: false });
      } else if (verdict) {
        resolve({
          stdout,
          stderr,
          result: null,
          exitCode: verdict.exitCode,
          killed: false,
          error: verdict.error,
        });
      } else if (killed) {
        const error =
          outputBytes > MAX_OUTPUT_BYTES ? 'Output limit exceeded' : `Timed out after ${timeoutMs} ms`;
        resolve({ stdout, stderr, result: null, exitCode: 137, killed: true, error });
      } else {
        // Died on its own: out of memory, or a crash.
        resolve({
          stdout,
          stderr,
          result: null,
          exitCode: exitCode ?? 1,
          killed: false,
          error: 'The script process exited unexpectedly',
        });
      }
    });
  });
}
