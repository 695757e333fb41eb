import type { Page } from 'playwright-core';
import { FetchError } from '../fetch/fetch-error.js';
import { renderedHtml } from '../fetch/rendered-html.js';

/** One page action, as the scrape request's `actions` list carries it (already validated). */
export interface PageAction {
  type:
    | 'wait'
    | 'click'
    | 'write'
    | 'press'
    | 'scroll'
    | 'scrape'
    | 'executeJavascript'
    | 'screenshot'
    | 'pdf';
  milliseconds?: number;
  selector?: string;
  all?: boolean;
  text?: string;
  key?: string;
  direction?: 'up' | 'down';
  script?: string;
  fullPage?: boolean;
  quality?: number;
  viewport?: { width: number; height: number };
  format?: string;
  landscape?: boolean;
  scale?: number;
}

export interface ScreenshotOptions {
  fullPage?: boolean;
  quality?: number;
  viewport?: { width: number; height: number };
}

/** What the actions produced, each list in request order. */
export interface ActionResults {
  screenshots: Buffer[];
  scrapes: { url: string; html: string }[];
  javascriptReturns: { type: string; value: unknown }[];
  pdfs: Buffer[];
}

/** How long a selector may take to appear before its action fails. */
const SELECTOR_TIMEOUT_MS = 5_000;

/** Runs the actions in order; the first that fails fails the scrape, naming its index and reason. */
export async function runActions(page: Page, actions: PageAction[]): Promise<ActionResults> {
  const results: ActionResults = { screenshots: [], scrapes: [], javascriptReturns: [], pdfs: [] };
  for (const [index, action] of actions.entries()) {
    try {
      await runAction(page, action, results);
    } catch (error) {
      const reason = await failureReason(page, action, error);
      throw new FetchError('SCRAPE_ACTION_ERROR', `Action ${index} (${action.type}) failed: ${reason}`);
    }
  }
  return results;
}

/**
 * Why an action failed, in the user's terms: a selector that timed out matched nothing, or matched an
 * element that never became usable; otherwise the browser's first line.
 */
async function failureReason(page: Page, action: PageAction, error: unknown): Promise<string> {
  const firstLine = error instanceof Error ? error.message.split('\n')[0] : String(error);
  if (!action.selector || !(error instanceof Error) || error.name !== 'TimeoutError') return firstLine;
  const waited = `${SELECTOR_TIMEOUT_MS / 1000} s`;
  const matches = await page
    .locator(action.selector)
    .count()
    .catch(() => undefined);
  if (matches === 0) return `no element matches the selector ${action.selector} (waited ${waited})`;
  if (matches === undefined) return firstLine;
  return `the selector ${action.selector} matches ${matches === 1 ? 'an element' : `${matches} elements`}, but none became visible and usable within ${waited}`;
}

async function runAction(page: Page, action: PageAction, results: ActionResults): Promise<void> {
  switch (action.type) {
    case 'wait':
      if (action.selector) await page.waitForSelector(action.selector, { timeout: SELECTOR_TIMEOUT_MS });
      else await page.waitForTimeout(action.milliseconds ?? 0);
      return;
    case 'click': {
      const targets = page.locator(action.selector as string);
      if (action.all) {
        // Zero matches is fine with `all`: the user asked for "every match".
        for (const target of await targets.all()) await target.click({ timeout: SELECTOR_TIMEOUT_MS });
      } else {
        await targets.first().click({ timeout: SELECTOR_TIMEOUT_MS });
      }
      return;
    }
    case 'write':
      // Typed key by key into whatever has focus (input, textarea, contenteditable), as a person would.
      await page.keyboard.type(action.text as string);
      return;
    case 'press':
      await page.keyboard.press(action.key as string);
      return;
    case 'scroll': {
      const delta = action.direction === 'up' ? -1 : 1;
      if (action.selector) {
        await page
          .locator(action.selector)
          .first()
          .evaluate((element, sign) => element.scrollBy(0, sign * element.clientHeight), delta, {
            timeout: SELECTOR_TIMEOUT_MS,
          });
      } else {
        await page.evaluate((sign) => window.scrollBy(0, sign * window.innerHeight), delta);
      }
      return;
    }
    case 'scrape':
      results.scrapes.push({ url: page.url(), html: await renderedHtml(page) });
      return;
    case 'executeJavascript': {
      // The script runs in the page, never in Trawl's process; its value comes back serialised.
      // A script with `return` is a function body; otherwise its completion value is returned.
      const source = action.script as string;
      const value: unknown =
        (await page.evaluate(/\breturn\b/.test(source) ? `(async () => { ${source} })()` : source)) ?? null;
      results.javascriptReturns.push({
        type: value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value,
        value,
      });
      return;
    }
    case 'screenshot':
      results.screenshots.push(await takeScreenshot(page, action));
      return;
    case 'pdf':
      results.pdfs.push(
        await page.pdf({
          format: action.format ?? 'Letter',
          landscape: action.landscape ?? false,
          scale: action.scale ?? 1,
          printBackground: true,
        }),
      );
      return;
  }
}

/** PNG by default; JPEG when a quality is given. `fullPage` captures the whole page height. */
export async function takeScreenshot(page: Page, options: ScreenshotOptions): Promise<Buffer> {
  if (options.viewport) await page.setViewportSize(options.viewport);
  return page.screenshot({
    fullPage: options.fullPage ?? false,
    ...(options.quality ? { type: 'jpeg', quality: options.quality } : { type: 'png' }),
  });
}
