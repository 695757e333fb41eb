import type { Browser, BrowserContextOptions, Download, Page, Response } from 'playwright-core';
import type { PrivateAddressAllowance } from '#config';
import type { FetchedPage } from '#contracts';
import {
  type ActionResults,
  type PageAction,
  runActions,
  type ScreenshotOptions,
  takeScreenshot,
} from '../actions/page-actions.js';
import { AdBlocker } from '../ad-blocking/ad-blocker.js';
import { blockAds } from '../ad-blocking/block-ads.js';
import { type BrandingProfile, measureBranding } from '../branding/measure-branding.js';
import { contextOptions, type LocationOptions } from '../emulation/context-options.js';
import { applyStealth } from '../emulation/stealth.js';
import { FetchError, fetchErrorFromNavigation } from '../fetch/fetch-error.js';
import { revealLazyContent } from '../fetch/lazy-content.js';
import {
  documentTypeOf,
  downloadedBytes,
  isDocumentType,
  isHtml,
  isPdfType,
  refetchedBytes,
  textBody,
  unsupportedFile,
} from '../fetch/page-body.js';
import { waitForQuietNetwork } from '../fetch/quiet-network.js';
import { renderedHtml } from '../fetch/rendered-html.js';
import { reloadUndeclaredUtf8 } from '../fetch/undeclared-charset.js';
import type { LivePage } from '../sessions/live-sessions.js';
import { assertPublicUrl } from '../ssrf/address-guard.js';
import { guardPrivateAddresses, type RequestGuard } from '../ssrf/request-guard.js';
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
  allowedPrivateAddresses: PrivateAddressAllowance;
  /** Run in order after the page settled, before it is captured. */
  actions?: PageAction[];
  /** Also capture a screenshot of the final page. */
  screenshot?: ScreenshotOptions;
  /** Keep the page and its context open after the fetch (for interact); the caller closes it. */
  keepAlive?: boolean;
  /** Cookies and localStorage to start from (a profile), as Playwright's storageState. */
  storageState?: StorageState;
  /** Also measure the final page's branding (colours, fonts, components, logo). */
  branding?: boolean;
  /**
   * The operator's proxy for this fetch (none: direct). Everything the context loads goes through
   * it, the PDF re-fetch included; the SSRF guard still checks each target's own address.
   */
  proxy?: BrowserContextOptions['proxy'];
  /** Enhanced-proxy browser settings: automation traces hidden, realistic languages. */
  stealth?: boolean;
}

/** Playwright's storage state: cookies plus localStorage per origin. */
export type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

export interface FetchedPageBody {
  /** Final URL after redirects. */
  url: string;
  statusCode: number;
  contentType: string;
  /** Rendered HTML of a page; the decoded text of a JSON or text response; the bytes of a PDF. */
  body: string | Buffer;
  /** Set when `body` holds the bytes of a document rather than text. */
  fileType?: FetchedPage['fileType'];
  /** PNG (or JPEG with a quality) of the final page, when asked for. */
  screenshot?: Buffer;
  /** What the actions produced, when there were any. */
  actions?: ActionResults;
  /** The still-open page, when `keepAlive` was asked for. */
  live?: LivePage;
  branding?: BrandingProfile;
}

/**
 * Chromium preloads its address bar's popup, a WebUI app in a renderer of its own, beside every
 * window: each page cost two renderers and about twice the CPU (0.94 s against 0.50 s a small page).
 */
const ADDRESS_BAR_POPUP = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/**
 * What playwright-core 1.65's own `--disable-features` turns off (HTTPS upgrades of http:// pages,
 * startup requests to Google, a redirect restart that breaks request interception, …). Chromium
 * keeps only the last `--disable-features` it is given, so Trawl's, which comes after, repeats
 * them; browser-pool.spec checks that it still does after an upgrade.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AimEnabled',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsFirstBalancedModeAutoEnable',
  'HttpsUpgrades',
  'LensOverlay',
  'MediaRouter',
  'NetworkTimeServiceQuerying',
  'OptimizationHints',
  'PaintHolding',
  'PreconnectToSearch',
  'TcpPortRandomizationWin',
  'ThirdPartyStoragePartitioning',
  'msEdgeUpdateLaunchServicesPreferredVersion',
  'msForceBrowserSignIn',
];

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
  // Cross-site iframes stay in the page's process, where the SSRF guard's CDP session sees their redirects.
  '--disable-site-isolation-trials',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...ADDRESS_BAR_POPUP].join(',')}`,
];

/**
 * One shared Chromium (relaunched if it dies), a fresh context per fetch so no cookie or storage
 * leaks between scrapes, and at most `concurrency` pages at once.
 */
