/**
 * Entry of the locked-down child process that runs one interact script (never imported by a
 * service). It starts under Node's permission model (no file writes, no child processes, no
 * workers), in its own network and PID namespaces, so the only way out is the IPC channel to
 * the browser-worker, which relays allowlisted Playwright calls to the session's page.
 */
import vm from 'node:vm';

type Step = { get: string } | { call: unknown[] };
type Reply = { type: 'reply'; id: number; ok: boolean; value?: unknown; error?: string };

const send = (message: unknown) => process.send?.(message);
const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
let nextCallId = 0;

function relay(chain: Step[]): Promise<unknown> {
  const id = ++nextCallId;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
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
      if (property === 'then') {
        const result = relay(chain);
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

async function run(code: string): Promise<void> {
  const context = vm.createContext({ page: chainProxy([]), console: sandboxConsole });
  try {
    const script = new vm.Script(`(async () => {\n${code}\n})()`, { filename: 'interact.js' });
    const result = await (script.runInContext(context) as Promise<unknown>);
    send({ type: 'done', result: result === undefined ? null : result });
  } catch (error) {
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    process.stderr.write(`${message}\n`);
    send({ type: 'failed', error: error instanceof Error ? error.message : String(error) });
  }
}

process.on('message', (message: { type: 'run'; code: string } | Reply) => {
  if (message.type === 'run') {
    void run(message.code);
    return;
  }
  const waiting = pending.get(message.id);
  if (!waiting) return;
  pending.delete(message.id);
  if (message.ok) waiting.resolve(message.value);
  else waiting.reject(new Error(message.error));
});
send({ type: 'ready' });
