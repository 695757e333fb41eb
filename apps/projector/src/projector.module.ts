import { Module } from '@nestjs/common';
import { ApiKeysProjector } from './api-keys/api-keys.projector.service.js';
import { ScrapeReadModelProjectors } from './read-model-projectors.service.js';
import { SearchIndexProjector } from './search-index/search-index.projector.service.js';

/** Projections: read models rebuilt from the event stream. */
@Module({ providers: [ApiKeysProjector, ScrapeReadModelProjectors, SearchIndexProjector] })
export class ProjectorModule {}
