import { readdirSync, readFileSync } from 'node:fs';

/** Linux counts CPU time in ticks of 1/100 s (USER_HZ) and resident memory in pages (4 KiB on x86-64). */
const TICKS_PER_SECOND = 100;
const PAGE_BYTES = 4096;

export interface ProcessFigures {
  pid: number;
  /** CPU it has used, with that of the children it has already reaped. */
  cpuSeconds: number;
  rssBytes: number;
}

/** The live descendants of a process (Chromium and its renderers, say), read from /proc. */
export function descendantsOf(root: number): ProcessFigures[] {
  const processes = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((pid) => {
      try {
        // Fields after the command name, which sits in parentheses and may hold spaces.
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const ticks = [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index]), 0);
        return [
          {
            pid: Number(pid),
            parent: Number(fields[1]),
            cpuSeconds: ticks / TICKS_PER_SECOND,
            rssBytes: Number(fields[21]) * PAGE_BYTES,
          },
        ];
      } catch {
        return []; // It exited while /proc was read.
      }
    });
  const ours = new Set([root]);
  const found: ProcessFigures[] = [];
  for (let grew = true; grew; ) {
    grew = false;
    for (const { parent, ...figures } of processes) {
      if (ours.has(parent) && !ours.has(figures.pid)) {
        ours.add(figures.pid);
        found.push(figures);
        grew = true;
      }
    }
  }
  return found;
}
