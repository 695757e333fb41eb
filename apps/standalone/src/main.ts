import { runApp } from '#app-runtime';
import { ApiModule } from '../../api/src/api.module.js';
import { listenHttp } from '../../api/src/http-server.js';
import { BrowserWorkerModule } from '../../browser-worker/src/browser-worker.module.js';
import { CoreModule } from '../../core/src/core.module.js';
import { ExtractorModule } from '../../extractor/src/extractor.module.js';
import { ProjectorModule } from '../../projector/src/projector.module.js';
import { bootstrapLocalKey } from './local-key.bootstrap.js';

/** The embedded default: every app module in one process, on one NATS connection. */
await runApp({
  name: 'standalone',
  modules: () => [CoreModule, ProjectorModule, BrowserWorkerModule, ExtractorModule, ApiModule],
  http: listenHttp,
  afterStart: bootstrapLocalKey,
});
