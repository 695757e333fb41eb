import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { buildTestPdf } from '../../libs/pdf/src/testing/build-test-pdf.js';
import { createTeam, operatorCli } from '../support/operator-cli.js';
import { post } from '../support/scrape-client.js';
import { trawlWithSite } from '../support/trawl-with-site.js';
import { until } from '../support/until.js';

// Debug logs, so that the search below also covers what Trawl logs when asked to say the most.
const running = trawlWithSite({ env: { LOG_LEVEL: 'debug' } });

const unique = (label: string) =>
  `${label}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;

/** Where `marker` occurs: every file of the data dir, every message of the run's NATS streams, logs, metrics. */
async function placesHolding(marker: string): Promise<string[]> {
  const hits: string[] = [];
  const files = await readdir(running.trawl.dataDir, { recursive: true, withFileTypes: true });
  for (const file of files.filter((entry) => entry.isFile())) {
    const path = join(file.parentPath, file.name);
    if ((await readFile(path)).includes(marker)) hits.push(`file ${path}`);
  }
  const nc = await connect({ servers: '127.0.0.1:4222' });
  try {
    const jsm = await jetstreamManager(nc);
    const prefix = running.trawl.prefix;
    for await (const stream of jsm.streams.list()) {
      const name = stream.config.name;
      if (!(name === `${prefix.toUpperCase()}_EVENTS` || name.includes(`_${prefix}_`))) continue;
      for (
        let seq = stream.state.first_seq;
        seq <= stream.state.last_seq && stream.state.messages > 0;
        seq++
      ) {
        const message = await jsm.streams.getMessage(name, { seq }).catch(() => null);
        if (!message) continue;
        const text = `${message.subject} ${message.header?.toString() ?? ''} ${Buffer.from(message.data).toString('latin1')}`;
        if (text.includes(marker)) hits.push(`NATS ${name} #${seq} (${message.subject})`);
      }
    }
  } finally {
    await nc.close();
  }
  if (running.trawl.logs().includes(marker)) hits.push('logs');
  const metrics = await (await fetch(`${running.trawl.baseUrl}/metrics`)).text();
  if (metrics.includes(marker)) hits.push('metrics');
  return hits;
}

describe('zero data retention', () => {
  it('is refused unless the operator enabled it for the team, and with options that keep data', async () => {
    const team = await createTeam(running.trawl, 'no-zdr');
    // `trawl teams list` shows the operator the team, not allowed zero data retention.
    const listed = await until(
      async () =>
        ((await operatorCli(running.trawl, 'teams', 'list')) as { teamId: string }[]).find(
          (each) => each.teamId === team.teamId,
        ),
      'the team in the list',
    );
    expect(listed).toMatchObject({
      name: 'no-zdr',
      zeroDataRetention: false,
      keys: [{ keyId: team.keyId, label: 'default' }],
    });
    const refused = await post(
      running.trawl,
      '/v2/scrape',
      { url: running.site.url('/articles/tide-pools'), zeroDataRetention: true },
      { apiKey: team.key },
    );
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
    expect(refused.body.error).toContain('zeroDataRetention is not enabled for this team');
    const withScreenshot = await post(
      running.trawl,
      '/v2/scrape',
      { url: running.site.url('/articles/tide-pools'), zeroDataRetention: true, formats: ['screenshot'] },
      { apiKey: team.key },
    );
    expect(withScreenshot.status).toBe(400);
    expect(withScreenshot.body.error).toContain('formats.screenshot');
  });

  it('leaves no trace of the page or its URL in any store, stream, log or metric; only a contentless charge', async () => {
    const team = await createTeam(running.trawl, 'zdr');
    expect(await operatorCli(running.trawl, 'teams', 'zdr', team.teamId, 'on')).toEqual({
      teamId: team.teamId,
      zeroDataRetention: true,
    });
    const zdrScrape = (url: string, extra: Record<string, unknown> = {}) =>
      post(running.trawl, '/v2/scrape', { url, zeroDataRetention: true, ...extra }, { apiKey: team.key });
    await until(
      async () => (await zdrScrape(running.site.url('/articles/tide-pools'))).status === 200,
      'ZDR on',
    );

    // Control: an ordinary scrape of a marked page leaves the marker behind, so the search works.
    const control = unique('ctl');
    const ordinary = await post(
      running.trawl,
      '/v2/scrape',
      { url: running.site.url(`/echo-headers?m=${control}`), headers: { 'x-marker': control } },
      { apiKey: team.key },
    );
    expect(ordinary.body.data.markdown).toContain(control);

    const marker = unique('zdr');
    const scraped = await zdrScrape(running.site.url(`/echo-headers?m=${marker}`), {
      headers: { 'x-marker': marker },
      formats: ['markdown', 'rawHtml', 'links'],
      actions: [{ type: 'executeJavascript', script: 'return document.title + location.search' }],
    });
    expect(scraped.status).toBe(200);
    expect(scraped.body.data.markdown).toContain(marker);
    expect(scraped.body.data.rawHtml).toContain(marker);
    expect(scraped.body.data.metadata).toMatchObject({
      sourceURL: running.site.url(`/echo-headers?m=${marker}`),
      // A page, and 1 for zero data retention.
      creditsUsed: 2,
    });
    expect(scraped.body.data.actions.javascriptReturns[0].value).toContain(marker);
    // A PDF is parsed in the api's memory; an uploaded file (every parse) is too.
    running.site.serve(
      `/files/${marker}.pdf`,
      'application/pdf',
      Buffer.from(buildTestPdf([[{ text: `Notice ${marker}`, x: 72, y: 760, size: 14 }]])),
    );
    const pdf = await zdrScrape(running.site.url(`/files/${marker}.pdf`));
    expect(pdf.body.data.markdown).toContain(`Notice ${marker}`);
    expect(pdf.body.data.metadata).toMatchObject({ numPages: 1, creditsUsed: 2 });
    const form = new FormData();
    form.append('file', new Blob([`<html><body><h1>Upload ${marker}</h1></body></html>`]), `${marker}.html`);
    const parsed = await fetch(`${running.trawl.baseUrl}/v2/parse`, {
      method: 'POST',
      headers: { authorization: `Bearer ${team.key}` },
      body: form,
    }).then((response) => response.json());
    expect(parsed.data).toMatchObject({
      markdown: `# Upload ${marker}`,
      metadata: { sourceFile: `${marker}.html` },
    });
    // Lockdown counts as zero data retention too: a miss leaves nothing either.
    const locked = await post(
      running.trawl,
      '/v2/scrape',
      { url: running.site.url(`/lockdown?m=${marker}`), lockdown: true },
      { apiKey: team.key },
    );
    expect(locked.status).toBe(404);

    // Billing still counts: wait for every charge (control, ZDR warm-up, marker page, PDF and upload, lockdown miss).
    const charges = await until(async () => {
      const usage = await fetch(`${running.trawl.baseUrl}/v2/team/credit-usage`, {
        headers: { authorization: `Bearer ${team.key}` },
      }).then((response) => response.json());
      return usage.data.creditsUsed >= 6 && usage.data.creditsUsed;
    }, 'the charges');
    expect(charges).toBeGreaterThanOrEqual(6);

    expect((await placesHolding(control)).length).toBeGreaterThan(0);
    expect(await placesHolding(marker)).toEqual([]);
  });
});
