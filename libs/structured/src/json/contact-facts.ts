import type { Element } from 'hast';
import { selectAll } from 'hast-util-select';
import { absoluteUrl, attr, type ParsedPage, spacedText, textOf } from '../page/parse-page.js';
import type { Fact } from './page-facts.js';

/** Hosts of the social networks a business or person links its profiles on. */
const SOCIAL_HOSTS =
  /(?:^|\.)(?:facebook\.com|instagram\.com|twitter\.com|x\.com|linkedin\.com|youtube\.com|tiktok\.com|pinterest\.com|github\.com|threads\.net|bsky\.app|mastodon\.social)$/;

const LOGO = /\blogo\b/i;

/** How much a contact link is trusted: more than a line of text, less than a labelled table. */
const WEIGHT = 1.1;
/** An address or number written in running text, without a link: less than a labelled line. */
const TEXT_WEIGHT = 0.9;

/** A number after the word that offers it ("Call us on +44 1947 600 100"). */
const PHONE_IN_TEXT = /\b(?:call|phone|telephone|tel|ring|mobile)\b[^\d+]{0,20}(\+?\d[\d ().-]{6,}\d)/i;
const NUMBER_AS_SHOWN = /[+(]?\d[\d ()./-]*\d(?: ?[A-Z]{2,}\b)?/;
const EMAIL_IN_TEXT = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/;

/**
 * What a page says about reaching its owner, in the markup made for it: the first `tel:` and
 * `mailto:` links (else a number offered in the text, the first address written out), the
 * `<address>` element, links to social network profiles and the logo image.
 */
export function contactFacts(page: ParsedPage): Fact[] {
  const facts: Fact[] = [];
  const links = selectAll('a[href]', page.tree);
  const phone = links.find((link) => href(link).startsWith('tel:'));
  const mail = links.find((link) => href(link).startsWith('mailto:'));
  // The page's text is read only when a link does not give both.
  const text = phone && mail ? '' : spacedText(page.tree).replace(/\s+/g, ' ');
  if (phone) {
    // The number as the link shows it ("+1 (888) 99 FLARE"), without the words around it ("Call: ").
    const shown = NUMBER_AS_SHOWN.exec(textOf(phone))?.[0];
    const number = shown ?? decodeURIComponent(href(phone).slice('tel:'.length));
    facts.push({ label: 'phone', value: number, weight: WEIGHT });
  } else {
    const number = PHONE_IN_TEXT.exec(text)?.[1];
    if (number) facts.push({ label: 'phone', value: number, weight: TEXT_WEIGHT });
  }
  const email = mail
    ? decodeURIComponent(href(mail).slice('mailto:'.length).split('?')[0] ?? '')
    : EMAIL_IN_TEXT.exec(text)?.[0];
  if (email) facts.push({ label: 'email', value: email, weight: mail ? WEIGHT : TEXT_WEIGHT });
  const address = selectAll('address', page.tree)[0];
  if (address) facts.push({ label: 'address', value: textOf(address), weight: WEIGHT });
  const profiles = [
    ...new Set(
      links.flatMap((link) => {
        const url = absoluteUrl(href(link), page.url);
        return url && SOCIAL_HOSTS.test(new URL(url).hostname) ? [url] : [];
      }),
    ),
  ];
  if (profiles.length > 0) {
    for (const label of ['social links', 'social media', 'social profiles', 'socials'])
      facts.push({ label, value: profiles, weight: WEIGHT });
  }
  const logo = selectAll('img[src]', page.tree).find((image) =>
    [attr(image, 'alt'), attr(image, 'src'), attr(image, 'className'), attr(image, 'id')].some(
      (value) => value !== undefined && LOGO.test(value),
    ),
  );
  const logoUrl = logo && absoluteUrl(attr(logo, 'src'), page.url);
  if (logoUrl) facts.push({ label: 'logo', value: logoUrl, weight: WEIGHT });
  return facts;
}

const href = (link: Element) => (attr(link, 'href') ?? '').trim();
