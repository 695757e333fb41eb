import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import {
  BrowserExecuteRequestDto,
  BrowserSessionRequestDto,
  isUuid,
  TrawlError,
  validateBrowserExecuteRequest,
  validateBrowserSessionRequest,
} from '#contracts';
import { OpenApiOperation } from '#openapi';
import { ApiKeyGuard } from '../auth/api-key.guard.js';
import { type Caller, CallerOf } from '../auth/caller.decorator.js';
import { TeamId } from '../auth/team-id.decorator.js';
import { CreditsGuard } from '../credits/credits.guard.js';
import { correlationIdOf } from '../http/correlation-id.js';
import { RateLimitGuard } from '../limits/rate-limit.guard.js';
import { BrowserSessionsService } from './browser-sessions.service.js';

/** `/v2/browser`: browser sessions of their own, driven by code, billed by the minute. */
@Controller('v2/browser')
@UseGuards(ApiKeyGuard, RateLimitGuard)
export class BrowserHttpController {
  constructor(private readonly sessions: BrowserSessionsService) {}

  @OpenApiOperation({
    summary: 'Open a browser session',
    body: BrowserSessionRequestDto,
    errors: ['BROWSER_SESSION_LIMIT', 'PROFILE_LOCKED'],
  })
  @Post()
  @HttpCode(200)
  @UseGuards(CreditsGuard)
  create(@Body() body: unknown, @CallerOf() caller: Caller, @Req() req: Request) {
    const validated = validateBrowserSessionRequest(body);
    if (!validated.ok) throw new TrawlError('BAD_REQUEST', validated.error, validated.details);
    return this.sessions.create(caller, validated.value, correlationIdOf(req));
  }

  @OpenApiOperation({ summary: "The team's browser sessions, newest first", errors: ['BAD_REQUEST'] })
  @Get()
  list(@Query('status') status: unknown, @TeamId() teamId: string) {
    if (status !== undefined && status !== 'active' && status !== 'destroyed') {
      throw new TrawlError('BAD_REQUEST', 'status must be active or destroyed', [
        { path: ['status'], message: 'must be active or destroyed' },
      ]);
    }
    return this.sessions.list(teamId, status);
  }

  @OpenApiOperation({
    summary: "Run code on a browser session's page",
    body: BrowserExecuteRequestDto,
    errors: ['BROWSER_SESSION_NOT_FOUND', 'BROWSER_SESSION_ENDED', 'FEATURE_NOT_AVAILABLE'],
  })
  @Post(':sessionId/execute')
  @HttpCode(200)
  execute(
    @Param('sessionId') sessionId: string,
    @Body() body: unknown,
    @TeamId() teamId: string,
    @Req() req: Request,
  ) {
    assertSessionId(sessionId);
    const validated = validateBrowserExecuteRequest(body);
    if (!validated.ok) throw new TrawlError('BAD_REQUEST', validated.error, validated.details);
    return this.sessions.execute(teamId, sessionId, validated.value, correlationIdOf(req));
  }

  @OpenApiOperation({
    summary: 'Close a browser session',
    errors: ['BAD_REQUEST', 'BROWSER_SESSION_NOT_FOUND', 'BROWSER_SESSION_ENDED'],
  })
  @Delete(':sessionId')
  @HttpCode(200)
  delete(@Param('sessionId') sessionId: string, @TeamId() teamId: string, @Req() req: Request) {
    assertSessionId(sessionId);
    return this.sessions.delete(teamId, sessionId, correlationIdOf(req));
  }
}

function assertSessionId(sessionId: string) {
  if (!isUuid(sessionId)) {
    throw new TrawlError('BAD_REQUEST', 'The browser session id must be a UUID', [
      { path: ['sessionId'], message: 'must be a UUID' },
    ]);
  }
}
