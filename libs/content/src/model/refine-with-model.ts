import type { LlmPort } from '#llm';
import { redactedValues, redactPii, redactWithModel } from '#redaction';
import { withModel } from '#structured';
import { cleanMarkdown } from '../clean-content/clean-markdown.js';
import { cleanWithModel } from '../clean-content/clean-with-model.js';
import { redactStructured } from '../document/redact-structured.js';
import type { PageInput, PageOutput } from '../types.js';
import { LOCAL_CLEANING, LOCAL_REDACTION } from './local-methods.js';

/**
 * What the worker pool converts when a model is configured: the same page without the markdown
 * steps the model takes over (onlyCleanContent, redactPII `accurate`), which `refineWithModel`
 * then runs on the pool's markdown.
 */
export function localPartOf(input: PageInput, llm: LlmPort | null): PageInput {
  if (!llm) return input;
  return {
    ...input,
    onlyCleanContent: false,
    redactPII: input.redactPII?.mode === 'accurate' ? undefined : input.redactPII,
  };
}

/**
 * The model-based steps of a scrape, after the pool's local conversion of `localPartOf(input)`:
 * structured formats, then onlyCleanContent, then redactPII `accurate` (last, so nothing after it
 * sees the original text). A model that fails, answers invalid output or runs past `signal` (the
 * scrape's remaining timeout) never fails the scrape: that step falls back to its local method
 * and its note says so.
 */
export async function refineWithModel(
  llm: LlmPort,
  input: PageInput,
  output: PageOutput,
  signal?: AbortSignal,
): Promise<PageOutput> {
  const refined: PageOutput = { ...output, notes: [...(output.notes ?? [])] };
  const notes = refined.notes as string[];
  if (output.structured && input.structured) {
    refined.structured = await withModel(llm, output.structured, input.structured, signal);
  }
  if (refined.markdown === undefined) return refined;
  if (input.onlyCleanContent) {
    const cleaned = await cleanWithModel(llm, refined.markdown, signal);
    if (cleaned.ok) {
      refined.markdown = cleaned.markdown;
      notes.push(cleaned.note);
    } else {
      refined.markdown = cleanMarkdown(refined.markdown).markdown;
      notes.push(`onlyCleanContent: ${cleaned.reason}; ${LOCAL_CLEANING} was used instead`);
    }
  }
  if (input.redactPII?.mode === 'accurate') {
    const original = refined.markdown;
    const byModel = await redactWithModel(llm, original, input.redactPII, signal);
    const redacted = byModel.ok ? byModel : redactPii(original, input.redactPII);
    notes.push(
      byModel.ok
        ? byModel.note
        : `redactPII accurate: ${byModel.reason}; ${LOCAL_REDACTION} was used instead`,
    );
    refined.markdown = redacted.text;
    if (refined.structured) {
      const values = redactedValues(original, redacted.findings);
      refined.structured = redactStructured(refined.structured, values, input.redactPII);
    }
  }
  return refined;
}
