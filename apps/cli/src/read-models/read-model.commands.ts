import { Kvm } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import type { NatsNames } from '#contracts';
import type { EventStore } from '#event-store';
import {
  diffReadModels,
  KV_PROJECTIONS,
  type KvProjection,
  readLiveModel,
  rebuildReadModels,
  swapInRebuilt,
} from '../../../projector/src/rebuild/index.js';
import { ProgressBar } from '../store/progress-bar.js';

/** Keys listed per kind of difference; the counts are always complete. */
const KEYS_SHOWN = 20;

/** `<name>` or `--all` → the projections it names. */
export function pickProjections(target: string | undefined): KvProjection[] {
  if (target === '--all') return KV_PROJECTIONS;
  const projection = KV_PROJECTIONS.find((candidate) => candidate.name === target);
  if (!projection) {
    throw new Error(
      `unknown read model "${target ?? ''}": one of ${KV_PROJECTIONS.map((p) => p.name).join(', ')}, or --all`,
    );
  }
  return [projection];
}

/**
 * `trawl verify <model>|--all`: rebuilds aside from position zero and reports every difference
 * from the live model (0 when there is none, 1 otherwise). `trawl rebuild <model>|--all`: the
 * same, then writes the differences into the live bucket, and verifies again.
 */
export async function readModelCommand(
  mode: 'verify' | 'rebuild',
  projections: KvProjection[],
  { store, nc, names }: { store: EventStore; nc: NatsConnection; names: NatsNames },
  log = process.stderr,
): Promise<number> {
  const bar = new ProgressBar(log);
  const started = Date.now();
  let head = 0;
  const rebuilt = await rebuildReadModels(store, projections, (position, events) =>
    bar.update(head === 0 ? 1 : position / head, events),
  );
  head = rebuilt.head;
  bar.update(1, rebuilt.events);
  bar.done();
  log.write(`replayed ${rebuilt.events} events in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  const kvm = new Kvm(nc);
  const reports = [];
  for (const projection of projections) {
    const kv = await kvm.create(
      names.kvBucket(projection.name),
      projection.ttlMs ? { ttl: projection.ttlMs } : {},
    );
    const model = rebuilt.models.get(projection.name) as Map<string, string>;
    let live = await readLiveModel(kv);
    let difference = diffReadModels(model, live.model, { ttlMs: projection.ttlMs });
    let skipped: number | undefined;
    if (mode === 'rebuild') {
      skipped = await swapInRebuilt(kv, model, difference, live.revisions);
      live = await readLiveModel(kv);
      difference = diffReadModels(model, live.model, { ttlMs: projection.ttlMs });
    }
    const differences = difference.missing.length + difference.extra.length + difference.changed.length;
    reports.push({
      readModel: projection.name,
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
