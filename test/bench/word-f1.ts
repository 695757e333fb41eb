import { lexiconWords } from '#content';

/** Words as the benchmark counts them (Python's `\w`, lower-cased): the words the lexicon reads. */
export const words = lexiconWords;

/** The benchmark's word F1 (evaluate.py): bag-of-words overlap of prediction and truth. */
export function wordF1(predicted: string[], reference: string[]): [number, number, number] {
  if (reference.length === 0) return predicted.length === 0 ? [1, 1, 1] : [0, 0, 0];
  if (predicted.length === 0) return [0, 0, 0];
  const counts = new Map<string, number>();
  for (const token of reference) counts.set(token, (counts.get(token) ?? 0) + 1);
  let overlap = 0;
  for (const token of predicted) {
    const left = counts.get(token) ?? 0;
    if (left > 0) {
      overlap++;
      counts.set(token, left - 1);
    }
  }
  const precision = overlap / predicted.length;
  const recall = overlap / reference.length;
  return [precision, recall, precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0];
}
