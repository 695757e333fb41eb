import type { Element } from 'hast';
import { selectAll } from 'hast-util-select';
import { parseNumber } from '../json/coerce.js';
import {
  absoluteUrl,
  attr,
  firstMeta,
  NON_CONTENT,
  type ParsedPage,
  spacedText,
  textOf,
  titleHeading,
  withoutSiteName,
} from '../page/parse-page.js';
import {
  asList,
  asText,
  isObject,
  itemsOfType,
  type StructuredItem,
  structuredItems,
} from '../page/structured-data.js';
import { terms } from '../text/passages.js';
import { findPrice, formatPrice, type Price } from '../text/prices.js';

export interface ProductAvailability {
  inStock: boolean;
  text?: string;
}

export interface ProductVariant {
  id?: string;
  sku?: string;
  title?: string;
  values?: Record<string, unknown>;
  price?: Price;
  sale?: { originalPrice: Price };
  availability: ProductAvailability;
  images?: { url: string; alt?: string }[];
}

export interface Product {
  title: string;
  brand?: string;
  category?: string;
  url: string;
  description?: string;
  variants: ProductVariant[];
}

export type ProductSource = 'structured-data' | 'opengraph' | 'page-heuristics';

/**
 * The page's product: schema.org Product / ProductGroup (JSON-LD or microdata) with its offers
 * and variants; else OpenGraph product tags; else the page itself (the title, the price near the
 * buy button, a struck-through original price, availability text). Undefined when the page
 * shows no product (no product data and no price).
 */
export function extractProduct(page: ParsedPage): { product: Product; source: ProductSource } | undefined {
  const dom = domSignals(page);
  const items = structuredItems(page);
  const group = itemsOfType(items, 'ProductGroup')[0];
  const item = group ?? itemsOfType(items, 'Product')[0];
  if (item) return { product: fromStructured(item, page, dom), source: 'structured-data' };
  const ogPrice = firstMeta(page, 'product:price:amount', 'og:price:amount');
  if (ogPrice !== undefined || firstMeta(page, 'og:type') === 'product') {
    return { product: fromOpenGraph(page, dom), source: 'opengraph' };
  }
  if (dom.price && dom.title) {
    return {
      product: {
        title: dom.title,
        url: page.url,
        ...(dom.description ? { description: dom.description } : {}),
        variants: [
          {
            price: dom.price,
            ...saleOf(dom, dom.price),
            availability: dom.availability,
            ...imagesOf(dom.images),
          },
        ],
      },
      source: 'page-heuristics',
    };
  }
  return undefined;
}

function fromStructured(item: StructuredItem, page: ParsedPage, dom: DomSignals): Product {
  // Shops often leave the description and image to the page's own meta tags.
  const structuredImages = imageList(item.image, page.url);
  const images = structuredImages.length > 0 ? structuredImages : dom.images;
  const variants = asList(item.hasVariant).filter(isObject) as StructuredItem[];
  const base = {
    title: asText(item.name) ?? dom.title ?? '',
    ...optional('brand', asText(item.brand) ?? asText(item.manufacturer)),
    ...optional('category', asText(item.category)),
    url: absoluteUrl(asText(item.url), page.url) ?? page.url,
    ...optional('description', asText(item.description) ?? dom.description),
  };
  // A struck price on the page belongs to the product only when there is one variant to give it to.
  const single = variants.length <= 1;
  const fromOffers = (
    owner: StructuredItem,
    ownImages: { url: string }[],
    values?: Record<string, unknown>,
  ) => {
    const offers = asList(owner.offers).flatMap((offer) =>
      isObject(offer) && Array.isArray(offer.offers) ? offer.offers : [offer],
    );
    const shared = {
      ...optional('sku', asText(owner.sku)),
      ...optional('id', asText(owner.productID) ?? asText(owner['@id'])),
      ...(values && Object.keys(values).length > 0 ? { values } : {}),
      ...imagesOf(ownImages),
    };
    if (offers.length === 0) {
      // Data without an offer: the one product's price is the one its tags or the page show.
      const price = single ? shownPrice(page, dom) : undefined;
      return [
        { ...shared, ...(price ? { price, ...saleOf(dom, price) } : {}), availability: dom.availability },
      ];
    }
    return offers.filter(isObject).map((offer) => {
      const price = offerPrice(offer);
      return {
        ...shared,
        ...optional('title', asText(offer.name)),
        ...optional('sku', asText(offer.sku) ?? asText(owner.sku)),
        ...(price ? { price } : {}),
        ...(price
          ? (saleFromOffer(offer, price) ?? (single && offers.length === 1 ? saleOf(dom, price) : {}))
          : {}),
        availability: availabilityOf(offer.availability) ?? dom.availability,
      } as ProductVariant;
    });
  };
  if (variants.length > 0) {
    return {
      ...base,
      variants: variants.flatMap((variant) =>
        fromOffers(variant, imageList(variant.image, page.url), variantValues(variant)).map((entry) => ({
          ...entry,
          ...optional('title', entry.title ?? asText(variant.name)),
          ...(entry.images ? {} : imagesOf(images)),
        })),
      ),
    };
  }
  return { ...base, variants: fromOffers(item, images) };
}

