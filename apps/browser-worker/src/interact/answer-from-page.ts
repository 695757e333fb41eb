import type { PageAnswerer } from '#browser';
import { convertPage } from '#content';
import { NO_ANSWER } from '#structured';

/**
 * Interact's answer to a question about the page without a model: what the `question` format
 * answers locally (the sentence of the main content that best matches, or the page's data), read
 * from the page as the prompt's steps left it, through the same conversion a scrape uses.
 */
export const answerFromPage: PageAnswerer = ({ html, url }, question) =>
  convertPage({
    html,
    url,
    formats: [],
    onlyMainContent: true,
    removeBase64Images: true,
    structured: { question },
  }).structured?.answer ?? NO_ANSWER;
