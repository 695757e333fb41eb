/**
 * Which blocks a page keeps, given each block's probability of being main content: the set with
 * the best expected word F1 against the page's content, not every block above one fixed
 * threshold. A page whose content is one short post among much chrome needs surer blocks than a
 * page that is nearly all article; weighing both sides of F1 by words finds that bar per page.
 *
 * With p the probabilities and w the words of each block, the expected F1 of a kept set S is
 * close to 2·Σ_S p·w / (Σ_S w + Σ_all p·w): the expected words of content kept, over the words
 * kept plus the expected words of content on the page. For a given size the best S holds the
 * most probable blocks, so the answer is the best prefix of the blocks sorted by probability.
 */
export function keepForBestF1(probabilities: number[], words: number[]): boolean[] {
  const expectedContent = probabilities.reduce((sum, p, index) => sum + p * (words[index] as number), 0);
  const order = probabilities
    .map((_, index) => index)
    .sort((a, b) => (probabilities[b] as number) - (probabilities[a] as number));
  let keptContent = 0;
  let keptWords = 0;
  let best = { f1: 0, count: 0 };
  order.forEach((index, rank) => {
    keptContent += (probabilities[index] as number) * (words[index] as number);
    keptWords += words[index] as number;
    const f1 = (2 * keptContent) / (keptWords + expectedContent);
    if (f1 > best.f1) best = { f1, count: rank + 1 };
  });
  const keep = probabilities.map(() => false);
  for (const index of order.slice(0, best.count)) keep[index] = true;
  return keep;
}
