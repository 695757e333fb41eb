import type { NatsConnection } from '@nats-io/transport-node';
import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Put, UseGuards } from '@nestjs/common';
import { AccountsClient } from '#accounts';
import { isUuid, type NatsNames, TrawlError } from '#contracts';
import { CommandBus, NATS_CONNECTION, NATS_NAMES } from '#messaging';
import { OpenApiOperation } from '#openapi';
import { CreditsService } from '../credits/credits.service.js';
import { FeedbackService } from '../feedback/feedback.service.js';
import { refusalsAsErrors } from '../http/refusals-as-errors.js';
import { AdminKeyGuard } from './admin-key.guard.js';

/** A body field the admin API reads, or a 400 naming it. */
function field<T>(body: unknown, name: string, check: (value: unknown) => value is T, rule: string): T {
  const value = (body as Record<string, unknown> | undefined)?.[name];
  if (!check(value))
    throw new TrawlError('BAD_REQUEST', `${name} ${rule}`, [{ path: [name], message: rule }]);
  return value;
}
const isName = (value: unknown): value is string => typeof value === 'string' && value.trim().length > 0;
const isOptionalText = (value: unknown): value is string | undefined =>
  value === undefined || typeof value === 'string';
// Counted exactly: beyond 2^53 − 1 a balance would lose units in every sum.
const isCredits = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 1;
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
const isTokenCap = (value: unknown): value is number | null =>
  value === null || (Number.isSafeInteger(value) && (value as number) >= 0);

/**
 * The operator's admin API: what the CLI does, over HTTP, behind ADMIN_API_KEY. Commands go to
 * core like every other change; a refusal keeps its code (unknown team → 404).
 */
@Controller('admin')
@UseGuards(AdminKeyGuard)
export class AdminHttpController {
  private readonly accounts: AccountsClient;

  constructor(
    @Inject(NATS_CONNECTION) nc: NatsConnection,
    @Inject(NATS_NAMES) names: NatsNames,
    bus: CommandBus,
    private readonly credits: CreditsService,
    private readonly feedback: FeedbackService,
  ) {
    this.accounts = new AccountsClient(nc, names, bus);
  }

  @OpenApiOperation({
    summary: 'Create a team and its first API key (shown once)',
    bodySchema: {
      type: 'object',
      properties: { name: { type: 'string', minLength: 1 } },
      required: ['name'],
    },
  })
  @Post('teams')
  @HttpCode(200)
  async createTeam(@Body() body: unknown) {
    const name = field(body, 'name', isName, 'must be a non-empty string');
    return refusalsAsErrors(async () => {
      const teamId = await this.accounts.createTeam(name);
      return { success: true, data: await this.accounts.issueKey(teamId, 'default') };
    });
  }

  @OpenApiOperation({ summary: 'Every team, oldest first, with its active keys (ids and labels)' })
  @Get('teams')
  async listTeams() {
    return { success: true, data: await this.accounts.listTeams() };
  }

  @OpenApiOperation({ summary: 'A team with its active keys (ids and labels)', errors: ['TEAM_NOT_FOUND'] })
  @Get('teams/:teamId')
  async team(@Param('teamId') teamId: string) {
    const team = isUuid(teamId) ? await this.accounts.team(teamId) : undefined;
    if (!team) throw new TrawlError('TEAM_NOT_FOUND', `No team ${teamId}`);
    return { success: true, data: team };
  }

  @OpenApiOperation({
    summary: 'Issue another API key for a team (shown once)',
    bodySchema: { type: 'object', properties: { label: { type: 'string' } } },
    errors: ['TEAM_NOT_FOUND'],
  })
  @Post('teams/:teamId/keys')
  @HttpCode(200)
  issueKey(@Param('teamId') teamId: string, @Body() body: unknown) {
    const label = field(body, 'label', isOptionalText, 'must be a string');
    return refusalsAsErrors(async () => ({
      success: true,
      data: await this.accounts.issueKey(teamId, label ?? 'default'),
    }));
  }

  @OpenApiOperation({
    summary: 'Replace an API key; the old one stops working',
    errors: ['TEAM_NOT_FOUND', 'API_KEY_NOT_FOUND'],
  })
  @Post('teams/:teamId/keys/:keyId/rotate')
  @HttpCode(200)
  rotateKey(@Param('teamId') teamId: string, @Param('keyId') keyId: string) {
    return refusalsAsErrors(async () => ({
      success: true,
      data: await this.accounts.rotateKey(teamId, keyId),
    }));
  }

