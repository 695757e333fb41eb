import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * One Prometheus registry per process. The api serves it at `/metrics`; the other apps, run as
 * their own processes, serve it on `METRICS_PORT` (see `serveMetrics`). In the standalone app
 * every family lands in this one registry. Label values are route templates, codes and names
 * chosen by Trawl, never URLs or page content (zero data retention).
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, prefix: 'trawl_' });

export const httpRequestDurationSeconds = new Histogram({
  name: 'trawl_http_request_duration_seconds',
  help: 'HTTP requests by method, route template and status; its _count is the request rate',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.025, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
  registers: [metricsRegistry],
});

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

export const webhookDeliveriesTotal = new Counter({
  name: 'trawl_webhook_deliveries_total',
  help: 'Webhook calls by event type and outcome: delivered, retried (a failed attempt that will be tried again) or failed (given up)',
  labelNames: ['event', 'outcome'] as const,
  registers: [metricsRegistry],
});

export const modelTokensTotal = new Counter({
  name: 'trawl_model_tokens_total',
  help: "Tokens the configured model reported for Trawl's calls, by kind (prompt, completion)",
  labelNames: ['kind'] as const,
  registers: [metricsRegistry],
});

export interface GaugeSample<Label extends string> {
  labels?: Partial<Record<Label, string>>;
  value: number;
}

/**
 * A gauge read when Prometheus scrapes (queue depths, lags, pool usage). Registering a gauge of
 * the same name again replaces the old one, so an app module started twice in one process (tests)
 * reports its live source. Returns the unregister function for shutdown.
 */
export function registerSampledGauge<Label extends string>(definition: {
  name: string;
  help: string;
  labelNames?: readonly Label[];
  sample: () => Promise<GaugeSample<Label>[]> | GaugeSample<Label>[];
}): () => void {
  metricsRegistry.removeSingleMetric(definition.name);
  const gauge: Gauge<Label> = new Gauge<Label>({
    name: definition.name,
    help: definition.help,
    labelNames: definition.labelNames ?? [],
    registers: [metricsRegistry],
    async collect() {
      gauge.reset();
      for (const { labels, value } of await definition.sample()) {
        if (labels) gauge.set(labels, value);
        else gauge.set(value);
      }
    },
  });
  return () => {
    if (metricsRegistry.getSingleMetric(definition.name) === gauge)
      metricsRegistry.removeSingleMetric(definition.name);
  };
}
