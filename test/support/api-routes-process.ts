import type { NestExpressApplication } from '@nestjs/platform-express';
import { runApp } from '#app-runtime';
import { ApiModule } from '../../apps/api/src/api.module.js';
import { listenHttp } from '../../apps/api/src/http-server.js';

/**
 * Run as `node dist/test/support/api-routes-process.js`: the api app as `npm start` runs it, which
 * then prints one line `ROUTES <json>` with the method and path of every route Express dispatches
 * to, so a test can compare them with what the running server documents.
 */
const app = (await runApp({
  name: 'api',
  modules: () => [ApiModule],
  http: listenHttp,
})) as NestExpressApplication;
// Express's typings leave out `route.methods`, which the router itself dispatches by.
const stack = app.getHttpAdapter().getInstance().router.stack as unknown as {
  route?: { path: string; methods: Record<string, boolean> };
}[];
const routes = stack.flatMap(({ route }) =>
  route ? Object.keys(route.methods).map((method) => ({ method, path: route.path })) : [],
);
process.stdout.write(`ROUTES ${JSON.stringify(routes)}\n`);
