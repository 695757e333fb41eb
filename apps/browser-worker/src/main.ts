import { runApp } from '#app-runtime';
import { BrowserWorkerModule } from './browser-worker.module.js';

await runApp({ name: 'browser-worker', modules: () => [BrowserWorkerModule] });
