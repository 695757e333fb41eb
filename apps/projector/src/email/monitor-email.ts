import type { CheckPage, CheckSummary } from '#contracts';

export interface MonitorEmailInput {
  monitorName: string;
  monitorId: string;
  checkId: string;
  status: string;
  summary: CheckSummary;
  /** The pages worth telling about: everything but `same`, in check order. */
  pages: CheckPage[];
  includeDiffs: boolean;
}

/** Pure: the subject, plain text and HTML of a check's e-mail. */
export function monitorEmail(input: MonitorEmailInput): { subject: string; text: string; html: string } {
  const { summary } = input;
  const counts = (['changed', 'new', 'removed', 'error'] as const)
    .filter((status) => summary[status] > 0)
    .map((status) => `${summary[status]} ${status}`)
    .join(', ');
  const subject = `[Trawl] ${input.monitorName}: ${counts || 'no changes'}`;
  const heading = `Check ${input.checkId} of monitor "${input.monitorName}" finished: ${input.status}, ${summary.totalPages} page(s) checked, ${counts || 'no changes'}.`;

  const text = [
    heading,
    '',
    ...input.pages.flatMap((page) => [
      `${page.status.toUpperCase()}  ${page.url}`,
      ...(page.error ? [`  ${page.error}`] : []),
      ...(page.judgment
        ? [`  Judged ${page.judgment.meaningful ? 'meaningful' : 'not meaningful'}: ${page.judgment.reason}`]
        : []),
      ...(input.includeDiffs && page.diff ? ['', page.diff.text.trimEnd(), ''] : []),
    ]),
    '',
    `Monitor ${input.monitorId}`,
  ].join('\n');

  const html = [
    '<!doctype html><html><body style="font-family: sans-serif">',
    `<p>${escapeHtml(heading)}</p>`,
    '<table cellpadding="4" style="border-collapse: collapse">',
    ...input.pages.map(
      (page) =>
        `<tr><td><strong>${page.status}</strong></td><td><a href="${escapeHtml(page.url)}">${escapeHtml(page.url)}</a>` +
        (page.error ? `<br><em>${escapeHtml(page.error)}</em>` : '') +
        (page.judgment
          ? `<br>Judged ${page.judgment.meaningful ? 'meaningful' : 'not meaningful'}: ${escapeHtml(page.judgment.reason)}`
          : '') +
        (input.includeDiffs && page.diff
          ? `<pre style="background:#f6f8fa;padding:8px">${escapeHtml(page.diff.text)}</pre>`
          : '') +
        '</td></tr>',
    ),
    '</table>',
    `<p style="color:#666">Monitor ${escapeHtml(input.monitorId)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
