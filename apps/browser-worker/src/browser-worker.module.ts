import { Module } from '@nestjs/common';
import { ScrapeRequestedHandler } from './scrape-requested/scrape-requested.handler.js';

/** Reacts to scrape requests with a pooled Chromium (Playwright). */
@Module({ providers: [ScrapeRequestedHandler] })
export class BrowserWorkerModule {}