/**
 * The price the page's OpenGraph product tags give, else the one it shows (by the buy button,
 * classed as a price).
 */
function shownPrice(page: ParsedPage, dom: DomSignals): Price | undefined {
  const amount = parseNumber(firstMeta(page, 'product:price:amount', 'og:price:amount') ?? '');
  const currency = firstMeta(page, 'product:price:currency', 'og:price:currency');
  if (amount === undefined) return dom.price;
  return { amount, ...optional('currency', currency), formatted: formatPrice(amount, currency) };
}

function fromOpenGraph(page: ParsedPage, dom: DomSignals): Product {
  const price = shownPrice(page, dom);
  const availabilityText = firstMeta(page, 'product:availability', 'og:availability');
  const image = absoluteUrl(firstMeta(page, 'og:image'), page.url);
  return {
    title: withoutSiteName(firstMeta(page, 'og:title') ?? dom.title ?? '', page),
    ...optional('brand', firstMeta(page, 'product:brand')),
    ...optional('category', firstMeta(page, 'product:category')),
    url: absoluteUrl(firstMeta(page, 'og:url'), page.url) ?? page.url,
    ...optional('description', dom.description),
    variants: [
      {
        ...optional('sku', firstMeta(page, 'product:retailer_item_id')),
        ...(price ? { price, ...saleOf(dom, price) } : {}),
        availability: availabilityOf(availabilityText) ?? dom.availability,
        ...imagesOf(image ? [{ url: image }] : dom.images),
      },
    ],
  };
}

function offerPrice(offer: Record<string, unknown>): Price | undefined {
  const specification = asList(offer.priceSpecification).find(
    (spec) => isObject(spec) && !/Strikethrough|ListPrice|MSRP/i.test(String(spec.priceType ?? '')),
  ) as Record<string, unknown> | undefined;
  const raw = offer.price ?? offer.lowPrice ?? specification?.price;
  const amount = typeof raw === 'number' ? raw : parseNumber(String(raw ?? ''));
  if (amount === undefined) return undefined;
  const currency = asText(offer.priceCurrency) ?? asText(specification?.priceCurrency);
  return { amount, ...optional('currency', currency), formatted: formatPrice(amount, currency) };
}

/** schema.org's list / strikethrough price of an offer, when it is above the price paid. */
function saleFromOffer(
  offer: Record<string, unknown>,
  price: Price,
): { sale: { originalPrice: Price } } | undefined {
  for (const spec of asList(offer.priceSpecification)) {
    if (!isObject(spec) || !/Strikethrough|ListPrice|MSRP/i.test(String(spec.priceType ?? ''))) continue;
    const amount = parseNumber(String(spec.price ?? ''));
    if (amount !== undefined && amount > price.amount) {
      const currency = asText(spec.priceCurrency) ?? price.currency;
      return {
        sale: {
          originalPrice: {
            amount,
            ...optional('currency', currency),
            formatted: formatPrice(amount, currency),
          },
        },
      };
    }
  }
  return undefined;
}

/** A struck-through price on the page above the price paid is the original price of a sale. */
function saleOf(dom: DomSignals, price: Price): { sale?: { originalPrice: Price } } {
  const original = dom.struckPrices.find((struck) => struck.amount > price.amount);
  return original
    ? { sale: { originalPrice: { ...original, currency: original.currency ?? price.currency } } }
    : {};
}

