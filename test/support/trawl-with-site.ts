import { type FixtureSite, startFixtureSite } from '../fixtures/site/fixture-site.js';
import { type RunningTrawl, startTrawl } from './trawl-process.js';

/**
 * Starts the fixture site and a Trawl for the test file (beforeAll) and stops both (afterAll).
 * Read `trawl` and `site` inside tests, once they have started.
 */
export function trawlWithSite(options: Parameters<typeof startTrawl>[0] = {}): {
  trawl: RunningTrawl;
  site: FixtureSite;
} {
  const running = {} as { trawl: RunningTrawl; site: FixtureSite };
  beforeAll(async () => {
    running.site = await startFixtureSite();
    running.trawl = await startTrawl(options);
  });
  afterAll(async () => {
    await running.trawl?.stop();
    await running.site?.close();
  });
  return running;
}
