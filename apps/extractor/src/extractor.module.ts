import { Module } from '@nestjs/common';
import { PageFetchedHandler } from './page-fetched/page-fetched.handler.js';

/** Reacts to fetched pages: HTML -> markdown/html/links/metadata formats, in a worker-thread pool. */
@Module({ providers: [PageFetchedHandler] })
export class ExtractorModule {}
