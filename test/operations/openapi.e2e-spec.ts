import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { FORMAT_TYPES, validateScrapeRequest } from '#contracts';
import { deleteNatsResources, uniquePrefix } from '../support/nats-cleanup.js';
import { repoRoot } from '../support/repo-root.js';
import { freePort } from '../support/trawl-process.js';

// The api app in a process of its own that also reports the routes Express really dispatches to
// (test/support/api-routes-process.ts prints them on a line starting with this).
const ROUTES_LINE = 'ROUTES ';
const prefix = uniquePrefix('oapi');
let api: ChildProcess;
let baseUrl: string;
let dataDir: string;
/** `get /v2/crawl/{id}`, … */
let expressRoutes: string[];
// biome-ignore lint/suspicious/noExplicitAny: the document is arbitrary JSON, read by path
type Json = any;
let document: Json;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'trawl-openapi-'));
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  api = spawn(process.execPath, [join(repoRoot, 'dist/test/support/api-routes-process.js')], {
    env: { ...process.env, NATS_PREFIX: prefix, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const routes = await new Promise<{ method: string; path: string }[]>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk;
      const line = output.split('\n').find((candidate) => candidate.startsWith(ROUTES_LINE));
      if (line) resolve(JSON.parse(line.slice(ROUTES_LINE.length)));
    };
    api.stdout?.on('data', read);
    api.stderr?.on('data', read);
    api.once('exit', (code) => reject(new Error(`the api exited with ${code}:\n${output}`)));
  });
  expressRoutes = routes.map(({ method, path }) => `${method} ${path.replace(/:(\w+)/g, '{$1}')}`);
  const response = await fetch(`${baseUrl}/v2/openapi.json`);
  expect(response.status).toBe(200);
  document = await response.json();
});

afterAll(async () => {
  if (api && api.exitCode === null) {
    const exited = new Promise((resolve) => api.once('exit', resolve));
    api.kill('SIGTERM');
    await exited;
  }
  await deleteNatsResources(prefix);
  await rm(dataDir, { recursive: true, force: true });
});

const documentedRoutes = (): string[] =>
  Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => `${method} ${path}`),
  );

const bodySchemaOf = (path: string, method: string) =>
  document.paths[path][method].requestBody.content['application/json'].schema;

