import { Module } from '@nestjs/common';
import { ApiKeysProjector } from './api-keys/api-keys.projector.service.js';
import { CacheIndexProjector } from './cache-index/cache-index.projector.service.js';

/** Projections: read models rebuilt from the event stream. */
@Module({ providers: [ApiKeysProjector, CacheIndexProjector] })
export class ProjectorModule {}
