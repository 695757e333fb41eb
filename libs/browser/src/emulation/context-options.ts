import type { BrowserContextOptions } from 'playwright-core';
import { STEALTH_LANGUAGES } from './stealth.js';

/** Where a scrape should appear to come from: locale, languages and time zone (a country's proxy is chosen apart). */
export interface LocationOptions {
  country?: string;
  languages?: string[];
}

/** Main time zone and locale of the countries users ask for most; others get only their languages. */
const COUNTRIES: Record<string, { timezoneId: string; locale: string }> = {
  US: { timezoneId: 'America/New_York', locale: 'en-US' },
  GB: { timezoneId: 'Europe/London', locale: 'en-GB' },
  DE: { timezoneId: 'Europe/Berlin', locale: 'de-DE' },
  FR: { timezoneId: 'Europe/Paris', locale: 'fr-FR' },
  ES: { timezoneId: 'Europe/Madrid', locale: 'es-ES' },
  IT: { timezoneId: 'Europe/Rome', locale: 'it-IT' },
  NL: { timezoneId: 'Europe/Amsterdam', locale: 'nl-NL' },
  PL: { timezoneId: 'Europe/Warsaw', locale: 'pl-PL' },
  SE: { timezoneId: 'Europe/Stockholm', locale: 'sv-SE' },
  CH: { timezoneId: 'Europe/Zurich', locale: 'de-CH' },
  AT: { timezoneId: 'Europe/Vienna', locale: 'de-AT' },
  JP: { timezoneId: 'Asia/Tokyo', locale: 'ja-JP' },
  CN: { timezoneId: 'Asia/Shanghai', locale: 'zh-CN' },
  KR: { timezoneId: 'Asia/Seoul', locale: 'ko-KR' },
  IN: { timezoneId: 'Asia/Kolkata', locale: 'en-IN' },
  BR: { timezoneId: 'America/Sao_Paulo', locale: 'pt-BR' },
  MX: { timezoneId: 'America/Mexico_City', locale: 'es-MX' },
  CA: { timezoneId: 'America/Toronto', locale: 'en-CA' },
  AU: { timezoneId: 'Australia/Sydney', locale: 'en-AU' },
};

/** Options of the fresh browser context each scrape gets. */
export async function contextOptions(options: {
  mobile?: boolean;
  location?: LocationOptions;
  headers?: Record<string, string>;
  skipTlsVerification?: boolean;
  /** The proxy this context's requests leave through; none: straight from this server. */
  proxy?: BrowserContextOptions['proxy'];
  /** Enhanced-proxy settings: a language list even when the request names none (see `applyStealth`). */
  stealth?: boolean;
  /** The running Chromium's version (`156.0.8078.73`), which the user agent must claim. */
  browserVersion?: string;
}): Promise<BrowserContextOptions> {
  // Not imported at the top, so that importing #browser does not load playwright-core (the pool
  // loads it when it launches Chromium, before any context).
  const { devices } = await import('playwright-core');
  // A current desktop Chrome: never the `HeadlessChrome` user agent that sites treat as a bot.
  const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1920, height: 1080 } };
  const { defaultBrowserType: _browser, ...device } = options.mobile ? devices['Pixel 7'] : desktop;
  const country = options.location?.country ? COUNTRIES[options.location.country.toUpperCase()] : undefined;
  const languages = options.location?.languages?.length
    ? options.location.languages
    : country
      ? [country.locale]
      : options.stealth
        ? STEALTH_LANGUAGES
        : undefined;
  const { 'User-Agent': asked, ...headers } = withoutUserAgentHeader(options.headers);
  return {
    ...device,
    // A User-Agent header of the request is the browser's own (navigator.userAgent too), not one header among others.
    userAgent: asked ?? withChromeVersion(device.userAgent, options.browserVersion),
    // A one-shot scrape gains nothing from service workers, and they fetch outside the page the SSRF guard watches.
    serviceWorkers: 'block',
    ignoreHTTPSErrors: options.skipTlsVerification ?? false,
    ...(options.proxy ? { proxy: options.proxy } : {}),
    ...(languages ? { locale: languages[0] } : {}),
    ...(country ? { timezoneId: country.timezoneId } : {}),
    extraHTTPHeaders: {
      ...(languages ? { 'Accept-Language': acceptLanguage(languages) } : {}),
      ...headers,
    },
  };
}

/** The request's headers with its User-Agent (any spelling) apart, as `User-Agent`. */
function withoutUserAgentHeader(headers: Record<string, string> = {}): Record<string, string> {
  const userAgent = Object.keys(headers).find((name) => name.toLowerCase() === 'user-agent');
  if (!userAgent) return headers;
  const { [userAgent]: value, ...others } = headers;
  return { ...others, 'User-Agent': value };
}

/**
 * Playwright's device user agents name the Chrome its release was made for (`Chrome/159.0.8154.6`),
 * while the client hints (`Sec-CH-UA`, `navigator.userAgentData`) name the Chromium that runs: a
 * mismatch bot walls look for. The running version is claimed instead, reduced as Chrome itself
 * writes it (`Chrome/156.0.0.0`).
 */
function withChromeVersion(userAgent: string, browserVersion: string | undefined): string {
  const major = browserVersion?.split('.')[0];
  return major ? userAgent.replace(/Chrome\/[\d.]+/, `Chrome/${major}.0.0.0`) : userAgent;
}

/** `['de-DE', 'en']` → `de-DE,en;q=0.9`. */
function acceptLanguage(languages: string[]): string {
  return languages
    .map((language, index) => (index === 0 ? language : `${language};q=${(1 - index / 10).toFixed(1)}`))
    .join(',');
}
