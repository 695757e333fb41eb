import { scriptedModel } from '../../../../test/support/scripted-model.js';
import { parseHtml } from '../page/parse-html.js';
import { linksToFollow } from './links-to-follow.js';

const PAGE = `<html><head><title>Northpeak Outfitters</title></head><body>
  <a href="/journal">Journal</a> <a href="/say-hello">Say hello</a> <a href="/contact">Contact us</a>
</body></html>`;
const WANTED = { prompt: 'their phone number', fields: ['phone'] };

describe('linksToFollow', () => {
  it("follows the model's pick, shown every link's text and address and what is missing", async () => {
    const picking = scriptedModel({ agent_links: { ok: true, value: { links: [1, 1, 7] }, attempts: 1 } });
    expect(await linksToFollow(parseHtml(PAGE), 'http://a.test/', WANTED, 3, picking)).toEqual([
      'http://a.test/say-hello',
    ]);
    const shown = picking.asked[0].messages.map((message) => message.content).join('\n');
    expect(shown).toContain('1. Say hello <http://a.test/say-hello>');
    expect(shown).toContain('Still missing: the fields phone');
    expect(picking.asked[0].schemaName).toBe('agent_links');
  });

  it('falls back to the words of the links when the model fails, and reads them alone without one', async () => {
    const failing = scriptedModel({ agent_links: { ok: false, reason: 'HTTP 500', attempts: 2 } });
    expect(await linksToFollow(parseHtml(PAGE), 'http://a.test/', WANTED, 3, failing)).toEqual([
      'http://a.test/contact',
    ]);
    expect(await linksToFollow(parseHtml(PAGE), 'http://a.test/', WANTED, 3, null)).toEqual([
      'http://a.test/contact',
    ]);
  });
});
