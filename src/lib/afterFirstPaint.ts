import { useEffect, useState } from 'react';

/** Runs `task` once the page has loaded and the browser is idle (at most ~2 s later). */
export function afterFirstPaint(task: () => void, timeoutMs = 2000): void {
  const idle = (window as { requestIdleCallback?: (cb: () => void, options?: { timeout: number }) => void }).requestIdleCallback;
  const run = () => (idle ? idle(task, { timeout: timeoutMs }) : setTimeout(task, 200));
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
}

/** False on the first paint, true once afterFirstPaint has fired: for chunks the first screen can wait for. */
export function useAfterFirstPaint(timeoutMs = 1000): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => afterFirstPaint(() => setReady(true), timeoutMs), [timeoutMs]);
  return ready;
}
