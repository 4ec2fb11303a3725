// The one poll of the tests: waits for something that happens in the background (a job, a socket, a
// child process) and hands back what it read. `expect.poll` is the same wait for an assertion;
// this one is for the value the test goes on with.
import { vi } from 'vitest';

export interface EventuallyOptions<T> {
  /** When the value read is the one awaited; by default when it is truthy. */
  until?: (value: T) => boolean;
  /** What is awaited, for the failure ("timed out waiting for <what>"). */
  what?: string;
  /** Milliseconds before failing (10 s by default). */
  timeout?: number;
  /** Milliseconds between reads (50 by default). */
  interval?: number;
}

/**
 * Reads `read` until `until` holds of its value and returns that value; fails after `timeout`
 * naming `what` and the last value read (or the last error `read` threw).
 */
export async function eventually<T>(read: () => T | Promise<T>, options: EventuallyOptions<T> = {}): Promise<T> {
  const { until = Boolean, what = 'a condition', timeout = 10_000, interval = 50 } = options;
  return vi.waitFor(
    async () => {
      const value = await read();
      if (!until(value)) throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(value)?.slice(0, 500)}`);
      return value;
    },
    { timeout, interval },
  );
}
