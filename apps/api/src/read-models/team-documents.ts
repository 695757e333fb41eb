import type { KV } from '@nats-io/kv';

/** Every document of one team in a read model keyed `<teamId>.<id>` (one team never reads another's). */
export async function teamDocuments<Document>(kv: KV, teamId: string): Promise<Document[]> {
  const documents: Document[] = [];
  for await (const key of await kv.keys(`${teamId}.*`)) {
    const entry = await kv.get(key);
    if (entry?.operation === 'PUT') documents.push(entry.json<Document>());
  }
  return documents;
}
