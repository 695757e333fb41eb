import type { NatsConnection } from '@nats-io/transport-node';
import type { S3BlobSettings } from '#config';
import type { NatsNames } from '#contracts';
import type { EventStore } from '#event-store';
import { blobStoreOpener, openKv } from '#messaging';
import {
  ALL_PROJECTIONS,
  diffReadModels,
  type Projection,
  readLiveModel,
  rebuildReadModels,
  swapInRebuilt,
} from '../../../projector/src/rebuild/index.js';
import { ProgressBar } from '../store/progress-bar.js';

/** Keys listed per kind of difference; the counts are always complete. */
const KEYS_SHOWN = 20;

/** `<readModel>` or `--all` → the projections that write it (a projection may write several). */
export function pickProjections(target: string | undefined): readonly Projection[] {
  if (target === '--all') return ALL_PROJECTIONS;
  const projection = ALL_PROJECTIONS.find((candidate) =>
    candidate.readModels.some((readModel) => readModel.name === target),
  );
  if (!projection) {
    const known = ALL_PROJECTIONS.flatMap((p) => p.readModels.map((readModel) => readModel.name));
    throw new Error(`unknown read model "${target ?? ''}": one of ${known.join(', ')}, or --all`);
  }
  return [projection];
}

/**
 * `trawl verify <model>|--all`: rebuilds aside from position zero and reports every difference
 * from the live models (0 when there is none, 1 otherwise). `trawl rebuild <model>|--all`: the
 * same, then writes the differences into the live buckets, and verifies again. Every read model
 * of the projections picked is compared.
 */
export async function readModelCommand(
  mode: 'verify' | 'rebuild',
  projections: readonly Projection[],
  { store, nc, names, s3 }: { store: EventStore; nc: NatsConnection; names: NatsNames; s3?: S3BlobSettings },
  log = process.stderr,
): Promise<number> {
  const bar = new ProgressBar(log);
  const started = Date.now();
  let head = 0;
  const blobs = await blobStoreOpener(nc, s3)(names.blobBucket);
  const rebuilt = await rebuildReadModels(store, projections, { blobs }, (position, events) =>
    bar.update(head === 0 ? 1 : position / head, events),
  );
  head = rebuilt.head;
  bar.update(1, rebuilt.events);
  bar.done();
  log.write(`replayed ${rebuilt.events} events in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  const reports = [];
  for (const { name, ttlMs } of projections.flatMap((projection) => projection.readModels)) {
    const kv = await openKv(nc, names.kvBucket(name), ttlMs ? { ttl: ttlMs } : {});
    const model = rebuilt.models.get(name) as Map<string, string>;
    let live = await readLiveModel(kv);
    let difference = diffReadModels(model, live.model, { ttlMs });
    let skipped: number | undefined;
    if (mode === 'rebuild') {
      skipped = await swapInRebuilt(kv, model, difference, live.revisions);
      live = await readLiveModel(kv);
      difference = diffReadModels(model, live.model, { ttlMs });
    }
    const differences = difference.missing.length + difference.extra.length + difference.changed.length;
    reports.push({
      readModel: name,
      rebuiltEntries: model.size,
      liveEntries: live.model.size,
      differences,
      missing: difference.missing.slice(0, KEYS_SHOWN),
      extra: difference.extra.slice(0, KEYS_SHOWN),
      changed: difference.changed.slice(0, KEYS_SHOWN),
      ...(skipped === undefined ? {} : { skippedAsNewer: skipped }),
    });
  }
  process.stdout.write(`${JSON.stringify(reports, null, 2)}\n`);
  return reports.every((report) => report.differences === 0) ? 0 : 1;
}
