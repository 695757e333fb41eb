import { type Browser, type BrowserContext, chromium, type Page, type Response } from 'playwright-core';
import {
  type ActionResults,
  type PageAction,
  runActions,
  type ScreenshotOptions,
  takeScreenshot,
} from '../actions/page-actions.js';
import { AdBlocker } from '../ad-blocking/ad-blocker.js';
import { contextOptions, type LocationOptions } from '../emulation/context-options.js';
import { FetchError, fetchErrorFromNavigation } from '../fetch/fetch-error.js';
import { isHtml, textBody } from '../fetch/page-body.js';
import { waitForQuietNetwork } from '../fetch/quiet-network.js';
import { assertPublicUrl } from '../ssrf/address-guard.js';
import { Semaphore } from './semaphore.js';

export interface FetchPageOptions {
  url: string;
  headers?: Record<string, string>;
  mobile?: boolean;
  /** Extra milliseconds to wait after the page settled. */
  waitFor?: number;
  /** Total budget in milliseconds, queueing included. */
  timeout: number;
  location?: LocationOptions;
  skipTlsVerification?: boolean;
  blockAds?: boolean;
  allowPrivateAddresses: boolean;
  /** Run in order after the page settled, before it is captured. */
  actions?: PageAction[];
  /** Also capture a screenshot of the final page. */
  screenshot?: ScreenshotOptions;
}

export interface FetchedPageBody {
  /** Final URL after redirects. */
  url: string;
  statusCode: number;
  contentType: string;
  /** Rendered HTML of a page; the decoded text of a JSON or text response. */
  body: string;
  /** PNG (or JPEG with a quality) of the final page, when asked for. */
  screenshot?: Buffer;
  /** What the actions produced, when there were any. */
  actions?: ActionResults;
}

/** Flags that keep Debian's Chromium quiet and working on a closed network, as root. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/**
 * One shared Chromium (relaunched if it dies), a fresh context per fetch so no cookie or storage
 * leaks between scrapes, and at most `concurrency` pages at once.
 */
export class BrowserPool {
  private browser?: Promise<Browser>;
  private adBlocker?: Promise<AdBlocker>;
  private readonly slots: Semaphore;

  constructor(
    private readonly options: { executablePath: string; concurrency: number; launchArgs?: string[] },
  ) {
    this.slots = new Semaphore(Math.max(1, options.concurrency));
  }

  async fetchPage(options: FetchPageOptions): Promise<FetchedPageBody> {
    const startedAt = Date.now();
    const remaining = () => Math.max(1, options.timeout - (Date.now() - startedAt));
    const deadline = AbortSignal.timeout(options.timeout);
    const timedOut = () => new FetchError('SCRAPE_TIMEOUT', `Scrape timed out after ${options.timeout} ms`);
    if (!options.allowPrivateAddresses) await assertPublicUrl(options.url);
    const release = await this.slots.acquire(deadline).catch(() => {
      throw timedOut();
    });
    let context: BrowserContext | undefined;
    try {
      context = await (await this.launch()).newContext(contextOptions(options));
      await this.guardRequests(context, options);
      const page = await context.newPage();
      return await Promise.race([
        this.render(page, options, remaining),
        new Promise<never>((_, reject) => deadline.addEventListener('abort', () => reject(timedOut()))),
      ]);
    } finally {
      release();
      await context?.close().catch(() => undefined);
    }
  }

  async health(): Promise<{ connected: boolean; active: number; queued: number; concurrency: number }> {
    const browser = await this.launch();
    return {
      connected: browser.isConnected(),
      active: this.slots.activeCount,
      queued: this.slots.queuedCount,
      concurrency: this.options.concurrency,
    };
  }

  async close(): Promise<void> {
    const browser = this.browser;
    this.browser = undefined;
    await (await browser?.catch(() => undefined))?.close();
  }

  private launch(): Promise<Browser> {
    this.browser ??= chromium
      .launch({
        executablePath: this.options.executablePath,
        args: [...CHROMIUM_ARGS, ...(this.options.launchArgs ?? [])],
      })
      .then((browser) => {
        // A crashed browser is replaced on the next fetch.
        browser.on('disconnected', () => {
          this.browser = undefined;
        });
        return browser;
      })
      .catch((error: unknown) => {
        this.browser = undefined;
        throw new FetchError('SCRAPE_BROWSER_ERROR', `Chromium could not be started: ${String(error)}`);
      });
    return this.browser;
  }

