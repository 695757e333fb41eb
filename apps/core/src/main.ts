import { runApp } from '#app-runtime';
import { CoreModule } from './core.module.js';

await runApp({ name: 'core', modules: () => [CoreModule] });
