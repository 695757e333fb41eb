import { type ParsedPage, spacedText } from '../page/parse-page.js';
import type { extractProduct, Product } from '../product/extract-product.js';
import type { Fact } from './page-facts.js';

/**
 * What a shop page shows: the product as the product format reads it and the rating as shops print
 * it. The product's facts fill what the page's data names otherwise: an `AggregateOffer`'s
 * `lowPrice`, a `ProductGroup`'s variants, OpenGraph's `product:price:amount`, or without data the
 * price by the buy button, a struck-through original price, the stock text.
 */
export function shopFacts(page: ParsedPage, shown: ReturnType<typeof extractProduct>): Fact[] {
  return [...(shown ? productFacts(shown.product) : []), ...ratingFacts(spacedText(page.tree))];
}

/** The product's facts, trusted above labelled lines and tables, below the page's own data that names the field. */
function productFacts({ title, brand, description, variants: [variant] }: Product): Fact[] {
  const weight = 1.3;
  const facts: Fact[] = [];
  // What the page sells is what it is named for, over any other item's name (an FAQ's question, the site's).
  if (title) facts.push({ label: 'name', value: title, weight: 3.3 });
  if (brand) facts.push({ label: 'brand', value: brand, weight });
  // Chosen from the meta descriptions and the one the page shows, so it outweighs the meta tags.
  if (description) facts.push({ label: 'description', value: description, weight: 2.2 });
  if (!variant) return facts;
  if (variant.price) {
    facts.push({ label: 'price', value: variant.price.amount, weight });
    facts.push({ label: 'currency', value: variant.price.currency, weight });
  }
  const original = variant.sale?.originalPrice.amount;
  if (original !== undefined) facts.push({ label: 'original price', value: original, weight });
  facts.push({ label: 'in stock', value: variant.availability.inStock, weight });
  if (variant.availability.text)
    facts.push({ label: 'availability', value: variant.availability.text, weight });
  return facts;
}

const OUT_OF = /(?<![\d/.,])(\d(?:[.,]\d)?)\s*(?:out of|\/)\s*5(?![\d/.,]?\d)/;
const COUNTED = /\b(\d[\d,.]*)\s+(reviews?|ratings?|votes?)\b/i;

/** A rating as shops print it ("4.3 out of 5", "4.3/5") and how many gave it ("128 reviews"). */
function ratingFacts(text: string): Fact[] {
  const facts: Fact[] = [];
  const rating = OUT_OF.exec(text);
  if (rating) facts.push({ label: 'rating', value: rating[1], weight: 0.9 });
  const counted = COUNTED.exec(text);
  if (counted) facts.push({ label: `${counted[2]} count`, value: counted[1], weight: 0.9 });
  return facts;
}
