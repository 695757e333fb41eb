import { type BlockStats, linkDensity } from './block-stats.js';

/** At least this many links, most of them to places on the same page, and little else. */
const MIN_ENTRIES = 3;
const MIN_ANCHOR_SHARE = 0.8;
const MIN_LINK_DENSITY = 0.6;

/**
 * An in-page table of contents ("On this page", "Contents"): a block of links that nearly all
 * jump to headings of the same page. It repeats the headings the content already has, however
 * long their titles are.
 */
export function isTableOfContents(own: BlockStats): boolean {
  return (
    own.links >= MIN_ENTRIES &&
    own.anchorLinks >= own.links * MIN_ANCHOR_SHARE &&
    linkDensity(own) >= MIN_LINK_DENSITY
  );
}
