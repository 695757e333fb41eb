import { BrowserPool } from '#browser';
import { TRAWL_CONFIG, type TrawlConfig } from '#config';

export const BROWSER_POOL = Symbol('BROWSER_POOL');

/** One Chromium per browser-worker, shared by scrapes and interact sessions. */
export const browserPoolProvider = {
  provide: BROWSER_POOL,
  inject: [TRAWL_CONFIG],
  useFactory: (config: TrawlConfig) =>
    new BrowserPool({ executablePath: config.chromiumPath, concurrency: config.browserConcurrency }),
};
