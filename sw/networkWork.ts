/// <reference lib="WebWorker" />
// The worker's own network requests share one abort signal. Chromium activates an update only once
// the old worker has finished the events it is handling, and holds the page's reload until then: a
// read or a replay stuck on a dead connection would make Reload do nothing for minutes. When the
// page asks for the update, the old worker gives its requests up: the reloaded page asks for its
// reads again, and a replayed action stays queued (sent again later with the same key).
import type { WorkboxPlugin } from 'workbox-core';

let controller = new AbortController();

/** The signal of the requests made now: aborted when the page asks for the update. */
export const networkWorkSignal = (): AbortSignal => controller.signal;

/** fetch() for the worker's own requests: given up when the page asks for the update. */
export const workerFetch = (request: Request): Promise<Response> => fetch(request, { signal: controller.signal });

/** Whether a request failed because the update gave it up (not because the network is down). */
export const abandonedForUpdate = (error: unknown): boolean => error instanceof DOMException && error.name === 'AbortError';

export function abandonNetworkWork(): void {
  controller.abort(new DOMException('The app is updating', 'AbortError'));
  controller = new AbortController();
}

/** For Workbox strategies: their network requests carry the signal too. */
export const abandonedOnUpdate: WorkboxPlugin = {
  requestWillFetch: async ({ request }) => new Request(request, { signal: controller.signal }),
};

/** A pause that ends early when the update is asked for. */
export function pauseUnlessAbandoned(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });
}
