import type { RequestHandler } from 'express';
import { httpRequestDurationSeconds } from '#observability';

/**
 * Times every HTTP request by method, route template (`/v2/crawl/:id`, never the raw URL, which
 * holds ids and queries) and status. Requests no route took — unknown paths, bodies refused
 * before routing — share the route `unmatched`, so scanners cannot grow the label set.
 */
export const requestMetrics: RequestHandler = (req, res, next) => {
  const stopTimer = httpRequestDurationSeconds.startTimer();
  res.once('finish', () => {
    const template: unknown = req.route?.path;
    stopTimer({
      method: req.method,
      route: typeof template === 'string' ? `${req.baseUrl}${template}` : 'unmatched',
      status: String(res.statusCode),
    });
  });
  next();
};