export class BrowserPool {
  private browser?: Promise<Browser>;
  private adBlocker?: Promise<AdBlocker>;
  private readonly slots: Semaphore;
  /** Browser contexts open now: scrapes rendering plus pages kept for interact. */
  private contextsOpen = 0;

  constructor(
    private readonly options: { executablePath: string; concurrency: number; launchArgs?: string[] },
  ) {
    this.slots = new Semaphore(Math.max(1, options.concurrency));
  }

  async fetchPage(options: FetchPageOptions): Promise<FetchedPageBody> {
    const startedAt = Date.now();
    const remaining = () => Math.max(1, options.timeout - (Date.now() - startedAt));
    const deadline = AbortSignal.timeout(options.timeout);
    const expired = new Promise<never>((_, reject) =>
      deadline.addEventListener('abort', () => reject(scrapeTimedOut(options)), { once: true }),
    );
    const within = <T>(work: Promise<T>) => Promise.race([work, expired]);

    await within(assertPublicUrl(options.url, options.allowedPrivateAddresses));
    const release = await this.slots.acquire(deadline).catch(() => {
      throw scrapeTimedOut(options);
    });
    const opening = this.openPage(options);
    let kept = false;
    try {
      return await within(
        opening.then(async ({ page, guard, context }) => {
          const body = await this.render(page, options, remaining, guard);
          if (!options.keepAlive || deadline.aborted) return body;
          kept = true;
          return { ...body, live: { page, context } };
        }),
      );
    } finally {
      // Closed even when the deadline won the race, so a late page cannot outlive its slot.
      if (!kept) await opening.then(({ context }) => context.close()).catch(() => undefined);
      release();
    }
  }

  /**
   * A page of its own at `about:blank` (a browser session's): a fresh context, optionally from a
   * profile's state, with the same request guards as a scrape. It holds no render slot; the
   * caller closes its context.
   */
  async openBlankPage(
    options: Pick<FetchPageOptions, 'allowedPrivateAddresses' | 'storageState'>,
  ): Promise<LivePage> {
    const { page, context } = await this.openPage({ ...options, url: 'about:blank', timeout: 0 });
    return { page, context };
  }

  /** What the pool holds now, without starting Chromium (for metrics). `active` fetches hold a slot; `queued` wait for one. */
  usage(): { contextsOpen: number; active: number; queued: number; concurrency: number } {
    return {
      contextsOpen: this.contextsOpen,
      active: this.slots.activeCount,
      queued: this.slots.queuedCount,
      concurrency: this.options.concurrency,
    };
  }

  async health(): Promise<{ connected: boolean; active: number; queued: number; concurrency: number }> {
    const browser = await this.launch();
    return { connected: browser.isConnected(), ...this.usage() };
  }

  async close(): Promise<void> {
    const browser = this.browser;
    this.browser = undefined;
    await (await browser?.catch(() => undefined))?.close();
  }

