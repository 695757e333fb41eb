import { request as httpRequest } from 'node:http';
import { post } from '../support/scrape-client.js';
import { joinSharedTrawl } from '../support/shared-trawl.js';
import type { Trawl } from '../support/trawl-process.js';

let trawl: Trawl;
beforeAll(async () => {
  trawl = await joinSharedTrawl();
});

/** A raw request, so that headers Node's client would refuse to send still reach the server. */
function rawGet(path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
    (resolve, reject) => {
      const request = httpRequest(
        `${trawl.baseUrl}${path}`,
        { headers, maxHeaderSize: 64 * 1024 },
        (response) => {
          let body = '';
          response.on('data', (chunk) => {
            body += chunk;
          });
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
          );
        },
      );
      request.on('error', reject);
      request.end();
    },
  );
}

const envelope = (code: string) => ({ success: false, code, error: expect.any(String) });

describe('request limits', () => {
  it('answers a body over 10 MB with 413 in the error envelope', async () => {
    const huge = JSON.stringify({ url: 'https://example.com/', padding: 'x'.repeat(10 * 1024 * 1024 + 1) });
    const { status, body } = await post(trawl, '/v2/scrape', undefined, { rawBody: huge });
    expect(status).toBe(413);
    expect(body).toEqual(envelope('PAYLOAD_TOO_LARGE'));
  });

  it('answers headers over 16 KB with 431 in the error envelope', async () => {
    const { status, body, headers } = await rawGet('/v2/team/credit-usage', {
      authorization: `Bearer ${trawl.apiKey}`,
      'x-filler': 'x'.repeat(20 * 1024),
    });
    expect(status).toBe(431);
    expect(headers['content-type']).toMatch(/application\/json/);
    expect(JSON.parse(body)).toEqual(envelope('REQUEST_HEADER_FIELDS_TOO_LARGE'));
  });

  it('refuses more than 50 actions, oversized scripts and URLs with 400 naming the field', async () => {
    const url = 'https://example.com/';
    const cases: [unknown, string][] = [
      [{ url, actions: Array.from({ length: 51 }, () => ({ type: 'wait', milliseconds: 1 })) }, 'actions'],
      [{ url, actions: [{ type: 'executeJavascript', script: 'x'.repeat(100_001) }] }, 'actions.0.script'],
      [{ url: `${url}?q=${'a'.repeat(8_192)}` }, 'url'],
    ];
    for (const [request, field] of cases) {
      const { status, body } = await post(trawl, '/v2/scrape', request);
      expect(status).toBe(400);
      expect(body).toMatchObject(envelope('BAD_REQUEST'));
      expect(JSON.stringify(body.details)).toContain(JSON.stringify(field.split('.')[0]));
    }
    const interact = await post(trawl, '/v2/scrape/01a2092e-8110-7268-ac2c-547a5e30b4b6/interact', {
      code: 'x'.repeat(100_001),
    });
    expect(interact.status).toBe(400);
    expect(JSON.stringify(interact.body.details)).toContain('"code"');
  });
});

describe('security headers', () => {
  it('are on every answer, successes and errors alike, and X-Powered-By on none', async () => {
    const answers = [
      await fetch(`${trawl.baseUrl}/health`),
      await fetch(`${trawl.baseUrl}/v2/team/credit-usage`, {
        headers: { authorization: `Bearer ${trawl.apiKey}` },
      }),
      await fetch(`${trawl.baseUrl}/v2/team/credit-usage`),
      await fetch(`${trawl.baseUrl}/v2/no-such-route`, {
        headers: { authorization: `Bearer ${trawl.apiKey}` },
      }),
      await fetch(`${trawl.baseUrl}/v2/scrape`, {
        method: 'POST',
        headers: { authorization: `Bearer ${trawl.apiKey}`, 'content-type': 'application/json' },
        body: '{"url":',
      }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 401, 404, 400]);
    for (const answer of answers) {
      expect(Object.fromEntries(answer.headers)).toMatchObject({
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
        'x-frame-options': 'DENY',
        'content-security-policy': "frame-ancestors 'none'",
        'strict-transport-security': `max-age=${trawl.env.HSTS_MAX_AGE_SECONDS}; includeSubDomains`,
      });
      expect(answer.headers.get('x-powered-by')).toBeNull();
    }
  });
});
