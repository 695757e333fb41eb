import type { TextLine, TextRun } from './text-run.js';

/**
 * Runs → lines, top to bottom. Runs whose baselines lie within a third of their font size of each
 * other share a line (superscripts and mixed fonts stay on it); whitespace-only runs are dropped
 * because the gaps between runs are measured instead.
 */
export function groupLines(runs: TextRun[]): TextLine[] {
  const visible = runs.filter((run) => run.text.trim().length > 0 && run.fontSize > 0);
  const sorted = [...visible].sort((a, b) => b.y - a.y || a.x - b.x);
  const lines: TextRun[][] = [];
  for (const run of sorted) {
    const line = lines.find((candidate) => Math.abs(candidate[0].y - run.y) <= run.fontSize / 3);
    if (line) line.push(run);
    else lines.push([run]);
  }
  return lines.map(toLine).sort((a, b) => b.y - a.y || a.x - b.x);
}

function toLine(runs: TextRun[]): TextLine {
  const ordered = [...runs].sort((a, b) => a.x - b.x);
  // The line's size is the one most of its characters use.
  const chars = new Map<number, number>();
  for (const run of ordered) {
    const size = Math.round(run.fontSize * 2) / 2;
    chars.set(size, (chars.get(size) ?? 0) + run.text.length);
  }
  const fontSize = [...chars.entries()].sort((a, b) => b[1] - a[1])[0][0];
  const boldChars = ordered.filter((run) => run.bold).reduce((sum, run) => sum + run.text.length, 0);
  const allChars = ordered.reduce((sum, run) => sum + run.text.length, 0);
  let text = '';
  let end = Number.NEGATIVE_INFINITY;
  for (const run of ordered) {
    const gap = run.x - end;
    // A gap wider than a fifth of an em is a space the PDF did not draw as a character.
    if (text && gap > run.fontSize * 0.2 && !/\s$/.test(text) && !/^\s/.test(run.text)) text += ' ';
    text += run.text;
    end = run.x + run.width;
  }
  return {
    runs: ordered,
    x: ordered[0].x,
    y: Math.max(...ordered.map((run) => run.y)),
    right: Math.max(...ordered.map((run) => run.x + run.width)),
    fontSize,
    bold: boldChars > allChars / 2,
    monospace: ordered.every((run) => run.monospace),
    text: text.replace(/\s+/g, ' ').trim(),
  };
}
