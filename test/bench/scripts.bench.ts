import { startFixtureSite } from '../fixtures/site/fixture-site.js';
import { startTrawl } from '../support/trawl-process.js';

const ROUNDS = 10;

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - started) / 1e6;
}

/**
 * Browser sessions: opening and closing one against scraping a fixture page, and one script run on
 * the session's page in each language (the same page call: its title), Python and bash against Node.
 * Each run starts its sandboxed process, which is what these figures mostly are.
 */
export async function benchScripts(): Promise<Record<string, string>> {
  const site = await startFixtureSite();
  const trawl = await startTrawl({ env: { LOG_LEVEL: 'warn' } });
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${trawl.baseUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${trawl.apiKey}` },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const answer = await response.json();
    if (response.status !== 200) throw new Error(`${method} ${path} answered ${response.status}`);
    return answer;
  };
  const scripts = {
    node: 'return await page.title()',
    python: 'print(await page.title())',
    bash: 'agent-browser get title',
  };
  try {
    const scrape = () =>
      call('POST', '/v2/scrape', { url: site.url('/form'), formats: ['markdown'], maxAge: 0 });
    const openAndClose = async () => {
      const { id } = await call('POST', '/v2/browser', { ttl: 60 });
      await call('DELETE', `/v2/browser/${id}`);
    };
    await scrape();
    await openAndClose();
    let scrapeMs = 0;
    let sessionMs = 0;
    for (let round = 0; round < ROUNDS; round++) {
      scrapeMs += await timed(scrape);
      sessionMs += await timed(openAndClose);
    }
    const { id } = await call('POST', '/v2/browser', { ttl: 300 });
    await call('POST', `/v2/browser/${id}/execute`, {
      code: `await page.goto(${JSON.stringify(site.url('/form'))})`,
    });
    const runMs: Record<string, number> = {};
    for (const [language, code] of Object.entries(scripts)) {
      await call('POST', `/v2/browser/${id}/execute`, { language, code });
      runMs[language] = 0;
    }
    for (let round = 0; round < ROUNDS; round++) {
      for (const [language, code] of Object.entries(scripts)) {
        runMs[language] =
          (runMs[language] as number) +
          (await timed(() => call('POST', `/v2/browser/${id}/execute`, { language, code })));
      }
    }
    await call('DELETE', `/v2/browser/${id}`);
    const perRun = (language: string) => (runMs[language] as number) / ROUNDS;
    return {
      'scrape of a fixture page ms': (scrapeMs / ROUNDS).toFixed(0),
      'session open + close ms': (sessionMs / ROUNDS).toFixed(0),
      'session open + close / scrape': `${(sessionMs / scrapeMs).toFixed(2)}×`,
      'node run ms': perRun('node').toFixed(0),
      'python run ms': `${perRun('python').toFixed(0)} (${(perRun('python') / perRun('node')).toFixed(2)}× node)`,
      'bash + agent-browser run ms': `${perRun('bash').toFixed(0)} (${(perRun('bash') / perRun('node')).toFixed(2)}× node)`,
    };
  } finally {
    await trawl.stop();
    await site.close();
  }
}
