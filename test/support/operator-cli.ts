import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from './repo-root.js';
import type { RunningTrawl } from './trawl-process.js';

const run = promisify(execFile);

/**
 * Runs the built operator CLI against a running Trawl, as an operator does; returns its JSON
 * output. Asynchronously: a blocked test process would miss the server closing idle keep-alive
 * sockets and reuse a dead one ("other side closed").
 */
// biome-ignore lint/suspicious/noExplicitAny: the CLI prints arbitrary JSON
export async function operatorCli(trawl: RunningTrawl, ...args: string[]): Promise<any> {
  return JSON.parse(await cliOutput(trawl, args));
}

/** A stream's events as `trawl history <stream> --json` prints them, oldest first. */
// biome-ignore lint/suspicious/noExplicitAny: the CLI prints arbitrary JSON
export async function streamHistory(trawl: RunningTrawl, stream: string): Promise<any[]> {
  const lines = (await cliOutput(trawl, ['history', stream, '--json'])).trim().split('\n');
  return lines.filter(Boolean).map((line) => JSON.parse(line));
}

async function cliOutput(trawl: RunningTrawl, args: string[]): Promise<string> {
  const cli = join(repoRoot, 'dist/apps/cli/src/main.js');
  const { stdout } = await run(process.execPath, [cli, ...args], { env: trawl.env, encoding: 'utf8' });
  return stdout;
}

/** A new team with its first key, created with the CLI. */
export function createTeam(
  trawl: RunningTrawl,
  name: string,
): Promise<{ teamId: string; keyId: string; key: string }> {
  return operatorCli(trawl, 'teams', 'create', name);
}
