import { type BigSiteSize, type FixtureSite, startFixtureSite } from '../fixtures/site/fixture-site.js';
import { type RunningTrawl, startTrawl } from './trawl-process.js';

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