  @OpenApiOperation({ summary: 'Revoke an API key', errors: ['TEAM_NOT_FOUND', 'API_KEY_NOT_FOUND'] })
  @Delete('teams/:teamId/keys/:keyId')
  revokeKey(@Param('teamId') teamId: string, @Param('keyId') keyId: string) {
    return refusalsAsErrors(async () => {
      await this.accounts.revokeKey(teamId, keyId);
      return { success: true };
    });
  }

  @OpenApiOperation({
    summary: 'Grant credits to a team (meters it)',
    bodySchema: {
      type: 'object',
      properties: { credits: { type: 'integer', minimum: 1 }, note: { type: 'string' } },
      required: ['credits'],
    },
    errors: ['TEAM_NOT_FOUND'],
  })
  @Post('teams/:teamId/credits')
  @HttpCode(200)
  grantCredits(@Param('teamId') teamId: string, @Body() body: unknown) {
    const credits = field(body, 'credits', isCredits, 'must be a positive integer');
    const note = field(body, 'note', isOptionalText, 'must be a string');
    return refusalsAsErrors(async () => ({
      success: true,
      data: { teamId, credits, ...(await this.accounts.grantCredits(teamId, credits, note ?? '')) },
    }));
  }

  @OpenApiOperation({
    summary: "Cap a team's model tokens per calendar month (null: no cap for the team)",
    bodySchema: {
      type: 'object',
      properties: { monthlyTokens: { type: ['integer', 'null'], minimum: 0 } },
      required: ['monthlyTokens'],
    },
    errors: ['TEAM_NOT_FOUND'],
  })
  @Put('teams/:teamId/token-allowance')
  setTokenAllowance(@Param('teamId') teamId: string, @Body() body: unknown) {
    const monthlyTokens = field(body, 'monthlyTokens', isTokenCap, 'must be a non-negative integer or null');
    return refusalsAsErrors(async () => {
      await this.accounts.setTokenAllowance(teamId, monthlyTokens);
      return { success: true, data: { teamId, monthlyTokens } };
    });
  }

  @OpenApiOperation({ summary: 'Credit balance and model tokens of a team', errors: ['TEAM_NOT_FOUND'] })
  @Get('teams/:teamId/credits')
  async balance(@Param('teamId') teamId: string) {
    await this.createdTeam(teamId);
    const [balance, { tokensUsed, budget }] = await Promise.all([
      this.credits.balance(teamId),
      this.credits.tokens(teamId),
    ]);
    return {
      success: true,
      data: {
        ...balance,
        tokensUsed,
        tokensThisMonth: budget.tokensThisMonth,
        monthlyTokenAllowance: budget.capped ? budget.monthlyTokens : null,
      },
    };
  }

  @OpenApiOperation({ summary: "A team's feedback on its jobs, newest first", errors: ['TEAM_NOT_FOUND'] })
  @Get('teams/:teamId/feedback')
  async teamFeedback(@Param('teamId') teamId: string) {
    await this.createdTeam(teamId);
    return { success: true, data: await this.feedback.list(teamId) };
  }

  @OpenApiOperation({
    summary: 'Allow or forbid zero-data-retention scrapes for a team',
    bodySchema: { type: 'object', properties: { enabled: { type: 'boolean' } }, required: ['enabled'] },
    errors: ['TEAM_NOT_FOUND'],
  })
  @Put('teams/:teamId/zero-data-retention')
  setZeroDataRetention(@Param('teamId') teamId: string, @Body() body: unknown) {
    const enabled = field(body, 'enabled', isBoolean, 'must be true or false');
    return refusalsAsErrors(async () => {
      await this.accounts.setZeroDataRetention(teamId, enabled);
      return { success: true, data: { teamId, zeroDataRetention: enabled } };
    });
  }

  /** Read models answer zeros for any id: a team that was never created is a 404 instead. */
  private async createdTeam(teamId: string): Promise<void> {
    // Anything but a UUID names no team (and is no stream or read-model key).
    if (!isUuid(teamId) || !(await this.accounts.teamExists(teamId))) {
      throw new TrawlError('TEAM_NOT_FOUND', `No team ${teamId}`);
    }
  }
}
