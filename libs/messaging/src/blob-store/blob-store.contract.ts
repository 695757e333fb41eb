import { randomUUID } from 'node:crypto';
import type { BlobStore, BlobStoreOpener } from './blob-store.js';

/**
 * The behaviour every BlobStore adapter must have. Each adapter's spec calls this with an opener
 * of named stores; every test opens stores under fresh names, and destroys them.
 */
export function describeBlobStoreContract(adapter: string, opener: () => BlobStoreOpener) {
  describe(`BlobStore contract: ${adapter}`, () => {
    const opened: BlobStore[] = [];
    const open = async (options?: { ttlMs?: number }, name = `contract_${randomUUID().slice(0, 8)}`) => {
      const store = await opener()(name, options);
      opened.push(store);
      return store;
    };
    afterAll(async () => {
      await Promise.all(opened.map((store) => store.destroy().catch(() => undefined)));
    });

    it('keeps bytes and text under keys with slashes, spaces and other characters', async () => {
      const store = await open();
      const everyByte = Uint8Array.from({ length: 256 }, (_, index) => index);
      await store.put('pages/0193a6f0-0000-7000-8000-000000000001', everyByte);
      await store.put('files/a b+c&d=é/report (1).pdf', 'Grüße, 東京 — “quotes”');
      expect(await store.getBytes('pages/0193a6f0-0000-7000-8000-000000000001')).toEqual(everyByte);
      expect(await store.getText('files/a b+c&d=é/report (1).pdf')).toBe('Grüße, 東京 — “quotes”');
    });

    it('answers undefined for unknown keys, replaces on put, and deletes (twice is fine)', async () => {
      const store = await open();
      expect(await store.getBytes('missing')).toBeUndefined();
      expect(await store.getText('missing')).toBeUndefined();
      await store.put('doc', 'first');
      await store.put('doc', 'second');
      expect(await store.getText('doc')).toBe('second');
      await store.delete('doc');
      expect(await store.getText('doc')).toBeUndefined();
      await store.delete('doc');
    });

    it('keeps bodies larger than a NATS message (1 MB)', async () => {
      const store = await open();
      const body = new Uint8Array(3 * 1024 * 1024 + 17).map((_, index) => (index * 31) % 251);
      await store.put('big', body);
      expect(Buffer.from((await store.getBytes('big')) as Uint8Array).equals(Buffer.from(body))).toBe(true);
    });

    it('keeps named stores apart, and destroy empties one', async () => {
      const name = `contract_${randomUUID().slice(0, 8)}`;
      const one = await open({}, name);
      const other = await open();
      await one.put('shared-key', 'one');
      await other.put('shared-key', 'other');
      expect(await one.getText('shared-key')).toBe('one');
      await one.destroy();
      expect(await (await open({}, name)).getText('shared-key')).toBeUndefined();
      expect(await other.getText('shared-key')).toBe('other');
    });

    it('lets entries expire after the TTL', async () => {
      const store = await open({ ttlMs: 2_000 });
      await store.put('short-lived', 'soon gone');
      expect(await store.getText('short-lived')).toBe('soon gone');
      // Expiry is the backend's (JetStream max age) or the adapter's: wait for it, bounded.
      const deadline = Date.now() + 20_000;
      while ((await store.getText('short-lived')) !== undefined) {
        if (Date.now() > deadline) throw new Error('the entry never expired');
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    });
  });
}