const IN_STOCK =
  /InStock|LimitedAvailability|OnlineOnly|InStoreOnly|PreOrder|PreSale|^in ?stock$|^available/i;
const OUT_OF_STOCK = /OutOfStock|SoldOut|Discontinued|BackOrder|^out of stock|^oos$|unavailable/i;

function availabilityOf(value: unknown): ProductAvailability | undefined {
  const raw = asText(value);
  if (!raw) return undefined;
  const name = raw.replace(/^.*[/#]/, '');
  const text = name.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());
  if (OUT_OF_STOCK.test(name)) return { inStock: false, text };
  if (IN_STOCK.test(name)) return { inStock: true, text };
  return undefined;
}

function variantValues(variant: StructuredItem): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const key of ['color', 'size', 'material', 'pattern', 'width', 'height', 'depth', 'weight']) {
    const value = asText(variant[key]);
    if (value) values[key] = value;
  }
  for (const property of asList(variant.additionalProperty)) {
    if (isObject(property) && asText(property.name)) values[asText(property.name) as string] = property.value;
  }
  return values;
}

function imageList(value: unknown, base: string): { url: string; alt?: string }[] {
  return asList(value)
    .map((entry) => {
      const url = absoluteUrl(
        typeof entry === 'string'
          ? entry
          : asText(isObject(entry) ? (entry.contentUrl ?? entry.url) : undefined),
        base,
      );
      const alt = isObject(entry) ? asText(entry.caption ?? entry.name) : undefined;
      return url ? { url, ...optional('alt', alt) } : undefined;
    })
    .filter((image): image is { url: string; alt?: string } => image !== undefined);
}

function imagesOf(images: { url: string; alt?: string }[]) {
  return images.length > 0 ? { images } : {};
}

interface DomSignals {
  title?: string;
  description?: string;
  price?: Price;
  struckPrices: Price[];
  availability: ProductAvailability;
  images: { url: string; alt?: string }[];
}

const BUY =
  /\b(?:add to (?:cart|bag|basket)|buy now|buy it now|in den warenkorb|ajouter au panier|pre-?order)\b/i;
const AVAILABILITY_TEXT =
  /\b(?:in stock|out of stock|sold out|only \d+ left(?: in stock)?|available now|currently unavailable|back-?ordered|pre-?order)\b/i;

/** What the page itself shows: h1, the price near the buy button, struck prices, availability text. */
function domSignals(page: ParsedPage): DomSignals {
  indexParents(page.tree);
  const locale = attr(selectAll('html', page.tree)[0] ?? ({ properties: {} } as Element), 'lang');
  const h1 = titleHeading(page);
  const buttons = selectAll('button, input[type=submit], a', page.tree).filter((element) =>
    BUY.test(textOf(element) || attr(element, 'value') || ''),
  );
  const priced = selectAll('[class*=price], [id*=price], [itemprop=price], [data-price]', page.tree).filter(
    (element) =>
      !isStruck(element) &&
      !element.children.some(
        (child) => child.type === 'element' && /price/i.test(String(child.properties.className ?? '')),
      ),
  );
  const price =
    priced.map((element) => findPrice(spacedText(withoutStruck(element)), locale)).find(Boolean) ??
    nearButton(buttons, locale);
  const struckPrices = selectAll(
    'del, s, strike, [class*=was], [class*=original], [class*=compare], [class*=strike], [class*=old-price]',
    page.tree,
  )
    .map((element) => findPrice(textOf(element), locale))
    .filter((entry): entry is Price => entry !== undefined);
  const bodyText = spacedText(selectAll('body', page.tree)[0] ?? page.tree);
  const stated = AVAILABILITY_TEXT.exec(bodyText)?.[0];
  let availability: ProductAvailability;
  if (stated)
    availability = {
      inStock: !/out of stock|sold out|unavailable|back-?ordered/i.test(stated),
      text: stated,
    };
  else if (buttons.length > 0) {
    const enabled = buttons.some(
      (button) => button.properties.disabled === undefined || button.properties.disabled === false,
    );
    availability = { inStock: enabled, text: enabled ? 'Buy button enabled' : 'Buy button disabled' };
  } else availability = { inStock: false, text: 'Availability not stated on the page' };
  const image = absoluteUrl(firstMeta(page, 'og:image'), page.url);
  const title = h1 ? textOf(h1) : undefined;
  // A meta description that names nothing of the product is often the shop's, on every page.
  const metas = [firstMeta(page, 'og:description'), firstMeta(page, 'description')].filter(
    (meta): meta is string => meta !== undefined,
  );
  const named = terms(title ?? firstMeta(page, 'og:title') ?? '').filter((term) => /\p{L}.{2}/u.test(term));
  return {
    title,
    description:
      metas.find((meta) => terms(meta).some((term) => named.includes(term))) ??
      shownDescription(page) ??
      metas[0],
    price,
    struckPrices,
    availability,
    images: image ? [{ url: image }] : productPhotos(page, title),
  };
}

