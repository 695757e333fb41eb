import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { natsNames } from '#contracts';

/** A prefix of its own for one test run, so runs sharing a NATS server never collide. */
export function uniquePrefix(label = 't'): string {
  return `${label}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

/** Deletes every stream, KV bucket and object store that a run with this prefix created. */
export async function deleteNatsResources(prefix: string, servers = '127.0.0.1:4222'): Promise<void> {
  const names = natsNames(prefix);
  const nc = await connect({ servers });
  try {
    // Deleting a large stream on a busy server takes longer than the default 5 s API timeout.
    const jsm = await jetstreamManager(nc, { timeout: 60_000 });
    const owned = [names.eventsStream, `KV_${prefix}_`, `OBJ_${prefix}_`];
    for await (const stream of jsm.streams.list()) {
      const name = stream.config.name;
      if (name === owned[0] || name.startsWith(owned[1]) || name.startsWith(owned[2])) {
        await jsm.streams.delete(name);
      }
    }
  } finally {
    await nc.close();
  }
}
