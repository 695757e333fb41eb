import { parseHtml } from '#structured';
import { resolveUrls } from '../parse/resolve-urls.js';
import { extractMetadata } from './extract-metadata.js';

function metadataOf(html: string) {
  const tree = parseHtml(html);
  resolveUrls(tree, 'https://site.test/news/item');
  return extractMetadata(tree);
}

describe('extractMetadata', () => {
  it('reads title, description, language, keywords, robots and an absolute favicon', () => {
    expect(
      metadataOf(`<html lang="en-GB"><head><title>
        Tides   and harbours</title>
        <meta name="description" content="All about tides.">
        <meta name="keywords" content="tide, harbour"><meta name="robots" content="noindex">
        <link rel="icon" type="image/png" href="../icons/32.png"></head><body></body></html>`),
    ).toEqual({
      title: 'Tides and harbours',
      description: 'All about tides.',
      keywords: 'tide, harbour',
      robots: 'noindex',
      language: 'en-GB',
      favicon: 'https://site.test/icons/32.png',
    });
  });

  it('names Open Graph, article and Dublin Core tags as Firecrawl does, others by their own name', () => {
    const metadata = metadataOf(`<head>
      <meta property="og:title" content="OG title"><meta property="og:description" content="OG d">
      <meta property="og:image" content="https://cdn.test/i.png"><meta property="og:url" content="https://site.test/n">
      <meta property="og:site_name" content="Site"><meta property="og:locale" content="en_GB">
      <meta property="article:published_time" content="2026-01-02">
      <meta name="DC.title" content="DC"><meta name="twitter:card" content="summary">
      <meta itemprop="author" content="Ann"></head>`);
    expect(metadata).toEqual({
      title: 'OG title',
      ogTitle: 'OG title',
      ogDescription: 'OG d',
      ogImage: 'https://cdn.test/i.png',
      ogUrl: 'https://site.test/n',
      ogSiteName: 'Site',
      ogLocale: 'en_GB',
      publishedTime: '2026-01-02',
      dcTitle: 'DC',
      'twitter:card': 'summary',
      author: 'Ann',
    });
  });

  it('turns repeated tags into arrays, keeping one title and one description', () => {
    const metadata = metadataOf(`<head><title>T</title>
      <meta property="og:image" content="a.png"><meta property="og:image" content="b.png">
      <meta property="og:locale:alternate" content="de_DE">
      <meta name="description" content="first"><meta name="description" content="second"></head>`);
    expect(metadata.ogImage).toEqual(['a.png', 'b.png']);
    expect(metadata.ogLocaleAlternate).toEqual(['de_DE']);
    expect(metadata.title).toBe('T');
    expect(metadata.description).toBe('first');
  });

  it('reads a tag that is a name and a property at once as both', () => {
    const metadata = metadataOf(
      '<head><meta property="og:description" itemprop="description" name="description" content="Renting a car"></head>',
    );
    expect(metadata).toMatchObject({ description: 'Renting a car', ogDescription: 'Renting a car' });
    expect(metadata).not.toHaveProperty('itemprop');
  });

  it('has no favicon when the page declares none', () => {
    expect(metadataOf('<head><link rel="stylesheet" href="s.css"></head>').favicon).toBeUndefined();
  });
});
