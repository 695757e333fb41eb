import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { TRAWL_CONFIG, type TrawlConfig } from '#config';
import { ContentPool } from '#content';
import { LibreOfficeConverter, OfficePool } from '#office';
import { type ConversionPools, closeConversionPools, PdfPool } from '#pdf';

/**
 * The worker pools of the pages this api converts itself: cache hits, zero-data-retention scrapes
 * and uploads. Half the extractor's threads each (the extractor does most conversions), made on
 * first use, so an api that only answers from the extractor holds no threads. LibreOffice runs as
 * many conversions at once as a pool has threads.
 */
@Injectable()
export class ApiConversionPools implements OnApplicationShutdown {
  private pools?: ConversionPools;

  constructor(@Inject(TRAWL_CONFIG) private readonly config: TrawlConfig) {}

  get(): ConversionPools {
    const threads = Math.max(1, Math.floor(this.config.extractorThreads / 2));
    this.pools ??= {
      pdf: new PdfPool(threads),
      office: new OfficePool(threads),
      content: new ContentPool(threads),
      libreOffice: new LibreOfficeConverter({
        ...this.config.office,
        bwrapPath: this.config.bwrapPath,
        maxRunning: threads,
      }),
    };
    return this.pools;
  }

  async onApplicationShutdown() {
    if (this.pools) await closeConversionPools(this.pools);
  }
}
