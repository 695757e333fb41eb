/** A text progress bar for long operator commands: `[#####-----]  50.0%  1,234 events  800 ev/s`. */
function progressLine(fraction: number, events: number, elapsedMs: number, width = 30): string {
  const clamped = Math.min(1, Math.max(0, Number.isFinite(fraction) ? fraction : 1));
  const filled = Math.round(clamped * width);
  const rate = elapsedMs > 0 ? Math.round((events * 1000) / elapsedMs) : 0;
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${(clamped * 100).toFixed(1).padStart(5)}%  ${events.toLocaleString('en-US')} events  ${rate.toLocaleString('en-US')} ev/s`;
}

/** Redraws in place on a terminal; elsewhere (logs, CI) prints a line per 10 %. */
export class ProgressBar {
  private readonly started = Date.now();
  private lastTenth = -1;

  constructor(private readonly out: NodeJS.WriteStream = process.stderr) {}

  update(fraction: number, events: number): void {
    const line = progressLine(fraction, events, Date.now() - this.started);
    if (this.out.isTTY) {
      this.out.write(`\r${line}`);
      return;
    }
    const tenth = Math.floor(fraction * 10);
    if (tenth > this.lastTenth) {
      this.lastTenth = tenth;
      this.out.write(`${line}\n`);
    }
  }

  done(): void {
    if (this.out.isTTY) this.out.write('\n');
  }
}
