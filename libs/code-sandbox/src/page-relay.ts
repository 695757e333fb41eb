import type { Page } from 'playwright-core';

/** One step of a call chain recorded in the sandbox: a property read or a call with arguments. */
export type ChainStep = { get: string } | { call: unknown[] };

/**
 * What interact code may reach through `page`: reading and acting on the page, its locators,
 * keyboard and mouse. Deliberately absent: `context()`, `request`, `route`, `exposeFunction`,
 * event listeners, `setInputFiles` — anything that would reach the browser context, other
 * sessions, the worker's file system, or fetch around the SSRF guard.
 */
const PAGE_AND_LOCATOR_MEMBERS = new Set([
  // navigation and state
  'goto',
  'reload',
  'goBack',
  'goForward',
  'url',
  'title',
  'content',
  'setContent',
  'viewportSize',
  'setViewportSize',
  'waitForTimeout',
  'waitForLoadState',
  'waitForURL',
  'waitForFunction',
  'waitForSelector',
  'bringToFront',
  // acting
  'click',
  'dblclick',
  'tap',
  'fill',
  'clear',
  'type',
  'pressSequentially',
  'press',
  'check',
  'uncheck',
  'setChecked',
  'hover',
  'focus',
  'blur',
  'selectOption',
  'selectText',
  'dispatchEvent',
  'scrollIntoViewIfNeeded',
  'dragTo',
  'dragAndDrop',
  // reading
  'textContent',
  'innerText',
  'innerHTML',
  'inputValue',
  'getAttribute',
  'isVisible',
  'isHidden',
  'isEnabled',
  'isDisabled',
  'isChecked',
  'isEditable',
  'count',
  'allTextContents',
  'allInnerTexts',
  'ariaSnapshot',
  'boundingBox',
  'screenshot',
  'pdf',
  'evaluate',
  'evaluateAll',
  '$eval',
  '$$eval',
  'waitFor',
  // finding
  'locator',
  'getByRole',
  'getByText',
  'getByLabel',
  'getByPlaceholder',
  'getByTestId',
  'getByAltText',
  'getByTitle',
  'frameLocator',
  'first',
  'last',
  'nth',
  'filter',
  'and',
  'or',
  'contentFrame',
  'owner',
  // devices
  'keyboard',
  'mouse',
  'down',
  'up',
  'insertText',
  'move',
  'wheel',
]);

/** Options that would make Playwright write a file in the worker (screenshot/pdf `path`). */
const FORBIDDEN_OPTIONS = new Set(['path']);

export class RelayError extends Error {}

/**
 * Runs a recorded chain on the session's page, allowlisted step by step. Function arguments
 * arrive as source text and are handed to Playwright as functions whose only use is their text:
 * Playwright sends that text to the browser page, so user code never executes in this process.
 */
export async function runChain(page: Page, chain: ChainStep[]): Promise<unknown> {
  let target: unknown = page;
  let owner: unknown;
  for (const step of chain) {
    if ('get' in step) {
      if (!PAGE_AND_LOCATOR_MEMBERS.has(step.get))
        throw new RelayError(`page.${step.get} is not available in interact code`);
      owner = target;
      target = (target as Record<string, unknown>)[step.get];
      if (target === undefined) throw new RelayError(`${step.get} is not a member of this object`);
    } else {
      if (typeof target !== 'function') throw new RelayError('Only methods can be called');
      const args = step.call.map(decodeArgument);
      target = await (target as (...values: unknown[]) => unknown).apply(owner, args);
      owner = undefined;
    }
  }
  return serialise(target);
}

export function decodeArgument(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decodeArgument);
  if (!value || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  if (typeof record.__function === 'string') return pageFunction(record.__function);
  if (typeof record.__regexp === 'string') return new RegExp(record.__regexp, String(record.flags ?? ''));
  for (const key of Object.keys(record)) {
    if (FORBIDDEN_OPTIONS.has(key))
      throw new RelayError(`The ${key} option is not available in interact code`);
  }
  return Object.fromEntries(Object.entries(record).map(([key, item]) => [key, decodeArgument(item)]));
}

/** A function object that is never called here: Playwright only reads its text (`String(fn)`). */
function pageFunction(source: string): () => never {
  const stub = () => {
    throw new RelayError('page functions run in the browser page only');
  };
  stub.toString = () => source;
  return stub;
}

/** Values go back to the sandbox as JSON; Playwright objects become plain summaries. */
export function serialise(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (Buffer.isBuffer(value)) return value.toString('base64');
  if (typeof value !== 'object') return value;
  const name = (value as object).constructor?.name;
  if (name === 'Response') {
    const response = value as { url(): string; status(): number; ok(): boolean };
    return { url: response.url(), status: response.status(), ok: response.ok() };
  }
  // waitForSelector and friends resolve to handles, which stay here: the script sees null.
  if (name === 'ElementHandle' || name === 'JSHandle') return null;
  if (['Locator', 'FrameLocator', 'Frame', 'Page', 'Keyboard', 'Mouse'].includes(name)) {
    throw new RelayError(`A ${name} cannot leave the browser: chain its methods without await`);
  }
  return JSON.parse(JSON.stringify(value));
}
