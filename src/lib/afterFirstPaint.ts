import { useEffect, useState } from 'react';

interface IdleWindow {
  requestIdleCallback?: (cb: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
}

/**
 * Runs `task` once the page has loaded and the browser is idle (at most ~2 s later). Returns what
 * cancels it: a component that asked must not be updated after it is gone.
 */
export function afterFirstPaint(task: () => void, timeoutMs = 2000): () => void {
  const browser = window as IdleWindow;
  let cancel = () => window.removeEventListener('load', run);
  function run() {
    if (browser.requestIdleCallback) {
      const handle = browser.requestIdleCallback(task, { timeout: timeoutMs });
      cancel = () => browser.cancelIdleCallback?.(handle);
    } else {
      const handle = setTimeout(task, 200);
      cancel = () => clearTimeout(handle);
    }
  }
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
  return () => cancel();
}

/** False on the first paint, true once afterFirstPaint has fired: for chunks the first screen can wait for. */
export function useAfterFirstPaint(timeoutMs = 1000): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => afterFirstPaint(() => setReady(true), timeoutMs), [timeoutMs]);
  return ready;
}
