import type { FixtureSite } from '../fixtures/site/fixture-site.js';
import { type OpenAiCompatibleServer, startOpenAiCompatibleServer } from './openai-compatible-server.js';
import type { RunningTrawl } from './trawl-process.js';
import { trawlWithSite } from './trawl-with-site.js';

/**
 * `trawlWithSite` with a model endpoint: the local OpenAI-compatible test server, started first.
 * `env` adds to (or overrides) the model settings. Read `trawl`, `site` and `llm` inside tests.
 */
export function trawlWithModel(env: NodeJS.ProcessEnv = {}): {
  trawl: RunningTrawl;
  site: FixtureSite;
  llm: OpenAiCompatibleServer;
} {
  const options = { env: {} as NodeJS.ProcessEnv };
  let llm: OpenAiCompatibleServer;
  beforeAll(async () => {
    llm = await startOpenAiCompatibleServer();
    options.env = { LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'test-model', ...env };
  });
  afterAll(() => llm?.close());
  const running = trawlWithSite(options);
  return {
    get trawl() {
      return running.trawl;
    },
    get site() {
      return running.site;
    },
    get llm() {
      return llm;
    },
  };
}
