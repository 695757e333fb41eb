/** Bodies of action routes are `{}` or `{origin}` (API-NOTES.md). */
const ORIGIN_BODY = {
  type: 'object',
  properties: { origin: { type: 'string' } },
  additionalProperties: false,
} as const;

import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  Query,
  Req,
  UseGuards,
} from '@nestjs/common';
import type { Request } from 'express';
import { CreateMonitorDto, TrawlError, UpdateMonitorDto } from '#contracts';
import { OpenApiOperation } from '#openapi';
import { ApiKeyGuard } from '../auth/api-key.guard.js';
import { type Caller, CallerOf } from '../auth/caller.decorator.js';
import { TeamId } from '../auth/team-id.decorator.js';
import { correlationIdOf } from '../http/correlation-id.js';
import { RateLimitGuard } from '../limits/rate-limit.guard.js';
import { MonitorService } from './monitor.service.js';

const PAGE_STATUSES = ['new', 'same', 'changed', 'removed', 'error'];
const CHECK_STATUSES = [
  'queued',
  'running',
  'completed',
  'partial',
  'failed',
  'skipped_overlap',
  'skipped_no_credits',
];

@Controller('v2/monitor')
@UseGuards(ApiKeyGuard, RateLimitGuard)
export class MonitorHttpController {
  constructor(private readonly monitors: MonitorService) {}

  @OpenApiOperation({ summary: 'Create a monitor', body: CreateMonitorDto })
  @Post()
  @HttpCode(200)
  async create(@Body() body: unknown, @CallerOf() caller: Caller, @Req() req: Request) {
    return { success: true, data: await this.monitors.create(caller, body, correlationIdOf(req)) };
  }

  @OpenApiOperation({
    summary: 'Monitors of the calling team',
    query: {
      limit: {
        description: 'Monitors per page',
        schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
      },
      offset: { description: 'Monitors to skip', schema: { type: 'integer', minimum: 0, default: 0 } },
    },
    errors: ['BAD_REQUEST'],
  })
  @Get()
  async list(@TeamId() teamId: string, @Query() query: Record<string, unknown>) {
    const { limit, offset } = paging(query, 'offset');
    return { success: true, data: await this.monitors.list(teamId, limit, offset) };
  }

  @OpenApiOperation({ summary: 'One monitor', errors: ['MONITOR_NOT_FOUND'] })
  @Get(':id')
  async get(@TeamId() teamId: string, @Param('id') id: string) {
    return { success: true, data: await this.monitors.get(teamId, id) };
  }

  @OpenApiOperation({
    summary: 'Change a monitor (at least one field)',
    body: UpdateMonitorDto,
    errors: ['MONITOR_NOT_FOUND'],
  })
  @Patch(':id')
  async update(
    @TeamId() teamId: string,
    @Param('id') id: string,
    @Body() body: unknown,
    @Req() req: Request,
  ) {
    return { success: true, data: await this.monitors.update(teamId, id, body, correlationIdOf(req)) };
  }

  @OpenApiOperation({ summary: 'Delete a monitor', errors: ['MONITOR_NOT_FOUND'] })
  @Delete(':id')
  async delete(@TeamId() teamId: string, @Param('id') id: string, @Req() req: Request) {
    await this.monitors.delete(teamId, id, correlationIdOf(req));
    return { success: true };
  }

  @OpenApiOperation({
    summary: 'Run a check now',
    bodySchema: ORIGIN_BODY,
    errors: ['MONITOR_NOT_FOUND', 'MONITOR_PAUSED', 'MONITOR_CHECK_RUNNING'],
  })
  @Post(':id/run')
  @HttpCode(200)
  async run(@TeamId() teamId: string, @Param('id') id: string, @Body() body: unknown, @Req() req: Request) {
    onlyOrigin(body);
    const check = await this.monitors.run(teamId, id, correlationIdOf(req));
    return { success: true, id: check.id, data: check };
  }