/**
 * The description the page shows: its first element marked as one, outside the site's header,
 * navigation and footer.
 */
function shownDescription(page: ParsedPage): string | undefined {
  return selectAll('[itemprop=description], [class*=description], [id*=description]', page.tree)
    .filter((element) => !hasAncestor(element, SITE_CHROME))
    .map(spacedText)
    .find((text) => text.length >= MIN_DESCRIPTION);
}

const SITE_CHROME = new Set(['header', 'nav', 'footer', 'aside']);
/** Shorter text marked as a description is a label or a teaser, not the product's description. */
const MIN_DESCRIPTION = 40;

/**
 * The photos of the product when the page names no image in its data or tags: images whose alt
 * text names the product ("Trail Runner 3, side view" on the page of "Trail Runner 3"), as shops
 * write their galleries; each photo once. Cards of other products name other products, and
 * thumbnails with an empty alt name none.
 */
function productPhotos(page: ParsedPage, title: string | undefined): { url: string; alt?: string }[] {
  const name = title?.toLowerCase();
  if (!name) return [];
  const photos = new Map<string, { url: string; alt?: string }>();
  for (const image of selectAll('img', page.tree)) {
    const alt = attr(image, 'alt')?.trim();
    const url = absoluteUrl(attr(image, 'dataSrc') ?? attr(image, 'src'), page.url);
    if (!alt?.toLowerCase().includes(name) || !url || url.startsWith('data:') || photos.has(url)) continue;
    photos.set(url, { url, alt });
  }
  return [...photos.values()].slice(0, MAX_PHOTOS);
}

const MAX_PHOTOS = 10;

function nearButton(buttons: Element[], locale?: string): Price | undefined {
  // The buy button's closest container with a price in its text.
  for (const button of buttons) {
    let scope: Element | undefined = button;
    for (let depth = 0; depth < 4 && scope; depth++) {
      scope = parentOf(scope);
      if (!scope) break;
      const price = findPrice(textOf(withoutStruck(scope)), locale);
      if (price) return price;
    }
  }
  return undefined;
}

const parents = new WeakMap<Element, Element>();

function hasAncestor(element: Element, tags: Set<string>): boolean {
  for (let above = parentOf(element); above; above = parentOf(above))
    if (tags.has(above.tagName)) return true;
  return false;
}

function parentOf(element: Element): Element | undefined {
  return parents.get(element);
}

/** Records parents once per tree so the buy-button search can walk upwards. */
function indexParents(root: { children: unknown[] }) {
  const walk = (node: Element) => {
    for (const child of node.children) {
      if (child.type !== 'element' || NON_CONTENT.has(child.tagName)) continue;
      parents.set(child, node);
      walk(child);
    }
  };
  for (const child of root.children as Element[]) if (child.type === 'element') walk(child);
}

function isStruck(element: Element): boolean {
  return (
    ['del', 's', 'strike'].includes(element.tagName) ||
    /was|original|compare|strike|old-price/i.test(String(element.properties.className ?? ''))
  );
}

function withoutStruck(element: Element): Element {
  return {
    ...element,
    children: element.children
      .filter((child) => child.type !== 'element' || !isStruck(child))
      .map((child) => (child.type === 'element' ? withoutStruck(child) : child)),
  };
}

function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined || value === '' ? {} : { [key]: value }) as { [P in K]?: V };
}
