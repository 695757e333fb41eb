import { runApp } from '#app-runtime';
import { ExtractorModule } from './extractor.module.js';

await runApp({ name: 'extractor', modules: () => [ExtractorModule] });