  @OpenApiOperation({
    summary: 'Checks of a monitor',
    query: {
      limit: {
        description: 'Checks per page',
        schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
      },
      offset: { description: 'Checks to skip', schema: { type: 'integer', minimum: 0, default: 0 } },
      status: { description: 'Only checks with this status', schema: { enum: CHECK_STATUSES } },
    },
    errors: ['BAD_REQUEST', 'MONITOR_NOT_FOUND'],
  })
  @Get(':id/checks')
  async checks(@TeamId() teamId: string, @Param('id') id: string, @Query() query: Record<string, unknown>) {
    const { limit, offset } = paging(query, 'offset');
    const status = statusFilter(query, CHECK_STATUSES);
    return { success: true, data: await this.monitors.checks(teamId, id, { limit, offset, status }) };
  }

  @OpenApiOperation({
    summary: 'One check with its pages',
    query: {
      limit: {
        description: 'Pages per response',
        schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
      },
      skip: { description: 'Pages to skip', schema: { type: 'integer', minimum: 0, default: 0 } },
      status: { description: 'Only pages with this status', schema: { enum: PAGE_STATUSES } },
    },
    errors: ['BAD_REQUEST', 'MONITOR_NOT_FOUND', 'MONITOR_CHECK_NOT_FOUND'],
  })
  @Get(':id/checks/:checkId')
  async check(
    @TeamId() teamId: string,
    @Param('id') id: string,
    @Param('checkId') checkId: string,
    @Query() query: Record<string, unknown>,
  ) {
    const { limit, offset: skip } = paging(query, 'skip');
    const status = statusFilter(query, PAGE_STATUSES);
    const data = await this.monitors.check(teamId, id, checkId, { limit, skip, status });
    return { success: true, data, next: data.next };
  }

  /** Sends the check's `monitor.page` and `monitor.check.completed` webhooks again (new `webhook-id`s). */
  @OpenApiOperation({
    summary: "Send a check's webhooks again",
    bodySchema: ORIGIN_BODY,
    errors: [
      'BAD_REQUEST',
      'MONITOR_NOT_FOUND',
      'MONITOR_CHECK_NOT_FOUND',
      'MONITOR_CHECK_RUNNING',
      'MONITOR_WEBHOOK_NOT_CONFIGURED',
    ],
  })
  @Post(':id/checks/:checkId/webhook/redeliver')
  @HttpCode(200)
  async redeliver(
    @TeamId() teamId: string,
    @Param('id') id: string,
    @Param('checkId') checkId: string,
    @Body() body: unknown,
    @Req() req: Request,
  ) {
    onlyOrigin(body);
    const data = await this.monitors.redeliverWebhooks(teamId, id, checkId, correlationIdOf(req));
    return { success: true, id: checkId, data };
  }
}

/** Refuses any field but `origin`. */
function onlyOrigin(body: unknown) {
  const extra = Object.keys((body as object | undefined) ?? {}).filter((key) => key !== 'origin');
  if (extra.length > 0) {
    throw new TrawlError('BAD_REQUEST', `property ${extra[0]} should not exist`, [
      { path: [extra[0]], message: `property ${extra[0]} should not exist` },
    ]);
  }
}

function paging(query: Record<string, unknown>, offsetName: 'offset' | 'skip') {
  const limit = integer(query, 'limit', 20, 1, 100);
  const offset = integer(query, offsetName, 0, 0, Number.MAX_SAFE_INTEGER);
  return { limit, offset };
}

function integer(
  query: Record<string, unknown>,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const raw = query[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    const message = `${name} must be an integer from ${min} to ${max}`;
    throw new TrawlError('BAD_REQUEST', message, [{ path: [name], message }]);
  }
  return value;
}

function statusFilter(query: Record<string, unknown>, allowed: string[]): string | undefined {
  const raw = query.status;
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string' || !allowed.includes(raw)) {
    const message = `status must be one of ${allowed.join(', ')}`;
    throw new TrawlError('BAD_REQUEST', message, [{ path: ['status'], message }]);
  }
  return raw;
}
