// A bound on costly work in this process (ffmpeg runs): `size` at once, `queue` more waiting in
// order, none waiting longer than `maxWaitMs`. Past the bound the caller is told at once (PoolBusyError)
// rather than left waiting behind an ever longer line.

export interface WorkPoolOptions {
  size: number;
  queue: number;
  maxWaitMs: number;
  /** What a refused caller is told to wait before trying again. */
  retryAfterSeconds: number;
}

export class PoolBusyError extends Error {
  constructor(public readonly retryAfterSeconds: number) {
    super('the work pool is busy');
    this.name = 'PoolBusyError';
  }
}

interface Waiter {
  start(): void;
  timer: NodeJS.Timeout;
}

export class WorkPool {
  private running = 0;
  private readonly waiting: Waiter[] = [];

  constructor(private readonly options: WorkPoolOptions) {}

  /** Runs `work` once a place is free; rejects with PoolBusyError when the queue is full or the wait too long. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.place();
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  private place(): Promise<void> {
    if (this.running < this.options.size) {
      this.running += 1;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.options.queue) return Promise.reject(this.busy());
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        start: () => {
          clearTimeout(waiter.timer);
          resolve();
        },
        timer: setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(waiter), 1);
          reject(this.busy());
        }, this.options.maxWaitMs),
      };
      this.waiting.push(waiter);
    });
  }

  /** A finished run hands its place to the first waiter, if any. */
  private release() {
    const next = this.waiting.shift();
    if (next) next.start();
    else this.running -= 1;
  }

  private busy() {
    return new PoolBusyError(this.options.retryAfterSeconds);
  }
}
