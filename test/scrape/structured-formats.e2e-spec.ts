import Firecrawl from '@mendable/firecrawl-js';
import { post } from '../support/scrape-client.js';
import { sharedTrawlWithSite } from '../support/trawl-with-site.js';

/** No LLM_BASE_URL: every structured format comes from the local, deterministic methods. */
const running = sharedTrawlWithSite();

const scrape = (body: Record<string, unknown>) => post(running.trawl, '/v2/scrape', body);

describe('structured formats without a model', () => {
  it('fills a json schema and the product from the JSON-LD of a product page', async () => {
    const { status, body } = await scrape({
      url: running.site.url('/shop/trailhead-boot'),
      formats: [
        'product',
        {
          type: 'json',
          schema: {
            type: 'object',
            properties: {
              name: { type: 'string' },
              brand: { type: 'string' },
              price: { type: 'number' },
              weight: { type: 'string' },
              warrantyYears: { type: 'integer' },
            },
          },
        },
      ],
    });
    expect(status).toBe(200);
    expect(body.data.markdown).toBeUndefined();
    expect(body.data.json).toEqual({
      name: 'Trailhead 2 Hiking Boot',
      brand: 'Northpeak',
      price: 149,
      weight: '1.2 kg',
      warrantyYears: null,
    });
    expect(body.data.product).toMatchObject({
      title: 'Trailhead 2 Hiking Boot',
      brand: 'Northpeak',
      url: running.site.url('/shop/trailhead-boot'),
    });
    expect(body.data.product.variants[0]).toMatchObject({
      sku: 'TH2-BRN-42',
      price: { amount: 149, currency: 'USD' },
      sale: { originalPrice: { amount: 189 } },
      availability: { inStock: true },
    });
    expect(body.data.product.variants[1].availability).toEqual({ inStock: false, text: 'Out Of Stock' });
    expect(body.data.warning).toContain('json was filled by the local extractor');
    expect(body.data.warning).toContain('not found on the page, so null: warrantyYears');
  });

  it('summarises an article, answers a question from it and quotes the passages a query asks for', async () => {
    const { status, body } = await scrape({
      url: running.site.url('/articles/lighthouse'),
      formats: [
        'markdown',
        'summary',
        { type: 'question', question: 'Who was the last head keeper?' },
        { type: 'highlights', query: 'fog signal switched off' },
      ],
    });
    expect(status).toBe(200);
    const { markdown, summary, answer, highlights } = body.data;
    expect(summary).toMatch(/^The lighthouse at Cape Wren was built in 1871/);
    expect(answer).toBe(
      'The last head keeper was Agnes Porthleven, who kept the light for twenty-two years.',
    );
    expect(highlights.split('\n\n')[0]).toBe(
      'The fog signal was switched off in 2011 after complaints from residents.',
    );
    for (const sentence of [answer, ...summary.split(/(?<=\.) /)]) expect(markdown).toContain(sentence);
    expect(body.data.warning).toContain('summary is extractive');
  });

  it('says when the page does not answer, instead of inventing an answer', async () => {
    const { body } = await scrape({
      url: running.site.url('/articles/lighthouse'),
      formats: [{ type: 'question', question: 'What is the capital of Peru?' }],
    });
    expect(body.data.answer).toBe('The page does not answer this question.');
    expect(body.data.warning).toContain('no sentence of the page answers the question');
  });

  it('reads a restaurant menu into sections of priced dishes', async () => {
    const { body } = await scrape({ url: running.site.url('/menu'), formats: ['menu'] });
    const { menu } = body.data;
    expect(menu).toMatchObject({
      isMenu: true,
      currency: 'GBP',
      merchant: { name: 'The Gull & Anchor' },
      sourceUrl: running.site.url('/menu'),
    });
    expect(menu.sections.map((section: { name: string }) => section.name)).toEqual([
      'Starters',
      'Mains',
      'Desserts',
    ]);
    expect(menu.sections[1].items[1]).toMatchObject({
      name: 'Mushroom & lentil pie',
      price: { amount: 14 },
      dietary: ['vegan'],
    });
  });

  it('answers a prompt-only json with the page outline and says a model is needed', async () => {
    const { body } = await scrape({
      url: running.site.url('/articles/lighthouse'),
      formats: [{ type: 'json', prompt: 'Who built the lighthouse?' }],
    });
    expect(body.data.json).toMatchObject({
      title: 'The Lighthouse at Cape Wren',
      keyValues: { Height: '34 m', Built: '1871' },
    });
    expect(body.data.warning).toContain('a free-form prompt needs a model');
  });

  it('refuses a schema that is not JSON Schema, naming the rule', async () => {
    const invalid = await scrape({
      url: running.site.url('/menu'),
      formats: [{ type: 'json', schema: { type: 'list' } }],
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ success: false, code: 'BAD_REQUEST' });
    expect(invalid.body.error).toMatch(/^schema is not a valid JSON Schema/);
  });

  it('measures branding in the live page: colours, fonts, type scale, buttons, input, logo; a link styled as a button is no text link', async () => {
    const { status, body } = await scrape({ url: running.site.url('/brand'), formats: ['branding'] });
    expect(status).toBe(200);
    const { branding } = body.data;
    expect(branding).toMatchObject({
      colorScheme: 'dark',
      colors: {
        background: '#0F172A',
        textPrimary: '#E2E8F0',
        link: '#38BDF8',
        primary: '#F97316',
        accent: '#38BDF8',
      },
      typography: {
        fontFamilies: { primary: 'Inter', heading: 'Georgia' },
        fontSizes: { body: '16px', h1: '48px', h2: '32px' },
        fontWeights: { body: 400, h1: 700, h2: 600 },
        lineHeights: { body: '24px', h1: '56px' },
      },
      spacing: { baseUnit: 8, borderRadius: '8px' },
      components: {
        buttonPrimary: {
          background: '#F97316',
          textColor: '#FFFFFF',
          // Its border is 0 wide: no colour of it shows.
          borderColor: 'transparent',
          borderRadius: '8px',
        },
        buttonSecondary: { background: 'transparent', textColor: '#38BDF8', borderColor: '#38BDF8' },
        input: { borderColor: '#334155', borderRadius: '4px', background: '#1E293B' },
      },
      images: {
        logo: running.site.url('/img/brand-logo.svg'),
        favicon: running.site.url('/img/ember-icon.png'),
        ogImage: running.site.url('/img/ember-og.png'),
      },
    });
    expect(branding.fonts).toEqual([
      { family: 'Inter', role: 'body' },
      { family: 'Georgia', role: 'heading' },
    ]);
  });

  it('works through the official Firecrawl JS SDK', async () => {
    const client = new Firecrawl({ apiUrl: running.trawl.baseUrl, apiKey: running.trawl.apiKey });
    const document = await client.scrape(running.site.url('/shop/copper-kettle'), {
      formats: [
        'product',
        'summary',
        { type: 'json', schema: { type: 'object', properties: { title: { type: 'string' } } } },
      ],
    });
    expect(document.product?.title).toBe('Copper Kettle 1.7L');
    expect(document.product?.variants[0].price).toMatchObject({ amount: 44.99, currency: 'GBP' });
    expect(document.json).toEqual({ title: 'Copper Kettle 1.7L' });
    expect(typeof document.summary).toBe('string');
  });
});
