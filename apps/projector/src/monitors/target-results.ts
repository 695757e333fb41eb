import { type CheckPage, type MonitorTarget, monitorCheckCrawlId, type TargetResult } from '#contracts';

/** A check's target results as it starts: a crawl target names the crawl it runs, a search target counts from 0. */
export function startedTargetResults(checkId: string, targets: readonly MonitorTarget[]): TargetResult[] {
  return targets.map((target) => {
    const result: TargetResult = { targetId: target.id, type: target.type };
    if (target.type === 'crawl') result.crawlId = monitorCheckCrawlId(checkId, target.id);
    if (target.type === 'search') Object.assign(result, { resultCount: 0, matches: 0 });
    return result;
  });
}

/** Counts a checked page of a search target: one more result, one more match if judged meaningful. */
export function withCheckedPage(results: readonly TargetResult[], page: CheckPage): TargetResult[] {
  return results.map((result) =>
    result.targetId === page.targetId && result.type === 'search'
      ? {
          ...result,
          resultCount: (result.resultCount ?? 0) + 1,
          matches: (result.matches ?? 0) + (page.judgment?.meaningful ? 1 : 0),
        }
      : result,
  );
}
