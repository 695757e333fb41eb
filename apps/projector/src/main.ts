import { runApp } from '#app-runtime';
import { ProjectorModule } from './projector.module.js';

await runApp({ name: 'projector', modules: () => [ProjectorModule] });
