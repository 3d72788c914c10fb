/** A counting semaphore: bounded concurrency where waiting holds nothing (no connection, no socket). */
export class Semaphore {
  private readonly waiting: (() => void)[] = [];
  private used = 0;

  constructor(private readonly size: () => number) {}

  async take(): Promise<() => void> {
    if (this.used < this.size()) this.used++;
    else await new Promise<void>((r) => this.waiting.push(r)); // the slot is handed over by its releaser
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      const next = this.waiting.shift();
      if (next) next();
      else this.used--;
    };
  }
}
