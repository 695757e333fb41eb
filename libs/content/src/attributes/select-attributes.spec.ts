import { parseHtml } from '#structured';
import { selectAttributes } from './select-attributes.js';

const values = (html: string, selector: string, attribute: string) =>
  selectAttributes(parseHtml(html), [{ selector, attribute }])[0]?.values;

describe('selectAttributes', () => {
  it("answers each selector's values in document order, with the selector and attribute it was asked", () => {
    const tree = parseHtml(
      '<table><tr class="athing" id="41"></tr><tr class="athing" id="42"></tr></table><a data-testid="login" href="/in">in</a>',
    );
    expect(
      selectAttributes(tree, [
        { selector: '.athing', attribute: 'id' },
        { selector: '[data-testid]', attribute: 'data-testid' },
        { selector: 'video', attribute: 'src' },
      ]),
    ).toEqual([
      { selector: '.athing', attribute: 'id', values: ['41', '42'] },
      { selector: '[data-testid]', attribute: 'data-testid', values: ['login'] },
      { selector: 'video', attribute: 'src', values: [] },
    ]);
  });

  it('gives attributes as the HTML wrote them: class lists, aria and data names, numbers', () => {
    const html =
      '<div class="card  featured" aria-label="Lamp" data-sku-id="A-1" tabindex="2" data-price="19.5"></div>';
    expect(values(html, 'div', 'class')).toEqual(['card featured']);
    expect(values(html, 'div', 'aria-label')).toEqual(['Lamp']);
    expect(values(html, 'div', 'data-sku-id')).toEqual(['A-1']);
    expect(values(html, 'div', 'tabindex')).toEqual(['2']);
    expect(values(html, '[data-price]', 'data-price')).toEqual(['19.5']);
  });

  it('looks an attribute up as data-<name> when the element lacks it, as Firecrawl does', () => {
    const html = '<li data-id="7"></li><li id="8" data-id="9"></li><li></li>';
    expect(values(html, 'li', 'id')).toEqual(['7', '8']);
  });

  it('leaves out empty and boolean values, which carry no value', () => {
    expect(values('<input disabled value=""><input value="x">', 'input', 'disabled')).toEqual([]);
    expect(values('<input disabled value=""><input value="x">', 'input', 'value')).toEqual(['x']);
  });
});