  /** Ad blocking and the SSRF guard for every request the page makes. */
  private async guardRequests(context: BrowserContext, options: FetchPageOptions) {
    if (options.blockAds) this.adBlocker ??= AdBlocker.load();
    const blocker = options.blockAds ? await this.adBlocker : undefined;
    if (!blocker && options.allowPrivateAddresses) return;
    const publicHosts = new Map<string, Promise<boolean>>();
    const isPublic = (url: string) => {
      const host = new URL(url).host;
      let verdict = publicHosts.get(host);
      if (!verdict) {
        verdict = assertPublicUrl(url).then(
          () => true,
          () => false,
        );
        publicHosts.set(host, verdict);
      }
      return verdict;
    };
    await context.route('**/*', async (route) => {
      const request = route.request();
      const url = request.url();
      if (!url.startsWith('http')) return route.continue();
      if (!options.allowPrivateAddresses && !(await isPublic(url))) return route.abort('blockedbyclient');
      const isPage = request.isNavigationRequest() && request.frame().parentFrame() === null;
      if (blocker && !isPage && blocker.shouldBlock(url, request.resourceType(), options.url)) {
        return route.abort('blockedbyclient');
      }
      return route.continue();
    });
  }

  private async render(
    page: Page,
    options: FetchPageOptions,
    remaining: () => number,
  ): Promise<FetchedPageBody> {
    let response: Response | null;
    try {
      response = await page.goto(options.url, { waitUntil: 'load', timeout: remaining() });
    } catch (error) {
      if (/Timeout .*exceeded/.test(String(error))) {
        throw new FetchError('SCRAPE_TIMEOUT', `Scrape timed out after ${options.timeout} ms`);
      }
      throw await this.explainFailedNavigation(page, error, options.url);
    }
    if (!response) throw new FetchError('SCRAPE_SITE_ERROR', `${options.url} returned no response`);
    if (!options.allowPrivateAddresses) await assertRedirectsPublic(response);
    const contentType = (await response.headerValue('content-type')) ?? '';
    const result = { url: page.url(), statusCode: response.status(), contentType };
    if (contentType && !isHtml(contentType))
      return { ...result, body: await textBody(response, contentType) };

    await waitForQuietNetwork(page, Math.min(3_000, remaining()));
    if (options.waitFor) await page.waitForTimeout(Math.min(options.waitFor, remaining()));
    const actions = options.actions?.length ? await runActions(page, options.actions) : undefined;
    const screenshot = options.screenshot ? await takeScreenshot(page, options.screenshot) : undefined;
    return { ...result, url: page.url(), body: await page.content(), screenshot, actions };
  }

  /** A download (PDF, archive) aborts navigation: tell the client what the file was. */
  private async explainFailedNavigation(page: Page, error: unknown, url: string): Promise<FetchError> {
    if (/Download is starting|net::ERR_ABORTED/.test(String(error))) {
      const probe = await page.request.head(url, { timeout: 5_000 }).catch(() => undefined);
      const contentType = probe?.headers()['content-type'] ?? '';
      if (contentType && !isHtml(contentType)) {
        return new FetchError(
          'SCRAPE_UNSUPPORTED_FILE_ERROR',
          /pdf/i.test(contentType)
            ? 'PDF documents cannot be parsed by this Trawl version yet'
            : `Files of type ${contentType} cannot be converted to the requested formats`,
        );
      }
    }
    return fetchErrorFromNavigation(error, url);
  }
}

/**
 * Playwright routes only the first request of a redirect chain, so a redirect to a private
 * address is caught here, after the fact: the response is refused and nothing of it is returned.
 */
async function assertRedirectsPublic(response: Response) {
  for (let request = response.request().redirectedFrom(); request; request = request.redirectedFrom()) {
    await assertPublicUrl(request.url());
  }
  await assertPublicUrl(response.url());
}
