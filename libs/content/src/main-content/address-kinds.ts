/**
 * What a page's address says it is, by the path words platforms use: `/products/…` (Shopify,
 * WooCommerce), `/collections/…`, `/t/…` and `/threads/…` (Discourse, XenForo), `/2024/05/…` and
 * `/blog/…`, `docs.` and `/reference/…`. What is content differs by kind of page (a product's
 * description, every post of a thread, the items of a collection), and many pages declare no
 * kind in their markup. Listed in the order of `ADDRESS_FEATURE_NAMES`.
 */
const ADDRESS_KINDS = {
  product: /\/(?:products?|p|dp|item|itm|gp\/product)\//i,
  listing: /\/(?:collections?|category|categories|c|shop|catalog|department)\//i,
  discussion:
    /\/(?:t|threads?|questions|topics?|forums?|community|discussions?|viewtopic)[/.]|(?:^|\.)(?:forums?|community)\./i,
  article: /\/(?:blog|news|articles?|posts?|stories|\d{4}\/\d{2})\//i,
  documentation:
    /(?:^|\.)docs?\.|\/(?:docs?|documentation|guides?|reference|api|manual|tutorials?)\/|readthedocs|gitbook/i,
};

export const ADDRESS_FEATURE_NAMES = [
  'address says product',
  'address says listing',
  'address says discussion',
  'address says article',
  'address says documentation',
  'address depth',
  'address slug words',
  'address holds a number',
] as const;

const urlOf = (address: string | undefined) =>
  URL.canParse(address ?? '') ? new URL(address as string) : undefined;

/** The path with a closing slash, so that a kind word at the end of the path matches too. */
const pathOf = (url: URL) => `${url.pathname.replace(/\/+$/, '')}/`;

const says = (url: URL, kind: keyof typeof ADDRESS_KINDS) =>
  ADDRESS_KINDS[kind].test(url.hostname) || ADDRESS_KINDS[kind].test(pathOf(url));

/** Whether the address names the page's kind (`docs.` or `/reference/…` a documentation page). */
export function addressSays(address: string | undefined, kind: keyof typeof ADDRESS_KINDS): boolean {
  const url = urlOf(address);
  return url !== undefined && says(url, kind);
}

/** The address's features, in the order of `ADDRESS_FEATURE_NAMES` (all 0 without a valid address). */
export function addressFeatures(address: string | undefined): number[] {
  const url = urlOf(address);
  if (!url) return ADDRESS_FEATURE_NAMES.map(() => 0);
  const path = pathOf(url);
  const segments = path.split('/').filter(Boolean);
  return [
    ...(Object.keys(ADDRESS_KINDS) as (keyof typeof ADDRESS_KINDS)[]).map((kind) =>
      says(url, kind) ? 1 : 0,
    ),
    segments.length,
    (segments.at(-1) ?? '').split(/[-_]/).length,
    /\d{3,}/.test(path) ? 1 : 0,
  ];
}
