import { Module } from '@nestjs/common';
import { LlmModule } from '#llm';
import { PageFetchedHandler } from './page-fetched/page-fetched.handler.js';

/** Reacts to fetched pages: HTML -> markdown/html/links/metadata formats, in a worker-thread pool. */
@Module({ imports: [LlmModule.forRoot()], providers: [PageFetchedHandler] })
export class ExtractorModule {}
