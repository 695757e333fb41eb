/**
 * Entry of the locked-down child process that runs one interact script (never imported by a
 * service). It starts under Node's permission model (no file writes, no child processes, no
 * workers), in its own network and PID namespaces, so the only way out is the IPC channel to
 * the browser-worker, which relays allowlisted Playwright calls to the session's page.
 */
import vm from 'node:vm';

type Step = { get: string } | { call: unknown[] };
/** What Playwright's page answers without a round trip, as the worker saw it after the last call. */
interface PageState {
  url: string;
  viewportSize: { width: number; height: number } | null;
}
type Reply = { type: 'reply'; id: number; ok: boolean; value?: unknown; error?: string; page?: PageState };
type Run = { type: 'run'; code: string; page?: PageState };

let pageState: PageState = { url: 'about:blank', viewportSize: null };
/** `page.url()` and `page.viewportSize()` are synchronous in Playwright, so scripts use them unawaited. */
const SYNCHRONOUS_PAGE_MEMBERS: Record<string, () => unknown> = {
  url: () => pageState.url,
  viewportSize: () => pageState.viewportSize,
};

const send = (message: unknown) => process.send?.(message);
const pending = new Map<
  number,
  { resolve(value: unknown): void; reject(error: Error): void; awaited: Error }
>();
let nextCallId = 0;

function relay(chain: Step[], awaited: Error): Promise<unknown> {
  const id = ++nextCallId;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject, awaited });
    send({ type: 'call', id, chain });
  });
}

/** Functions travel as their source (they run in the browser page); RegExps as source + flags. */
function encodeArgument(value: unknown): unknown {
  if (typeof value === 'function') return { __function: String(value) };
  if (value instanceof RegExp) return { __regexp: value.source, flags: value.flags };
  if (Array.isArray(value)) return value.map(encodeArgument);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, encodeArgument(item)]));
  return value;
}

/** `page.locator('a').first().click()` records the chain; awaiting it sends the chain for execution. */
function chainProxy(chain: Step[]): unknown {
  return new Proxy(() => undefined, {
    get(_target, property) {
      if (typeof property === 'symbol') return undefined;
      if (chain.length === 0 && property in SYNCHRONOUS_PAGE_MEMBERS)
        return SYNCHRONOUS_PAGE_MEMBERS[property];
      if (property === 'then') {
        // Read as the script awaits the call, so this stack holds the script's line.
        const result = relay(chain, new Error());
        return result.then.bind(result);
      }
      return chainProxy([...chain, { get: property }]);
    },
    apply(_target, _this, args: unknown[]) {
      return chainProxy([...chain, { call: args.map(encodeArgument) }]);
    },
  });
}

function format(values: unknown[]): string {
  return values
    .map((value) => {
      if (typeof value === 'string') return value;
      try {
        return JSON.stringify(value);
      } catch {
        return String(value);
      }
    })
    .join(' ');
}

const sandboxConsole = {
  log: (...values: unknown[]) => process.stdout.write(`${format(values)}\n`),
  info: (...values: unknown[]) => process.stdout.write(`${format(values)}\n`),
  debug: (...values: unknown[]) => process.stdout.write(`${format(values)}\n`),
  warn: (...values: unknown[]) => process.stderr.write(`${format(values)}\n`),
  error: (...values: unknown[]) => process.stderr.write(`${format(values)}\n`),
};

const SCRIPT = 'interact.js';
const isFrame = (line: string) => /^\s+at /.test(line);

/** A page call's failure, standing where the script awaited it. */
function failedCall(message: string, awaited: Error): Error {
  const error = new Error(message);
  error.stack = [`Error: ${message}`, ...(awaited.stack ?? '').split('\n').filter(isFrame)].join('\n');
  return error;
}

/**
 * A failure as the script's author reads it: the error and the script's own lines (`interact.js:3:9`),
 * not the runner's frames. Errors the script throws come from its own realm, so not `instanceof Error`.
 */
function report(error: unknown): string {
  const stack =
    typeof error === 'object' && error !== null && 'stack' in error ? String(error.stack) : String(error);
  return stack
    .split('\n')
    .filter((line) => !isFrame(line) || line.includes(SCRIPT))
    .join('\n');
}

/**
 * The globals a Node script expects beside the language's own: timers, URL, text encoding, base64.
 * The vm context is no security boundary (this process and its namespaces are), only a clean scope.
 */
const NODE_GLOBALS = {
  setTimeout,
  clearTimeout,
  setInterval,
  clearInterval,
  queueMicrotask,
  structuredClone,
  URL,
  URLSearchParams,
  TextEncoder,
  TextDecoder,
  atob,
  btoa,
  AbortController,
};

async function run(code: string): Promise<void> {
  const context = vm.createContext({ ...NODE_GLOBALS, page: chainProxy([]), console: sandboxConsole });
  try {
    // The wrapper's first line is not the author's: line 1 of a stack is line 1 of the code.
    const script = new vm.Script(`(async () => {\n${code}\n})()`, { filename: SCRIPT, lineOffset: -1 });
    const result = await (script.runInContext(context) as Promise<unknown>);
    send({ type: 'done', result: result === undefined ? null : result });
  } catch (error) {
    process.stderr.write(`${report(error)}\n`);
    send({ type: 'failed', error: error instanceof Error ? error.message : String(error) });
  }
}

process.on('message', (message: Run | Reply) => {
  if (message.page) pageState = message.page;
  if (message.type === 'run') {
    void run(message.code);
    return;
  }
  const waiting = pending.get(message.id);
  if (!waiting) return;
  pending.delete(message.id);
  if (message.ok) waiting.resolve(message.value);
  else waiting.reject(failedCall(message.error ?? 'page call failed', waiting.awaited));
});
send({ type: 'ready' });
