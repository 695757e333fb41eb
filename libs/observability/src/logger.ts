import type { LoggerService } from '@nestjs/common';
import { type Logger, pino } from 'pino';

/** Structured JSON logs on stdout; every line of one request carries its `correlationId`. */
export function createLogger(app: string, level = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({ level, base: { app } });
}

/** Lets Nest's own messages go through the same structured logger. */
export class NestPinoLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}
  log(message: unknown, context?: string) {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
}
