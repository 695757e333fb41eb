import type { PageAnswerer } from '#browser';
import { convertPage } from '#content';
import { extractStructured, NO_ANSWER } from '#structured';

/**
 * Interact's answer to a question about the page without a model: what the `question` format
 * answers locally (the sentence of the main content that best matches, or the page's data), read
 * from the page as the prompt's steps left it.
 */
export const answerFromPage: PageAnswerer = ({ html, url }, question) => {
  const markdown =
    convertPage({ html, url, formats: ['markdown'], onlyMainContent: true, removeBase64Images: true })
      .markdown ?? '';
  return extractStructured({ html, url, markdown, request: { question } }).answer ?? NO_ANSWER;
};
