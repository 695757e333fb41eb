import { runApp } from '#app-runtime';
import { ApiModule } from './api.module.js';
import { listenHttp } from './http-server.js';

await runApp({ name: 'api', modules: () => [ApiModule], http: listenHttp });
