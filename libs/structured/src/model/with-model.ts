import type { LlmPort, StructuredResult } from '#llm';
import { NO_ANSWER } from '../answer/answer-question.js';
import { plainText } from '../text/passages.js';
import type { JsonRequest, StructuredOutput, StructuredRequest } from '../types.js';

const SYSTEM =
  'You read one web page and answer only from what it says. Never add facts the page does not state. ' +
  'Answer with JSON only.';

const SUMMARY_SCHEMA = {
  type: 'object',
  properties: { summary: { type: 'string', minLength: 1 } },
  required: ['summary'],
  additionalProperties: false,
};
const ANSWER_SCHEMA = {
  type: 'object',
  properties: { answered: { type: 'boolean' }, answer: { type: 'string' } },
  required: ['answered', 'answer'],
  additionalProperties: false,
};
const HIGHLIGHTS_SCHEMA = {
  type: 'object',
  properties: { highlights: { type: 'array', items: { type: 'string' }, maxItems: 5 } },
  required: ['highlights'],
  additionalProperties: false,
};

/**
 * The model-based versions of json, summary, answer and highlights, through the LLM port. Each
 * replaces the local method's result only when the model's answer validated; otherwise the
 * local result stays and its note says why. Highlights the model did not quote verbatim from
 * the page are dropped. Product and menu stay with the local extractors.
 */
export async function withModel(
  llm: LlmPort,
  local: StructuredOutput,
  request: StructuredRequest,
): Promise<StructuredOutput> {
  const output: StructuredOutput = { ...local, notes: { ...local.notes } };
  const markdown = local.pageMarkdown ?? '';
  const text = markdown.slice(0, llm.maxInputChars);
  const cut =
    text.length < markdown.length ? ` (page text cut to its first ${llm.maxInputChars} characters)` : '';
  const by = `by model ${llm.model}${cut}`;
  const ask = <T>(
    schemaName: string,
    schema: Record<string, unknown>,
    task: string,
  ): Promise<StructuredResult<T>> =>
    llm.structured<T>({
      schemaName,
      schema,
      messages: [
        { role: 'system', content: SYSTEM },
        { role: 'user', content: `Page content (markdown):\n<<<\n${text}\n>>>\n\n${task}` },
      ],
    });
  const fellBack = (format: string, reason: string, localNote: string | undefined) =>
    `${format}: ${reason}; the local method's result is given instead${localNote ? ` (${localNote})` : ''}`;

  const jobs: Promise<void>[] = [];
  const extraction = ({ schema, prompt }: JsonRequest) =>
    ask(
      'extraction',
      schema ?? { type: 'object' },
      [
        prompt ?? 'Extract the data that the JSON Schema describes from the page.',
        'Answer with JSON matching the schema; use null where the schema allows it and the page does not say.',
      ].join('\n'),
    );
  if (request.json) {
    jobs.push(
      extraction(request.json).then((result) => {
        if (result.ok) {
          output.json = result.value;
          output.notes.json = `json ${by}`;
        } else output.notes.json = fellBack('json', result.reason, local.notes.json);
      }),
    );
  }
  if (request.changeTracking) {
    jobs.push(
      extraction(request.changeTracking).then((result) => {
        if (result.ok) {
          output.changeTrackingJson = result.value;
          output.notes.changeTracking = `changeTracking json ${by}`;
        } else
          output.notes.changeTracking = fellBack(
            'changeTracking json',
            result.reason,
            local.notes.changeTracking,
          );
      }),
    );
  }
  if (request.summary) {
    jobs.push(
      ask<{ summary: string }>(
        'summary',
        SUMMARY_SCHEMA,
        'Summarise the page in at most five sentences.',
      ).then((result) => {
        if (result.ok) {
          output.summary = result.value.summary;
          output.notes.summary = `summary ${by}`;
        } else output.notes.summary = fellBack('summary', result.reason, local.notes.summary);
      }),
    );
  }
  if (request.question !== undefined) {
    const task = `Question: ${request.question}\nIf the page answers it, set answered true and give the answer; otherwise set answered false.`;
    jobs.push(
      ask<{ answered: boolean; answer: string }>('answer', ANSWER_SCHEMA, task).then((result) => {
        if (result.ok) {
          output.answer = result.value.answered ? result.value.answer : NO_ANSWER;
          output.notes.answer = `answer ${by}`;
        } else output.notes.answer = fellBack('answer', result.reason, local.notes.answer);
      }),
    );
  }
  if (request.highlights !== undefined) {
    const task = `Query: ${request.highlights}\nCopy up to three passages of the page that are most relevant to the query, word for word.`;
    const page = normalise(plainText(text));
    jobs.push(
      ask<{ highlights: string[] }>('highlights', HIGHLIGHTS_SCHEMA, task).then((result) => {
        if (!result.ok) {
          output.notes.highlights = fellBack('highlights', result.reason, local.notes.highlights);
          return;
        }
        const verbatim = result.value.highlights.filter(
          (passage) => passage.trim() && page.includes(normalise(plainText(passage))),
        );
        if (verbatim.length === 0 && result.value.highlights.length > 0) {
          output.notes.highlights = fellBack(
            'highlights',
            "the model's passages are not quotes of the page",
            local.notes.highlights,
          );
          return;
        }
        output.highlights = verbatim.join('\n\n');
        const dropped = result.value.highlights.length - verbatim.length;
        output.notes.highlights = `highlights ${by}${dropped > 0 ? `; ${dropped} passage(s) that were not quotes of the page dropped` : ''}`;
      }),
    );
  }
  await Promise.all(jobs);
  return output;
}

function normalise(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase();
}
