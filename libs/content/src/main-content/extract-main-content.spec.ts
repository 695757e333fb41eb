import type { Root } from 'hast';
import { toMarkdown } from '../markdown/to-markdown.js';
import { parseHtml } from '../parse/parse-html.js';
import { extractMainContent } from './extract-main-content.js';

const options = { url: 'https://site.test/post' };
const sentence = (topic: string) =>
  `The ${topic} changes with the seasons, and the people who live near it know its moods well. `;
const prose = (topic: string, paragraphs = 4) =>
  Array.from({ length: paragraphs }, () => `<p>${sentence(topic).repeat(2)}</p>`).join('');
const linkList = (labels: string[]) =>
  `<ul>${labels.map((label) => `<li><a href="/${label}">${label}</a></li>`).join('')}</ul>`;

function text(tree: Root): string {
  return toMarkdown(tree, { removeBase64Images: true });
}

describe('extractMainContent', () => {
  it('keeps the marked article and drops related, promo and comment-form blocks inside it', () => {
    const tree = parseHtml(`<body>
      <div class="masthead">${linkList(['World', 'Sport', 'Weather', 'Travel'])}</div>
      <article><h1>The estuary</h1>${prose('estuary')}
        <div class="related-stories">${linkList(['Rivers', 'Lakes'])}</div>
        <div class="promo">Subscribe for 1 euro a month, cancel any time you like, no questions asked at all.</div>
        <form class="comment-form"><p>Leave a comment, but please be kind to the other readers here.</p></form>
      </article></body>`);
    const result = text(extractMainContent(tree, options));
    expect(result).toMatch(/^# The estuary\n\nThe estuary changes/);
    for (const boilerplate of ['Weather', 'Lakes', 'Subscribe', 'Leave a comment']) {
      expect(result).not.toContain(boilerplate);
    }
  });

  it('finds unmarked content by its prose and keeps the title heading that sits outside it', () => {
    const tree = parseHtml(`<body>
      <div class="top-bar"><h1>Mountain huts</h1><p>By the editors</p></div>
      <div class="links">${linkList(['Alps', 'Pyrenees', 'Tatra', 'Dolomites', 'Rockies'])}</div>
      <div class="entry-content">${prose('mountain', 6)}</div>
      <div class="blogroll">${linkList(['Friends', 'Archive', 'Feeds'])}</div></body>`);
    const result = text(extractMainContent(tree, options));
    expect(result).toMatch(/^# Mountain huts\n\nThe mountain changes/);
    expect(result).not.toContain('Pyrenees');
    expect(result).not.toContain('Archive');
  });

  it('keeps the whole page when its pick would be implausibly small', () => {
    const tree = parseHtml(`<body><div class="share-tools">${prose('lake', 3)}</div></body>`);
    expect(extractMainContent(tree, options)).toBe(tree);
  });
});
