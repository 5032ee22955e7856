// A small pool for work that costs CPU (PNG renders, searches): at most
// `running` tasks at a time per worker and at most `waiting` more in line.
// A caller asks `full` before it commits to the work, so a flood is refused
// at once (503 with Retry-After, uncounted) instead of queuing without bound
// and taking the memory and the event loop from every other request. Every
// task starts on a turn of the event loop of its own (setImmediate), so the
// requests that need no pool are answered between two tasks. Measured: under
// 32 connections of distinct searches, /chapter/2's p99 went from 1.15 s
// (searches run as their requests were read) to 14 ms.
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

  /**
   * Run `task` when a place is free. Every task starts on a turn of the
   * event loop of its own (setImmediate), its place taken when it is
   * scheduled: a newcomer never overtakes the line, and no task runs while
   * the server reads requests, so the requests that need no pool (and are
   * answered as they are read) wait for one task at most.
   */
  run<T>(task: () => T | Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        let result: T | Promise<T>;
        try {
          result = task();
        } catch (err) {
          result = Promise.reject(err);
        }
        Promise.resolve(result)
          .then(resolve, reject)
          .finally(() => {
            // The place goes to the next in line, if any, else it is freed.
            const next = this.line.shift();
            if (next) setImmediate(next);
            else this.active--;
          });
      };
      if (this.active < this.running) {
        this.active++;
        setImmediate(start);
      } else this.line.push(start);
    });
  }
}
