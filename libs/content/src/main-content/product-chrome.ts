import type { Element } from 'hast';
import { isNamed, perNamedElement } from './class-signals.js';

/**
 * The shop around a product: cart and wish-list widgets, checkout and payment badges, shipping
 * and returns promises, store pickers, recently viewed and recommended items, newsletter boxes.
 * Named so by their class or id on nearly every shop platform; on a product page they are never
 * the product's own text.
 */
const SHOP_CHROME =
  /cart|basket|bag-|wish-?list|checkout|payment|klarna|afterpay|affirm|paypal|shipping|delivery|returns|store-(?:locator|picker|availability)|pickup|recently-?viewed|recommend|upsell|cross-?sell|you-may|newsletter|loyalty|rewards|trust-?badge|guarantee/i;

/** A block of shop chrome on a product page (judged by its own class or id names). */
export const isShopChrome = perNamedElement(false, (element: Element) => isNamed(element, SHOP_CHROME));
