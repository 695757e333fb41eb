import { Controller, Get, Param, Query, UseGuards } from '@nestjs/common';
import { AUDIT_CATEGORY, type StreamHistoryPage, TrawlError } from '#contracts';
import { CommandBus } from '#messaging';
import { OpenApiOperation } from '#openapi';
import { refusalsAsErrors } from '../http/refusals-as-errors.js';
import { AdminKeyGuard } from './admin-key.guard.js';

const STREAM_ID = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,199}$/;

/** The timeline of any stream (`scrape-<id>`, `monitor-<id>`, `team-<id>`, …) for the operator's audits. */
@Controller('v2/admin/streams')
@UseGuards(AdminKeyGuard)
export class AdminStreamsHttpController {
  constructor(private readonly bus: CommandBus) {}

  @OpenApiOperation({ summary: 'Audit timeline of one event stream', errors: ['BAD_REQUEST', 'NOT_FOUND'] })
  @Get(':streamId')
  async history(
    @Param('streamId') streamId: string,
    @Query('fromRevision') fromRevision = '0',
    @Query('limit') limit = '100',
  ) {
    const from = naturalNumber('fromRevision', fromRevision, 0);
    const count = naturalNumber('limit', limit, 1);
    if (!STREAM_ID.test(streamId)) {
      throw new TrawlError('BAD_REQUEST', 'streamId must be a stream name such as scrape-<id>');
    }
    const page = await refusalsAsErrors(() =>
      this.bus.send<StreamHistoryPage>(AUDIT_CATEGORY, 'StreamHistory', {
        streamId,
        fromRevision: from,
        limit: count,
      }),
    );
    return { success: true, data: page };
  }
}

/** A whole number from `min` up to 2^53 − 1 (beyond it numbers are not exact, and the event store refuses them). */
function naturalNumber(name: string, value: string, min: number): number {
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed) || parsed < min) {
    throw new TrawlError(
      'BAD_REQUEST',
      `${name} must be an integer from ${min} to ${Number.MAX_SAFE_INTEGER}`,
    );
  }
  return parsed;
}
