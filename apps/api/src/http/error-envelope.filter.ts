import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException } from '@nestjs/common';
import type { Response } from 'express';
import type { Logger } from 'pino';
import { TrawlError } from '#contracts';

/** Every error leaves as Firecrawl's envelope `{success:false, code, error, details?}`. */
@Catch()
export class ErrorEnvelopeFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost) {
    const response = host.switchToHttp().getResponse<Response>();
    if (exception instanceof TrawlError) {
      if (exception.retryAfterSeconds) response.setHeader('Retry-After', String(exception.retryAfterSeconds));
      response.status(exception.status).json(exception.toBody());
      return;
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      response.status(status).json({ success: false, code: httpCode(status), error: exception.message });
      return;
    }
    this.logger.error({ err: exception }, 'unhandled error');
    response
      .status(500)
      .json({ success: false, code: 'UNKNOWN_ERROR', error: 'An unexpected error occurred' });
  }
}

function httpCode(status: number): string {
  if (status === 404) return 'NOT_FOUND';
  if (status === 405) return 'METHOD_NOT_ALLOWED';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  return status < 500 ? 'BAD_REQUEST' : 'UNKNOWN_ERROR';
}
