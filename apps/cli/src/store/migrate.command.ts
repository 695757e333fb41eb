import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { type EventStore, type MigrationCheckpoint, migrateEvents, verifyMigration } from '#event-store';
import { redact } from './open-store.js';
import { ProgressBar } from './progress-bar.js';

interface CheckpointFile extends MigrationCheckpoint {
  from: string;
  to: string;
  finished?: boolean;
}

/**
 * `trawl migrate --from <store> --to <store> [--checkpoint <file>]`: copies every event, with a
 * progress bar, saving a checkpoint after each batch (run it again to resume), then verifies the
 * copy (counts and per-stream SHA-256). Answers 0 when the copy verifies, 1 otherwise.
 */
export async function migrateCommand(
  urls: { from: string; to: string },
  stores: { source: EventStore; target: EventStore },
  checkpointPath: string,
  log = process.stderr,
): Promise<number> {
  const from = redact(urls.from);
  const to = redact(urls.to);
  const saved = readCheckpoint(checkpointPath, from, to);
  if (saved?.finished) log.write(`already copied (${saved.events} events); verifying again\n`);
  else {
    if (saved) log.write(`resuming after position ${saved.position} (${saved.events} events copied)\n`);
    const bar = new ProgressBar(log);
    const done = await migrateEvents(stores.source, stores.target, {
      ...(saved ? { resumeFrom: saved } : {}),
      onBatch: (progress) => {
        writeCheckpoint(checkpointPath, { from, to, position: progress.position, events: progress.events });
        bar.update(progress.head === 0 ? 1 : progress.position / progress.head, progress.events);
      },
    });
    bar.done();
    writeCheckpoint(checkpointPath, { from, to, ...done, finished: true });
    log.write(`copied ${done.events} events from ${from} to ${to}\n`);
  }
  log.write('verifying (counts and per-stream SHA-256)…\n');
  const report = await verifyMigration(stores.source, stores.target);
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  return report.ok ? 0 : 1;
}

function readCheckpoint(path: string, from: string, to: string): CheckpointFile | undefined {
  if (!existsSync(path)) return undefined;
  const saved = JSON.parse(readFileSync(path, 'utf8')) as CheckpointFile;
  if (saved.from !== from || saved.to !== to) {
    throw new Error(`checkpoint ${path} belongs to ${saved.from} -> ${saved.to}: pass another --checkpoint`);
  }
  return saved;
}

/** Written aside, then renamed: a crash mid-write never leaves a torn checkpoint. */
function writeCheckpoint(path: string, checkpoint: CheckpointFile): void {
  writeFileSync(`${path}.tmp`, `${JSON.stringify(checkpoint)}\n`);
  renameSync(`${path}.tmp`, path);
}
