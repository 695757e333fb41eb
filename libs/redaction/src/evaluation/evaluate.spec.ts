import { PII_ENTITIES } from '../types.js';
import { evaluateDetectors } from './evaluate.js';
import { LABELLED_SNIPPETS, parseSnippet } from './labelled-snippets.js';

describe('detector quality on the labelled snippets', () => {
  it('has at least 50 snippets with every entity labelled', () => {
    expect(LABELLED_SNIPPETS.length).toBeGreaterThanOrEqual(50);
    const labelled = new Set(
      LABELLED_SNIPPETS.flatMap((marked) => parseSnippet(marked).expected.map((span) => span.entity)),
    );
    expect([...labelled].sort()).toEqual([...PII_ENTITIES].sort());
  });

  const table = (mode: 'fast' | 'accurate' | 'aggressive') => {
    const scores = evaluateDetectors(mode);
    return Object.entries(scores)
      .map(
        ([entity, s]) =>
          `${mode.padEnd(10)} ${entity.padEnd(9)} P=${s.precision.toFixed(2)} R=${s.recall.toFixed(2)} (${s.truePositives}/${s.predicted} predicted, ${s.expected} labelled)`,
      )
      .join('\n');
  };

  it('keeps patterns precise in fast mode', () => {
    const scores = evaluateDetectors('fast');
    process.stdout.write(`${table('fast')}\n`);
    for (const entity of ['EMAIL', 'PHONE', 'FINANCIAL', 'SECRET'] as const) {
      expect(scores[entity].precision).toBeGreaterThanOrEqual(0.95);
    }
  });

  it('finds names and places in accurate mode without giving up precision', () => {
    const scores = evaluateDetectors('accurate');
    process.stdout.write(`${table('accurate')}\n`);
    for (const entity of PII_ENTITIES) expect(scores[entity].precision).toBeGreaterThanOrEqual(0.85);
    expect(scores.PERSON.recall).toBeGreaterThanOrEqual(0.85);
    expect(scores.LOCATION.recall).toBeGreaterThanOrEqual(0.75);
  });

  it('trades precision for recall in aggressive mode', () => {
    const accurate = evaluateDetectors('accurate');
    const aggressive = evaluateDetectors('aggressive');
    process.stdout.write(`${table('aggressive')}\n`);
    for (const entity of PII_ENTITIES)
      expect(aggressive[entity].recall).toBeGreaterThanOrEqual(accurate[entity].recall);
  });
});
