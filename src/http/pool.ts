// A small pool for work that costs CPU (PNG renders, searches): at most
// `running` tasks at a time per worker and at most `waiting` more in line.
// A caller asks `full` before it commits to the work, so a flood is refused
// at once (503 with Retry-After, uncounted) instead of queuing without bound
// and taking the memory and the event loop from every other request. A task
// that waited starts on a later turn of the event loop (setImmediate), so
// requests that need no pool are answered between two tasks.
export class Pool {
  private active = 0;
  private readonly line: Array<() => void> = [];

  constructor(
    readonly running: number,
    readonly waiting: number,
  ) {}

  /** No room, running nor waiting: refuse the work now. */
  get full(): boolean {
    return this.active >= this.running && this.line.length >= this.waiting;
  }

  /** Tasks running and waiting (for tests and the benchmark). */
  get load(): { running: number; waiting: number } {
    return { running: this.active, waiting: this.line.length };
  }

  /** Run `task` when a place is free (a caller that checked `full` may still be a few over: the bound is on what is admitted). */
  run<T>(task: () => T | Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        this.active++;
        let result: T | Promise<T>;
        try {
          result = task();
        } catch (err) {
          result = Promise.reject(err);
        }
        Promise.resolve(result)
          .then(resolve, reject)
          .finally(() => {
            this.active--;
            const next = this.line.shift();
            if (next) setImmediate(next);
          });
      };
      if (this.active < this.running) start();
      else this.line.push(start);
    });
  }
}
