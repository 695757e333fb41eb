import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/** One Prometheus registry per process, served at `/metrics` by the API. */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, prefix: 'trawl_' });

export const scrapesTotal = new Counter({
  name: 'trawl_scrapes_total',
  help: 'Scrapes answered by the API, by outcome code (ok, SCRAPE_TIMEOUT, ...)',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});

export const scrapeDurationSeconds = new Histogram({
  name: 'trawl_scrape_duration_seconds',
  help: 'Time from request to answer of POST /v2/scrape',
  buckets: [0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60],
  registers: [metricsRegistry],
});
