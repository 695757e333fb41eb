import type { PageJudgment } from '#contracts';
import type { LlmPort } from '#llm';
import { judgeChangeLocally } from '#structured';

type ModelVerdict = Omit<PageJudgment, 'judge'>;

/** What the model must answer: the judgment of the monitor API, without the `judge` label it gets here. */
const VERDICT_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['meaningful', 'confidence', 'reason', 'meaningfulChanges'],
  properties: {
    meaningful: { type: 'boolean' },
    confidence: { enum: ['high', 'medium', 'low'] },
    reason: { type: 'string' },
    meaningfulChanges: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['type', 'before', 'after', 'reason'],
        properties: {
          type: { enum: ['added', 'removed', 'changed'] },
          before: { type: ['string', 'null'] },
          after: { type: ['string', 'null'] },
          reason: { type: 'string' },
        },
      },
    },
  },
} as const;

/**
 * Judges a change against the monitor's goal with the configured model. When the model fails
 * (unreachable, invalid answers), the local judge decides and its reason says why the model did not.
 */
export async function judgeChangeWithModel(
  llm: LlmPort,
  goal: string,
  diffText: string,
): Promise<PageJudgment> {
  const result = await llm.structured<ModelVerdict>({
    schemaName: 'monitor_change_judgment',
    schema: VERDICT_SCHEMA,
    messages: [
      {
        role: 'system',
        content:
          'You decide whether a change on a monitored web page matters for the goal of the person watching it. ' +
          'Judge only from the unified diff you are given (lines starting with - were removed, + were added). ' +
          'A change is meaningful only when it is relevant to the goal; cosmetic or unrelated changes are not.',
      },
      { role: 'user', content: `Goal: ${goal}\n\nDiff:\n${diffText.slice(0, llm.maxInputChars)}` },
    ],
  });
  if (result.ok) return { ...result.value, judge: llm.model };
  const local = judgeChangeLocally(goal, diffText);
  return { ...local, reason: `${local.reason} (the model ${llm.model} could not judge: ${result.reason})` };
}
