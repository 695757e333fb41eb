/**
 * Runs `task` every `intervalMs`, never two runs at once: a tick that finds the previous run still
 * going is skipped. `stop()` ends the ticks and waits for the run in flight, so shutdown is clean.
 */
export class PeriodicTask {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    private readonly task: () => Promise<void>,
    private readonly onError: (error: unknown) => void,
  ) {}

  start(intervalMs: number) {
    this.timer = setInterval(() => {
      this.running ??= this.task()
        .catch(this.onError)
        .finally(() => {
          this.running = undefined;
        });
    }, intervalMs);
  }

  async stop() {
    clearInterval(this.timer);
    await this.running;
  }
}
