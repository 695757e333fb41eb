import { Module } from '@nestjs/common';
import { BrowserPoolMetrics } from './browser-pool.metrics.js';
import { browserPoolProvider } from './browser-pool.provider.js';
import { InteractSessions } from './interact/interact-sessions.service.js';
import { ProfileVault } from './profiles/profile-vault.service.js';
import { ScrapeRequestedHandler } from './scrape-requested/scrape-requested.handler.js';

/** Reacts to scrape requests with a pooled Chromium (Playwright); keeps pages alive for interact. */
@Module({
  providers: [
    browserPoolProvider,
    BrowserPoolMetrics,
    ProfileVault,
    InteractSessions,
    ScrapeRequestedHandler,
  ],
})
export class BrowserWorkerModule {}
