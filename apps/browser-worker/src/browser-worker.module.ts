import { Module } from '@nestjs/common';
import { LlmModule } from '#llm';
import { BrowserPoolMetrics } from './browser-pool.metrics.js';
import { browserPoolProvider } from './browser-pool.provider.js';
import { BrowserSessions } from './browser-sessions/browser-sessions.service.js';
import { InteractSessions } from './interact/interact-sessions.service.js';
import { ProfileVault } from './profiles/profile-vault.service.js';
import { ScrapeRequestedHandler } from './scrape-requested/scrape-requested.handler.js';

/** Reacts to scrape requests with a pooled Chromium (Playwright); keeps pages alive for interact; holds browser sessions. */
@Module({
  imports: [LlmModule.forRoot()],
  providers: [
    browserPoolProvider,
    BrowserPoolMetrics,
    ProfileVault,
    InteractSessions,
    BrowserSessions,
    ScrapeRequestedHandler,
  ],
})
export class BrowserWorkerModule {}