describe('GET /v2/openapi.json', () => {
  it('is OpenAPI 3.1 and documents exactly the routes the router dispatches to', () => {
    expect(document.openapi).toBe('3.1.0');
    const routed = expressRoutes;
    expect(routed.length).toBeGreaterThan(30);
    // Swagger UI and this document are served by @nestjs/swagger, not by the API's controllers.
    const ofTheApi = routed.filter((route) => !/^get \/v2\/(docs|openapi\.json)/.test(route));
    expect(routed.length - ofTheApi.length).toBeGreaterThanOrEqual(2);
    expect(documentedRoutes().sort()).toEqual([...new Set(ofTheApi)].sort());
    for (const route of [
      'post /v2/scrape',
      'get /v2/crawl/{id}',
      'get /v2/monitor/{id}/checks/{checkId}',
      'get /metrics',
    ]) {
      expect(routed).toContain(route);
    }
  });

  it('gives every operation a summary, its path parameters and a security scheme where a key is checked', () => {
    for (const [path, operations] of Object.entries(document.paths as Record<string, Record<string, Json>>)) {
      for (const operation of Object.values(operations)) {
        expect(operation.summary).toEqual(expect.any(String));
        const inPath = [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name);
        expect(
          operation.parameters
            .filter((p: { in: string }) => p.in === 'path')
            .map((p: { name: string }) => p.name),
        ).toEqual(inPath);
      }
    }
    expect(document.paths['/v2/scrape'].post.security).toEqual([{ apiKey: [] }]);
    expect(document.paths['/admin/teams'].post.security).toEqual([{ adminKey: [] }]);
    expect(document.paths['/health'].get.security).toEqual([]);
    expect(
      document.paths['/v2/files/{scrapeId}/{name}'].get.parameters.map((p: { name: string }) => p.name),
    ).toEqual(['scrapeId', 'name', 'expires', 'signature']);
  });

  it('documents every error response in the error envelope, with its codes', () => {
    const errorResponses = Object.values(document.paths as Record<string, Record<string, Json>>).flatMap(
      (operations) =>
        Object.values(operations).flatMap((operation) =>
          Object.entries(operation.responses as Record<string, Json>).filter(
            ([status]) => !status.startsWith('2'),
          ),
        ),
    );
    expect(errorResponses.length).toBeGreaterThan(50);
    for (const [, response] of errorResponses) {
      const schema = response.content['application/json'].schema;
      expect(schema.allOf[0]).toEqual({ $ref: '#/components/schemas/ErrorEnvelope' });
      expect(schema.allOf[1].properties.code.enum.length).toBeGreaterThan(0);
    }
    const scrape = document.paths['/v2/scrape'].post.responses;
    expect(scrape['401'].content['application/json'].schema.allOf[1].properties.code.enum).toEqual([
      'UNAUTHORIZED',
    ]);
    expect(scrape['402'].content['application/json'].schema.allOf[1].properties.code.enum).toEqual([
      'INSUFFICIENT_CREDITS',
    ]);
    expect(scrape['408'].content['application/json'].schema.allOf[1].properties.code.enum).toEqual(
      expect.arrayContaining(['SCRAPE_TIMEOUT', 'CONCURRENCY_QUEUE_TIMEOUT']),
    );
    expect(scrape['429']).toBeDefined();
    expect(document.components.schemas.ErrorEnvelope.required).toEqual(['success', 'code', 'error']);
  });

  it('derives body schemas from the class-validator rules that validate the bodies', () => {
    const scrape = bodySchemaOf('/v2/scrape', 'post');
    expect(scrape.required).toEqual(['url']);
    expect(scrape.additionalProperties).toBe(false);
    expect(scrape.properties.formats.items.anyOf[0].enum).toEqual([...FORMAT_TYPES]);
    expect(document.components.schemas.FormatDto.properties.type.enum).toEqual([...FORMAT_TYPES]);
    expect(scrape.properties.proxy.enum).toEqual(['basic', 'enhanced', 'auto', 'stealth']);
    // The documented bounds are the enforced ones.
    const { minimum, maximum } = scrape.properties.timeout;
    const timeoutIssue = (timeout: number) =>
      validateScrapeRequest({ url: 'https://example.com', timeout }).ok;
    expect([
      timeoutIssue(minimum - 1),
      timeoutIssue(minimum),
      timeoutIssue(maximum),
      timeoutIssue(maximum + 1),
    ]).toEqual([false, true, true, false]);
    const missingUrl = validateScrapeRequest({ formats: ['markdown'] });
    expect(missingUrl.ok || [...new Set(missingUrl.details.map((detail) => detail.path[0]))]).toEqual([
      'url',
    ]);

    const monitor = bodySchemaOf('/v2/monitor', 'post');
    expect(monitor).toEqual({ $ref: '#/components/schemas/CreateMonitorDto' });
    const createMonitor = document.components.schemas.CreateMonitorDto;
    expect([...createMonitor.required].sort()).toEqual(['name', 'schedule', 'targets']);
    expect(createMonitor.properties.targets).toMatchObject({ type: 'array', minItems: 1, maxItems: 50 });
    expect(createMonitor.properties.targets.items).toEqual({ $ref: '#/components/schemas/TargetDto' });
    expect(document.components.schemas.EmailNotificationDto.properties.recipients.items).toEqual({
      type: 'string',
      format: 'email',
    });
    expect(bodySchemaOf('/v2/batch/scrape', 'post').required).toEqual(['urls']);
  });

  it('is a set of JSON Schemas that accept the bodies the API accepts and refuse what it refuses', () => {
    const ajv = new Ajv2020({ strict: false });
    ajv.addSchema(document, 'openapi.json');
    const scrapeBody = ajv.compile({
      $ref: 'openapi.json#/paths/~1v2~1scrape/post/requestBody/content/application~1json/schema',
    });
    const bodies = [
      { url: 'https://example.com', formats: ['markdown', { type: 'screenshot', fullPage: true }] },
      { url: 'https://example.com', formats: ['bogus'] },
      { url: 'https://example.com', timeout: 10 },
      { url: 'https://example.com', unknownOption: true },
      { formats: ['markdown'] },
    ];
    expect(bodies.map((body) => scrapeBody(body))).toEqual(
      bodies.map((body) => validateScrapeRequest(body).ok),
    );
    expect(bodies.map((body) => scrapeBody(body))).toEqual([true, false, false, false, false]);
  });
});

describe('GET /v2/docs', () => {
  it('serves Swagger UI on the document, every file from this server and nothing from a CDN', async () => {
    const page = await fetch(`${baseUrl}/v2/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const sources = [...(await page.text()).matchAll(/(?:src|href)="([^"]+)"/g)].map(([, source]) => source);
    expect(sources).toEqual(
      expect.arrayContaining(['./docs/swagger-ui-bundle.js', './docs/swagger-ui-init.js']),
    );
    for (const source of sources) {
      expect(source).not.toMatch(/^(https?:)?\/\//);
      const asset = await fetch(new URL(source, `${baseUrl}/v2/docs`));
      expect({ source, status: asset.status }).toEqual({ source, status: 200 });
    }
    const init = await (await fetch(`${baseUrl}/v2/docs/swagger-ui-init.js`)).text();
    expect(init).toContain('"openapi": "3.1.0"');
    expect(init).toContain('/v2/scrape');
  });
});
