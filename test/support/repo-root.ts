import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The checkout's root, found from here both in the sources (jest) and in `dist/` (bench). */
export const repoRoot = ((): string => {
  let dir = import.meta.dirname;
  while (!existsSync(join(dir, 'nest-cli.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('cannot find the repository root (nest-cli.json)');
    dir = parent;
  }
  return dir;
})();
