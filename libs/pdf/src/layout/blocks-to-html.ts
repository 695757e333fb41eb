import type { LayoutBlock } from './text-run.js';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Blocks → semantic HTML, so a PDF goes through the same markdown conversion as a web page
 * (and its links and html formats come out the same way). The first row of a table is its header.
 */
export function blocksToHtml(blocks: LayoutBlock[], title?: string): string {
  const body = blocks.map((block) => {
    switch (block.type) {
      case 'heading':
        return `<h${block.level}>${escapeHtml(block.text)}</h${block.level}>`;
      case 'paragraph':
        return `<p>${escapeHtml(block.text)}</p>`;
      case 'list': {
        const tag = block.ordered ? 'ol' : 'ul';
        return `<${tag}>${block.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</${tag}>`;
      }
      case 'code':
        return `<pre><code>${escapeHtml(block.text)}</code></pre>`;
      case 'table': {
        const [head, ...rows] = block.rows;
        const cells = (row: string[], tag: string) =>
          row.map((cell) => `<${tag}>${escapeHtml(cell)}</${tag}>`).join('');
        // A contents table of one entry is its header row alone: no empty body.
        const body = rows.map((row) => `<tr>${cells(row, 'td')}</tr>`).join('');
        return `<table><thead><tr>${cells(head, 'th')}</tr></thead>${body && `<tbody>${body}</tbody>`}</table>`;
      }
      default: {
        const unknown: never = block;
        throw new Error(`unknown block ${JSON.stringify(unknown)}`);
      }
    }
  });
  const head = title ? `<head><title>${escapeHtml(title)}</title></head>` : '';
  return `<html>${head}<body>${body.join('\n')}</body></html>`;
}
