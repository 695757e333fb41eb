import { Inject, Injectable, type LoggerService } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '#observability';

/**
 * Terminus's logger. A failed health check is an answer (503 naming the part that is down: an app
 * still starting, or gone), not an error of the service, so it is logged as a warning.
 */
@Injectable()
export class HealthCheckLogger implements LoggerService {
  private readonly logger: Logger;

  constructor(@Inject(LOGGER) logger: Logger) {
    this.logger = logger.child({ component: 'health' });
  }

  log(message: unknown) {
    this.logger.info(String(message));
  }

  warn(message: unknown) {
    this.logger.warn(String(message));
  }

  error(message: unknown) {
    this.logger.warn(String(message));
  }
}
