import { useEffect, useState } from 'react';

/**
 * Runs `task` once the page has loaded and the browser is idle (at most ~2 s later). Returns what
 * calls it off: a component that asked must not be updated after it is gone.
 */
export function afterFirstPaint(task: () => void, timeoutMs = 2000): () => void {
  let wanted = true;
  const runIfWanted = () => wanted && task();
  const idle = (window as { requestIdleCallback?: (cb: () => void, options?: { timeout: number }) => void }).requestIdleCallback;
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
