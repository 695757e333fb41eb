import { blocksToHtml } from './blocks-to-html.js';

describe('PDF blocks to HTML', () => {
  it('writes a table of one row as its header alone, and a longer one with a body', () => {
    const html = blocksToHtml([
      { type: 'table', rows: [['Introduction', '1']], contents: true },
      {
        type: 'table',
        rows: [
          ['Name', 'Price'],
          ['Kettle', '£20'],
        ],
      },
    ]);
    expect(html).toContain('<table><thead><tr><th>Introduction</th><th>1</th></tr></thead></table>');
    expect(html).toContain(
      '<table><thead><tr><th>Name</th><th>Price</th></tr></thead><tbody><tr><td>Kettle</td><td>£20</td></tr></tbody></table>',
    );
  });
});
