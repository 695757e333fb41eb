import { Module } from '@nestjs/common';
import { ApiKeysProjector } from './api-keys/api-keys.projector.service.js';

/** Projections: read models rebuilt from the event stream. */
@Module({ providers: [ApiKeysProjector] })
export class ProjectorModule {}
