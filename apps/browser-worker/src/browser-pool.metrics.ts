import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { BrowserPool } from '#browser';
import { registerSampledGauge } from '#observability';
import { BROWSER_POOL } from './browser-pool.provider.js';

/** Browser pool usage on `/metrics`: contexts open, fetches holding or waiting for a slot, and the slot count. */
@Injectable()
export class BrowserPoolMetrics implements OnApplicationBootstrap, OnApplicationShutdown {
  private unregister: (() => void)[] = [];

  constructor(@Inject(BROWSER_POOL) private readonly pool: BrowserPool) {}

  onApplicationBootstrap() {
    const gauge = (name: string, help: string, read: (usage: ReturnType<BrowserPool['usage']>) => number) =>
      registerSampledGauge({ name, help, sample: () => [{ value: read(this.pool.usage()) }] });
    this.unregister = [
      gauge(
        'trawl_browser_contexts_open',
        'Browser contexts open: pages rendering, pages kept for interact and browser sessions',
        (usage) => usage.contextsOpen,
      ),
      gauge('trawl_browser_slots_busy', 'Page fetches holding a browser slot', (usage) => usage.active),
      gauge('trawl_browser_slots_queued', 'Page fetches waiting for a browser slot', (usage) => usage.queued),
      gauge(
        'trawl_browser_slots',
        'Browser slots (BROWSER_CONCURRENCY): pages rendered at once',
        (usage) => usage.concurrency,
      ),
    ];
  }

  onApplicationShutdown() {
    for (const unregister of this.unregister) unregister();
  }
}