  private launch(): Promise<Browser> {
    // playwright-core takes about 0.5 s to import: loaded with the first launch, so processes
    // that import #browser without launching Chromium (core, api, projector) never load it.
    this.browser ??= import('playwright-core')
      .then(({ chromium }) =>
        chromium.launch({
          executablePath: this.options.executablePath,
          args: [...CHROMIUM_ARGS, ...(this.options.launchArgs ?? [])],
          // The app closes the browser when it stops, after the pages in flight end: Playwright's
          // own handlers would close it at the signal, failing them (ERR_ABORTED).
          handleSIGINT: false,
          handleSIGTERM: false,
          handleSIGHUP: false,
        }),
      )
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

  /** A downloaded file: a PDF, Word or Excel document (by content type or signature) becomes the body; anything else is refused. */
  private async downloadedDocument(
    response: Response,
    download: Download,
    options: FetchPageOptions,
  ): Promise<FetchedPageBody> {
    const headers = response.headers();
    const contentType = headers['content-type'] ?? '';
    const length = headers['content-length'] ? Number(headers['content-length']) : undefined;
    const url = response.url();
    if (!isPdfType(contentType) && !isDocumentType(contentType) && !/octet-stream|^$/i.test(contentType)) {
      await download.cancel().catch(() => undefined);
      throw unsupportedFile(contentType);
    }
    assertPageOnlyOptions(options, url);
    const bytes = await downloadedBytes(download, length);
    const fileType = documentTypeOf(contentType, bytes);
    if (!fileType) throw unsupportedFile(contentType);
    return { url, statusCode: response.status(), contentType, body: bytes, fileType };
  }

  /** A fresh context per scrape (no cookie or storage is shared), with its request guards in place. */
  private async openPage(options: FetchPageOptions) {
    const browser = await this.launch();
    const context = await browser.newContext({
      ...(await contextOptions({ ...options, browserVersion: browser.version() })),
      ...(options.storageState ? { storageState: options.storageState } : {}),
    });
    this.contextsOpen++;
    // Also fires when Chromium dies with the context open.
    context.once('close', () => this.contextsOpen--);
    try {
      if (options.stealth) await applyStealth(context);
      if (options.blockAds) {
        this.adBlocker ??= AdBlocker.load();
        await blockAds(context, await this.adBlocker, options.url);
      }
      const page = await context.newPage();
      const guard =
        options.allowedPrivateAddresses === 'all'
          ? undefined
          : await guardPrivateAddresses(context, page, options.allowedPrivateAddresses);
      return { context, page, guard };
    } catch (error) {
      await context.close().catch(() => undefined);
      throw error;
    }
  }

  private async render(
    page: Page,
    options: FetchPageOptions,
    remaining: () => number,
    guard: RequestGuard | undefined,
  ): Promise<FetchedPageBody> {
    // A download (how Chromium treats a PDF) aborts the navigation, but its response still says what the file was.
    let documentResponse: Response | undefined;
    page.on('response', (response) => {
      if (response.request().isNavigationRequest() && response.frame() === page.mainFrame()) {
        documentResponse = response;
      }
    });
    const download = new Promise<Download>((resolve) => page.once('download', resolve));
    let response: Response | null;
    try {
      response = await page.goto(options.url, { waitUntil: 'load', timeout: remaining() });
    } catch (error) {
      if (/Timeout .*exceeded/.test(String(error))) {
        throw scrapeTimedOut(options);
      }
      const blockedUrl = guard?.blockedUrls[0];
      if (blockedUrl && /net::ERR_BLOCKED_BY_CLIENT/.test(String(error))) {
        throw new FetchError(
          'SCRAPE_SSRF_BLOCKED',
          `${options.url} led to ${blockedUrl}, a private or reserved address that scrapes may not reach`,
        );
      }
      if (/Download is starting/.test(String(error)) && documentResponse) {
        return this.downloadedDocument(documentResponse, await download, options);
      }
      throw fetchErrorFromNavigation(error, options.url);
    }
    if (!response) throw new FetchError('SCRAPE_SITE_ERROR', `${options.url} returned no response`);
    const contentType = (await response.headerValue('content-type')) ?? '';
    const result = { url: page.url(), statusCode: response.status(), contentType };
    if (isPdfType(contentType)) {
      assertPageOnlyOptions(options, result.url);
      const bytes = await refetchedBytes(page, result.url, {
        allowedPrivateAddresses: options.allowedPrivateAddresses,
        timeout: remaining(),
      });
      return { ...result, body: bytes, fileType: 'pdf' };
    }
    if (contentType && !isHtml(contentType)) {
      // A document served as text (or shown rather than downloaded) is still a document.
      const bytes = await response.body().catch(() => Buffer.alloc(0));
      const fileType = documentTypeOf(contentType, bytes);
      if (fileType) {
        assertPageOnlyOptions(options, result.url);
        return { ...result, body: bytes, fileType };
      }
      return { ...result, body: await textBody(response, contentType) };
    }

    await reloadUndeclaredUtf8(page, response, contentType, remaining()).catch((error: unknown) => {
      throw /Timeout .*exceeded/.test(String(error))
        ? scrapeTimedOut(options)
        : fetchErrorFromNavigation(error, options.url);
    });
    await waitForQuietNetwork(page, Math.min(3_000, remaining()));
    await revealLazyContent(page, Math.min(3_000, remaining()));
    if (options.waitFor) await page.waitForTimeout(Math.min(options.waitFor, remaining()));
    const actions = options.actions?.length ? await runActions(page, options.actions) : undefined;
    const screenshot = options.screenshot ? await takeScreenshot(page, options.screenshot) : undefined;
    const branding = options.branding ? await measureBranding(page) : undefined;
    const blockedNavigation = guard?.blockedNavigations[0];
    if (blockedNavigation) {
      throw new FetchError(
        'SCRAPE_SSRF_BLOCKED',
        `${options.url} navigated to ${blockedNavigation}, a private or reserved address that scrapes may not reach`,
      );
    }
    return { ...result, url: page.url(), body: await renderedHtml(page), screenshot, actions, branding };
  }
}

const scrapeTimedOut = (options: FetchPageOptions) =>
  new FetchError('SCRAPE_TIMEOUT', `Scrape timed out after ${options.timeout} ms`);

/** Screenshots and actions need a rendered web page; a document cannot honour them. */
function assertPageOnlyOptions(options: FetchPageOptions, url: string) {
  if (options.screenshot || options.actions?.length) {
    throw new FetchError(
      'SCRAPE_UNSUPPORTED_FILE_ERROR',
      `${url} is a document (PDF, Word or Excel): screenshots and actions need a web page`,
    );
  }
}
