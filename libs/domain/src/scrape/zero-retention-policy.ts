import type { ScrapeRequest } from '#contracts';

/**
 * Options that cannot be honoured without keeping something: screenshots and PDFs are served
 * from stored files, change tracking compares with a stored history. Named as the client wrote them.
 */
export function zeroRetentionConflicts(request: ScrapeRequest): string[] {
  return [
    ...request.formats
      .filter((format) => format.type === 'screenshot' || format.type === 'changeTracking')
      .map((format) => `formats.${format.type}`),
    ...request.actions
      .map((action, index) => ({ type: action.type, index }))
      .filter((action) => action.type === 'screenshot' || action.type === 'pdf')
      .map((action) => `actions[${action.index}] (${action.type})`),
  ];
}

/** Lockdown requests are zero data retention for every team: they only read the cache. */
export function needsZeroRetentionPermission(request: ScrapeRequest): boolean {
  return request.zeroDataRetention && !request.lockdown;
}
