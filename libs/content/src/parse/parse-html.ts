import type { Root } from 'hast';
import rehypeParse from 'rehype-parse';
import { unified } from 'unified';

const parser = unified().use(rehypeParse);

/** HTML → hast, once per page; every format is derived from this one tree. */
export function parseHtml(html: string): Root {
  return parser.parse(html);
}
