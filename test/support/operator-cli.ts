import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from './repo-root.js';
import type { RunningTrawl } from './trawl-process.js';

/** Runs the built operator CLI against a running Trawl, as an operator does; returns its JSON output. */
// biome-ignore lint/suspicious/noExplicitAny: the CLI prints arbitrary JSON
export function operatorCli(trawl: RunningTrawl, ...args: string[]): any {
  const result = spawnSync(process.execPath, [join(repoRoot, 'dist/apps/cli/src/main.js'), ...args], {
    env: trawl.env,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`trawl ${args.join(' ')} failed: ${result.stderr}`);
  return JSON.parse(result.stdout);
}

/** A new team with its first key, created with the CLI. */
export function createTeam(
  trawl: RunningTrawl,
  name: string,
): { teamId: string; keyId: string; key: string } {
  return operatorCli(trawl, 'teams', 'create', name);
}

/** Polls `probe` until it returns something truthy (read models catch up asynchronously). */
export async function eventually<T>(probe: () => Promise<T | undefined | false>, what: string): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
