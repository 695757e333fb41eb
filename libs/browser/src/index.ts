export type { ActionResults, PageAction, ScreenshotOptions } from './actions/page-actions.js';
export { runActions } from './actions/page-actions.js';
export { type AgentRun, runPromptAgent } from './agent/prompt-agent.js';
export type { BrandingProfile } from './branding/measure-branding.js';
export * from './fetch/fetch-error.js';
export { revealLazyContent } from './fetch/lazy-content.js';
export * from './pool/browser-pool.js';
export * from './prompt-steps/imperative-prompt.js';
export * from './prompt-steps/run-prompt-steps.js';
export * from './proxy/connect-via-proxy.js';
export * from './sessions/live-sessions.js';
export {
  assertPublicUrl,
  isForbiddenAddress,
  isPrivateAddress,
  resolveGuardNamesThrough,
  resolveHost,
} from './ssrf/address-guard.js';
