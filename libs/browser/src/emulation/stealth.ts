import type { BrowserContext } from 'playwright-core';

/** The languages a stealth context claims when the request names none: what most desktop browsers send. */
export const STEALTH_LANGUAGES = ['en-US', 'en'];

/**
 * What the enhanced proxy adds in the page: the automation traces bot walls read first are
 * hidden (`navigator.webdriver`, an empty `window.chrome`, no plugins), so the fingerprint
 * matches the desktop Chrome user agent the context already sends.
 */
export async function applyStealth(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false, configurable: true });
    const browser = window as unknown as { chrome?: Record<string, unknown> };
    browser.chrome ??= { runtime: {}, app: { isInstalled: false } };
    if (navigator.plugins.length === 0) {
      const plugins = ['PDF Viewer', 'Chrome PDF Viewer', 'Chromium PDF Viewer'].map((name) => ({
        name,
        filename: 'internal-pdf-viewer',
        description: 'Portable Document Format',
      }));
      Object.defineProperty(Navigator.prototype, 'plugins', { get: () => plugins, configurable: true });
    }
  });
}
