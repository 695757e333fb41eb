import type { KV } from '@nats-io/kv';

/**
 * The documents of one read model, key → JSON text. A projection writes through this and nothing
 * else, so the same code fills the live KV bucket and a model rebuilt aside in memory.
 */
export interface ReadModelDocuments {
  get(key: string): Promise<string | undefined>;
  put(key: string, value: string): Promise<void>;
  remove(key: string): Promise<void>;
  /** Keys matching a NATS subject filter (`*` one token, `>` the rest). */
  keys(filter: string): AsyncIterable<string>;
}

/** A read model's document, parsed from its JSON; undefined when there is none. */
export async function documentOf<Document>(
  documents: ReadModelDocuments,
  key: string,
): Promise<Document | undefined> {
  const value = await documents.get(key);
  return value === undefined ? undefined : (JSON.parse(value) as Document);
}

/** The live read model: a JetStream KV bucket. Removal purges, so no history of the key stays. */
export function kvDocuments(kv: KV): ReadModelDocuments {
  return {
    async get(key) {
      const entry = await kv.get(key);
      return entry && entry.operation === 'PUT' ? entry.string() : undefined;
    },
    async put(key, value) {
      await kv.put(key, value);
    },
    async remove(key) {
      await kv.purge(key);
    },
    async *keys(filter) {
      yield* await kv.keys(filter);
    },
  };
}

/** A read model rebuilt aside: the same documents in a Map. */
export function mapDocuments(model: Map<string, string>): ReadModelDocuments {
  return {
    get: async (key) => model.get(key),
    put: async (key, value) => {
      model.set(key, value);
    },
    remove: async (key) => {
      model.delete(key);
    },
    async *keys(filter) {
      // A snapshot: callers remove keys while iterating.
      for (const key of [...model.keys()]) if (matchesSubjectFilter(key, filter)) yield key;
    },
  };
}

/** NATS subject matching: tokens split on `.`, `*` matches one token, a final `>` one or more. */
export function matchesSubjectFilter(key: string, filter: string): boolean {
  const keyTokens = key.split('.');
  const filterTokens = filter.split('.');
  for (let i = 0; i < filterTokens.length; i++) {
    const token = filterTokens[i];
    if (token === '>') return keyTokens.length > i;
    if (i >= keyTokens.length || (token !== '*' && token !== keyTokens[i])) return false;
  }
  return keyTokens.length === filterTokens.length;
}
