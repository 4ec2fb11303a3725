/// <reference lib="WebWorker" />
// Smart downloads run here, app open or closed: on Periodic Background Sync (Chromium, an installed
// app the browser grants it to; the same tag as the feed refresh) and when a page asks (the app
// opened, or Downloads changed the settings). The run itself is shared/smartRun.ts.
import { openDownloadsDb } from '../shared/downloadDb';
import { type RunReport, runSmartDownloads } from '../shared/smartRun';
import { SUBSCRIPTIONS_REFRESH_TAG } from '../shared/backgroundTags';
import { DOWNLOADS_CHANGED_MESSAGE, RUN_SMART_DOWNLOADS_MESSAGE } from '../shared/smartMessages';
import { workerFetch } from './networkWork';
import { broadcast, signedInSession } from './session';

declare const self: ServiceWorkerGlobalScope;

type Connection = { type?: string; saveData?: boolean };

let running: Promise<RunReport | null> | null = null;

/** One run at a time: a periodic sync and a page's request share it. */
function runOnce(): Promise<RunReport | null> {
  running ??= run().finally(() => {
    running = null;
  });
  return running;
}

async function run(): Promise<RunReport | null> {
  const session = await signedInSession();
  if (!session) return null; // signed out: nothing is the user's to keep
  const db = await openDownloadsDb(() => db.close());
  try {
    const report = await runSmartDownloads({
      db,
      origin: self.location.origin,
      token: session.token,
      fetch: workerFetch,
      connection: (navigator as WorkerNavigator & { connection?: Connection }).connection,
      estimate: () => navigator.storage.estimate(),
    });
    // A run also records when it ran (shown in Downloads): pages read the store again after each one.
    if (!report.skipped) await broadcast({ type: DOWNLOADS_CHANGED_MESSAGE, ...report });
    return report;
  } finally {
    db.close();
  }
}

/** Runs smart downloads on the feed's periodic sync and when a page asks. */
export function listenForSmartDownloadRuns(): void {
  self.addEventListener('periodicsync', (event) => {
    const sync = event as ExtendableEvent & { tag: string };
    if (sync.tag === SUBSCRIPTIONS_REFRESH_TAG) sync.waitUntil(runOnce());
  });
  self.addEventListener('message', (event: ExtendableMessageEvent) => {
    if ((event.data as { type?: string } | null)?.type === RUN_SMART_DOWNLOADS_MESSAGE) event.waitUntil(runOnce());
  });
}
