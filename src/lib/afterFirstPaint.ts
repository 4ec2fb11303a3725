import { useEffect, useState } from 'react';

type IdleCallback = (cb: () => void, options?: { timeout: number }) => void;

let holds = 0;
const held: (() => void)[] = [];

/**
 * Holds back idle-time work (the live connection, the service worker's install with its ~570 KB
 * precache, persistence...) while the visitor waits for something: a video between the tap and its
 * first frame. At Slow 4G and 4x CPU that work, landing in the same seconds, delayed the first
 * frame by taking the main thread and sharing the link. Returns the release (once is enough).
 */
export function holdIdleWork(): () => void {
  holds += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (--holds === 0) held.splice(0).forEach((task) => task());
  };
}

/**
 * Runs `task` once the page has loaded and the browser is idle (at most ~2 s later), and nothing
 * holds idle work back (holdIdleWork). Returns what calls it off: a component that asked must not
 * be updated after it is gone.
 */
export function afterFirstPaint(task: () => void, timeoutMs = 2000): () => void {
  let wanted = true;
  const runIfWanted = () => wanted && (holds ? held.push(runIfWanted) : task());
  const idle = (window as { requestIdleCallback?: IdleCallback }).requestIdleCallback;
  const run = () => (idle ? idle(runIfWanted, { timeout: timeoutMs }) : setTimeout(runIfWanted, 200));
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
  return () => {
    wanted = false;
  };
}

/** False on the first paint, true once afterFirstPaint has fired: for chunks the first screen can wait for. */
export function useAfterFirstPaint(timeoutMs = 1000): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => afterFirstPaint(() => setReady(true), timeoutMs), [timeoutMs]);
  return ready;
}
