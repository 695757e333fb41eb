import { type BigSiteSize, type FixtureSite, startFixtureSite } from '../fixtures/site/fixture-site.js';
import { joinSharedTrawl } from './shared-trawl.js';
import { type RunningTrawl, startTrawl, type Trawl } from './trawl-process.js';

/**
 * Starts the fixture site and a Trawl for the test file (beforeAll) and stops both (afterAll).
 * Read `trawl` and `site` inside tests, once they have started. `bigSite` sizes the site's big
 * crawl section (default `BIG_SITE`).
 */
export function trawlWithSite(options: Parameters<typeof startTrawl>[0] & { bigSite?: BigSiteSize } = {}): {
  trawl: RunningTrawl;
  site: FixtureSite;
} {
  const running = {} as { trawl: RunningTrawl; site: FixtureSite };
  beforeAll(async () => {
    const { bigSite, ...trawlOptions } = options;
    running.site = await startFixtureSite({ bigSite });
    running.trawl = await startTrawl(trawlOptions);
  });
  afterAll(async () => {
    await running.trawl?.stop();
    await running.site?.close();
  });
  return running;
}

/**
 * Like `trawlWithSite()`, but on the Trawl the e2e project's test files share, with a team of the
 * file's own (scrapes, cache, monitors, profiles, credits are per team; the site is the file's own).
 * Only for files that need no option beyond its own (`SHARED_OPTIONS` in global-setup.ts) and neither
 * read its logs or metrics nor restart it.
 */
export function sharedTrawlWithSite(): { trawl: Trawl; site: FixtureSite } {
  const running = {} as { trawl: Trawl; site: FixtureSite };
  beforeAll(async () => {
    running.site = await startFixtureSite();
    running.trawl = await joinSharedTrawl();
  });
  afterAll(() => running.site?.close());
  return running;
}
