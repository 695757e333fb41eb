import type { NatsConnection } from '@nats-io/transport-node';
import { Controller, Get, Inject } from '@nestjs/common';
import { HealthCheck, HealthCheckService, HealthIndicatorService } from '@nestjs/terminus';
import { CommandBus, NATS_CONNECTION } from '#messaging';
import { OpenApiOperation } from '#openapi';
import { BusyGrace } from './busy-grace.js';

const PROBE_TIMEOUT_MS = 2_000;

/**
 * `/health`: NATS, and each app's own probe over NATS (core: event store; browser-worker: the
 * Chromium pool; extractor: its thread pool), so the answer is the same split or standalone.
 * An app too busy to answer in time, soon after it last answered, is up and `busy`, not down.
 */
@Controller('health')
export class HealthHttpController {
  private readonly grace = new BusyGrace();

  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    private readonly bus: CommandBus,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
  ) {}

  @OpenApiOperation({
    summary: 'Health of NATS, the event store, the browser pool and the extractor',
    success: {
      description: 'Terminus health report (503 when a part is down)',
      contentType: 'application/json',
      schema: { type: 'object' },
    },
  })
  @Get()
  @HealthCheck()
  check() {
    return this.health.check([
      () =>
        this.indicators.check('nats').attempt(async () => {
          if (this.nc.isClosed()) throw new Error('NATS connection closed');
          return { rttMs: await this.nc.rtt() };
        }),
      // The probe's own NATS timeout bounds it, and only that timeout reaches BusyGrace: a second,
      // terminus timeout on top could win when the event loop lags and report a busy app down.
      ...(['core', 'browser', 'extractor'] as const).map(
        (app) => () =>
          this.indicators
            .check(app)
            .attempt(() =>
              this.grace.probe(app, () =>
                this.bus.send<Record<string, unknown>>('health', app, {}, { timeoutMs: PROBE_TIMEOUT_MS }),
              ),
            ),
      ),
    ]);
  }
}
