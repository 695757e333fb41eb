import { Module } from '@nestjs/common';
import { browserPoolProvider } from './browser-pool.provider.js';
import { InteractSessions } from './interact/interact-sessions.service.js';
import { ScrapeRequestedHandler } from './scrape-requested/scrape-requested.handler.js';

/** Reacts to scrape requests with a pooled Chromium (Playwright); keeps pages alive for interact. */
@Module({ providers: [browserPoolProvider, InteractSessions, ScrapeRequestedHandler] })
export class BrowserWorkerModule {}
