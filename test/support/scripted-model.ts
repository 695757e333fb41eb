import type { LlmPort, StructuredRequest, StructuredResult } from '#llm';

/** A scripted model for unit tests: answers per schema name, and records what it was asked. */
export function scriptedModel(
  answers: Record<string, StructuredResult<unknown>>,
  { maxInputChars = 10_000 } = {},
): LlmPort & { asked: StructuredRequest[] } {
  const asked: StructuredRequest[] = [];
  return {
    model: 'scripted',
    maxInputChars,
    asked,
    async structured<T>(request: StructuredRequest) {
      asked.push(request);
      return answers[request.schemaName] as StructuredResult<T>;
    },
  };
}
