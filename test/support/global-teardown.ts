import { readFile, rm } from 'node:fs/promises';
import { setupGlobals, sharedTrawlDescription } from './shared-trawl.js';

/** Pino's `error` level: what the service logs when something failed that no caller was told of. */
const ERROR_LEVEL = 50;

/**
 * Jest global teardown of the e2e project: reports the errors the shared Trawl logged (its log is
 * the only trace of an unexpected failure behind a test's bare 500), then stops it and deletes its
 * log and NATS resources.
 */
export default async function globalTeardown() {
  const { logFile } = sharedTrawlDescription();
  await setupGlobals.sharedTrawl?.stop();
  const errors = loggedErrors(await readFile(logFile, 'utf8').catch(() => ''));
  if (errors.length > 0) {
    process.stderr.write(
      `\nThe shared Trawl logged ${errors.length} error(s) during the e2e run:\n${errors.join('\n')}\n`,
    );
  }
  await rm(logFile, { force: true });
}

interface LogEntry {
  level?: number;
  time?: number;
  msg?: string;
  err?: { stack?: string };
  [field: string]: unknown;
}

/** Each error entry of a pino log: its message, context and stack, one block per entry. */
function loggedErrors(log: string): string[] {
  return log.split('\n').flatMap((line) => {
    const entry = jsonLine(line);
    if (!entry) return [];
    const { level, time, msg, err, pid, hostname, ...context } = entry;
    if (typeof level !== 'number' || level < ERROR_LEVEL) return [];
    const stack = err?.stack ?? (err ? JSON.stringify(err) : '');
    return [`- ${new Date(time ?? 0).toISOString()} ${msg} ${JSON.stringify(context)}\n  ${stack}`];
  });
}

/** A log line as JSON, or undefined for anything else the apps printed. */
function jsonLine(line: string): LogEntry | undefined {
  if (!line.startsWith('{')) return undefined;
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}
