import type { Element } from 'hast';
import { select } from 'hast-util-select';
import { parseHtml } from '#structured';
import { measureBlocks } from './block-stats.js';
import { repetitionChecker } from './repeated-blocks.js';

const copy = 'A teaser long enough for the page to be checked for copies of it.';

describe('repetitionChecker', () => {
  const body = select(
    'body',
    parseHtml(`<body><div id="first"><p>${copy}</p></div>
      <div id="wrapped">
        <!-- the same teaser again --> <p>${copy}</p>
      </div>
      <div id="noted">Note: <p>${copy}</p></div><div id="other">Nota: <p>${copy}</p></div></body>`),
  ) as Element;
  const byId = (id: string) => select(`#${id}`, body) as Element;
  const checker = repetitionChecker(body, measureBlocks(body));
  const first = byId('first');
  checker.kept(first.children[0] as Element);
  checker.kept(first);

  it('takes a wrapper around nothing but a copy (whitespace and comments aside) for that copy', () => {
    expect(checker.repeats(byId('wrapped'))).toBe(true);
  });

  it('does not take a wrapper with words of its own for the copy it holds', () => {
    expect(checker.repeats(byId('noted'))).toBe(false);
    expect(checker.repeats(select('#noted p', body) as Element)).toBe(true);
  });
});
