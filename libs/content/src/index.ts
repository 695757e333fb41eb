export { BOILERPLATE_SELECTOR } from './clean/boilerplate-floor.js';
export { convertPage } from './convert-page.js';
export { extractMainContent } from './main-content/extract-main-content.js';
export type { ContentFormat, PageInput, PageMetadata, PageOutput } from './types.js';
