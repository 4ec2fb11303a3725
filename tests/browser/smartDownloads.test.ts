// Smart downloads in Chromium at 390x844, the app closed, runs dispatched as Periodic Background
// Sync (CDP ServiceWorker.dispatchPeriodicSyncEvent): a subscription's new video is downloaded at the
// chosen rung, served offline with byte ranges and let go once taken down; on a cellular connection
// with mobile data off nothing downloads until Wi-Fi (the worker's navigator.connection.type, set by
// CDP network emulation: Android's Chromium has it, so the browser runs with that Blink feature); a
// download cut off mid-file resumes by byte range into a byte-identical copy; the opt-in
// 'N new videos ready to watch offline' notification; offline, a downloaded video plays and seeks in
// the player, and an offline view is reported once after reconnecting with two tabs open and the
// server's first answer lost; the budget evicts a watched download before an unwatched one, never a
// pinned one.
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedVideo, SmartSettings } from '../../shared/downloadDb.js';
import { CACHE_NAMES } from '../../sw/cacheNames.js';
import { SUBSCRIPTIONS_REFRESH_TAG } from '../../shared/backgroundTags.js';
import { call, insertVideo, registerUser, startServer, type TestServer, type TestUser } from '../server/harness.js';
import { makeClip } from '../server/mediaFixtures.js';
import { appRegistrationId, appWorker, chromiumMissingReason, APP_SERVER_ENV, ensureBuilt, eventually, launchChromium, signedInPage, workerSession } from './chromium.js';

const missing = chromiumMissingReason();
if (missing) console.log(`[skip] browser tests skipped: ${missing}`);

describe.skipIf(missing)('smart downloads', () => {
  let server: TestServer;
  let owner: TestUser;
  let viewer: TestUser;
  let moderator: TestUser;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  /** A page of the origin that is not the app (the app stays closed): it reads the device's stores. */
  let probe: Page;
  /** The CDP session that dispatches the periodic syncs, and the worker's registration. */
  let cdp: CDPSession;
  let registrationId: string;
  /** What the test does to the server's HTTP answers (a dropped connection, a lost answer). */
  type Tap = (request: IncomingMessage, response: ServerResponse) => void;
  const taps = new Set<Tap>();

  beforeAll(async () => {
    await ensureBuilt();
    server = await startServer({ env: APP_SERVER_ENV });
    [owner, viewer, moderator] = await Promise.all([registerUser(server, { fullName: 'Night Train Films' }), registerUser(server), registerUser(server)]);
    await server.app.db.db.updateTable('users').set({ role: 'moderator' }).where('id', '=', moderator.id).execute();
    expect((await call(server, 'POST', `/subscription/toggle/sub/${owner.id}`, { token: viewer.token })).status).toBe(200);
    server.app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      for (const tap of taps) tap(request, response);
    });
    // Desktop Chromium hides navigator.connection.type; Android's (the phones this is for) has it.
    browser = await launchChromium(['--enable-blink-features=NetInfoDownlinkMax']);
    ({ context, page } = await signedInPage(browser, server, viewer, { viewport: { width: 390, height: 844 } }));
    await page.goto(`${server.url}/home`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** A ready video of the followed channel with a real 360p and 720p rung (the 360p one is a real MP4: a 1 s clip unless given). */
  async function upload(title: string, clip?: { path: string; seconds: number }): Promise<{ id: string; bytes: number; file: string }> {
    clip ??= { path: await makeClip('smart-360.mp4', { width: 640, height: 360, seconds: 1 }), seconds: 1 };
    const id = await insertVideo(server, owner.id, { title, duration: clip.seconds });
    const bytes = statSync(clip.path).size;
    for (const height of [720, 360]) {
      const key = `videos/${id}/${height}.mp4`;
      await server.app.storage.putFile(key, clip.path, 'video/mp4');
      const hls = { playlistKey: `videos/${id}/${height}.m3u8`, resolution: `640x${height}`, bandwidth: 1, averageBandwidth: 1, codecs: 'avc1.64001e,mp4a.40.2' };
      await server.app.repos.videoMedia.addRendition(id, { height, storageKey: key, sizeBytes: bytes, hls });
    }
    return { id, bytes, file: clip.path };
  }

  /** One request on the downloads database, from `on` (a page of the origin). */
  function downloadsDb<T>(on: Page, op: 'get' | 'getAll' | 'put' | 'clear', store: string, key?: string, value?: unknown): Promise<T> {
    return on.evaluate(
      ([op, store, key, value]) =>
        new Promise<T>((resolve, reject) => {
          const open = indexedDB.open('vidshare-downloads');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const db = open.result;
            const objects = db.transaction(store!, op === 'get' || op === 'getAll' ? 'readonly' : 'readwrite').objectStore(store!);
            const request = op === 'get' ? objects.get(key!) : op === 'getAll' ? objects.getAll() : op === 'put' ? objects.put(value, key) : objects.clear();
            request.onerror = () => (db.close(), reject(request.error));
            request.onsuccess = () => (db.close(), resolve(request.result as T));
          };
        }),
      [op, store, key, value] as const,
    );
  }
  const settings = () => downloadsDb<SmartSettings>(probe, 'get', 'settings', 'smart');
  /** Changes settings as Downloads would, without asking for a run. */
  const configure = async (patch: Partial<SmartSettings>) => downloadsDb(probe, 'put', 'settings', 'smart', { ...(await settings()), ...patch });
  const savedIds = async () => (await downloadsDb<SavedVideo[]>(probe, 'getAll', 'videos')).map((video) => video.videoId).sort();
  const cachedLength = (id: string) =>
    probe.evaluate(async ([name, path]) => (await (await caches.open(name!)).match(path!))?.headers.get('Content-Length') ?? null, [CACHE_NAMES.downloads, `/media/video/hls/${id}/360.mp4`]);
  /** A periodic sync as the browser sends it to the closed app. */
  const dispatchRun = () => cdp.send('ServiceWorker.dispatchPeriodicSyncEvent', { origin: server.url, registrationId, tag: SUBSCRIPTIONS_REFRESH_TAG });
  /** A periodic sync, and the end of the run it starts (it records when it ran). */
  async function periodicRun(): Promise<SmartSettings> {
    const before = (await settings()).lastRunAt;
    await dispatchRun();
    await eventually(async () => (await settings()).lastRunAt !== before, 30_000).toBe(true);
    return settings();
  }
  const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
  const MB = 1024 * 1024;

  it('downloads a new subscription video at the chosen rung with the app closed, serves it offline, and lets it go once taken down', async () => {
    // Turned on in Downloads: off by default, the data-saver rung by default.
    await page.goto(`${server.url}/downloads`);
    const toggle = page.getByRole('switch', { name: 'Smart downloads' }).or(page.getByRole('checkbox', { name: 'Smart downloads' }));
    expect(await toggle.isChecked()).toBe(false);
    await toggle.check();
    await eventually(() => page.getByTestId('smart-last-run').isVisible()).toBe(true); // the run the change asked for

    // The channel uploads; the app is closed.
    const { id, bytes } = await upload('New for the tunnel');
    registrationId = await appRegistrationId(page, server.url);
    await page.close();
    probe = await context.newPage();
    cdp = await context.newCDPSession(probe);
    await cdp.send('ServiceWorker.enable');
    await dispatchRun();

    await probe.goto(`${server.url}/api/v1/healthcheck`);
    const rungPath = `/media/video/hls/${id}/360.mp4`;
    const cached = () => cachedLength(id);
    await eventually(cached, 20_000).toBe(String(bytes));
    const kept = await probe.evaluate(
      (videoId) =>
        new Promise((resolve) => {
          const open = indexedDB.open('vidshare-downloads');
          open.onsuccess = () => {
            const get = open.result.transaction('videos').objectStore('videos').get(videoId);
            get.onsuccess = () => resolve(get.result);
          };
        }),
      id,
    );
    expect(kept).toMatchObject({ videoId: id, origin: 'smart', quality: 360, reasons: ['subscription'] });

    // Offline: listed in Downloads as kept by smart downloads, and a seek's range comes from the device.
    const offline = await context.newPage();
    await offline.goto(`${server.url}/downloads`);
    await offline.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await context.setOffline(true);
    await offline.reload();
    await eventually(() => offline.getByText('New for the tunnel').isVisible()).toBe(true);
    expect(await offline.getByText('Smart: new from subscriptions').isVisible()).toBe(true);
    const range = await offline.evaluate(async (path) => {
      const response = await fetch(path, { headers: { Range: 'bytes=100-199' } });
      return { status: response.status, length: (await response.arrayBuffer()).byteLength };
    }, rungPath);
    expect(range).toEqual({ status: 206, length: 100 });
    await context.setOffline(false);
    await offline.close();

    // Taken down: gone from the device on the next run.
    expect((await call(server, 'POST', `/moderation/videos/${id}/takedown`, { token: moderator.token, json: { reason: 'Copyright claim' } })).status).toBe(200);
    await dispatchRun();
    await eventually(cached, 20_000).toBe(null);
  });

  it('downloads nothing on a cellular connection while mobile data is off, says it waits for Wi-Fi, and downloads on Wi-Fi', async () => {
    const worker = await appWorker(context, server.url);
    const target = await workerSession(browser, worker.url());
    const asked: string[] = [];
    target.on('Network.requestWillBeSent', ({ request }: { request: { url: string } }) => asked.push(new URL(request.url).pathname));
    await target.send('Network.enable');
    // The connection's type, as the worker's own target emulates it (Chromium applies a type only
    // while it emulates something: 1 ms of latency).
    const connect = (connectionType?: 'cellular3g' | 'wifi') =>
      target.send('Network.emulateNetworkConditions', { offline: false, latency: connectionType ? 1 : 0, downloadThroughput: -1, uploadThroughput: -1, connectionType });
    try {
      await connect('cellular3g');
      await eventually(() => worker.evaluate(() => (navigator as Navigator & { connection?: { type?: string } }).connection?.type)).toBe('cellular');
      expect((await settings()).allowCellular).toBe(false); // 'Use mobile data' is off by default
      const { id, bytes } = await upload('Kept for the Wi-Fi');
      await dispatchRun();
      await eventually(async () => typeof (await settings()).waitingSince, 20_000).toBe('string');
      expect(await cachedLength(id)).toBe(null);
      expect(asked.filter((path) => path.startsWith('/api/v1/offline/') || path.startsWith('/media/'))).toEqual([]);

      const downloads = await context.newPage();
      await downloads.goto(`${server.url}/downloads`);
      await eventually(() => downloads.getByTestId('smart-waiting').textContent()).toMatch(/^Waiting for Wi-Fi since .+: mobile data is off$/);
      await downloads.close();

      await connect('wifi');
      await eventually(() => worker.evaluate(() => (navigator as Navigator & { connection?: { type?: string } }).connection?.type)).toBe('wifi');
      await periodicRun();
      expect(await cachedLength(id)).toBe(String(bytes));
      expect((await settings()).waitingSince).toBeUndefined();
    } finally {
      await connect(); // no emulation
      await target.detach();
    }
  });

  it('resumes a download cut off mid-file with Range: bytes=N- and keeps a byte-identical copy', async () => {
    // Any bytes do (it is not played): past the 4 MB after which a run writes its partial file down.
    const file = join(await mkdtemp(join(tmpdir(), 'vidshare-smart-')), 'rung.mp4');
    writeFileSync(file, randomBytes(6 * MB));
    const path = { value: '' };
    const ranges: (string | null)[] = [];
    let cut: (() => void) | null = null;
    // The first answer for the file stalls after 4.25 MB, until the test drops the connection.
    const stallThenDrop: Tap = (request, response) => {
      if (request.method !== 'GET' || !path.value || new URL(request.url!, server.url).pathname !== path.value) return;
      ranges.push(request.headers.range ?? null);
      if (ranges.length > 1) return;
      const write = response.write.bind(response) as (chunk: Buffer) => boolean;
      let sent = 0;
      response.write = ((chunk: Buffer) => {
        if (sent >= 4.25 * MB) return false; // held: the stream waits for a 'drain' that never comes
        sent += chunk.byteLength;
        return write(chunk);
      }) as typeof response.write;
      cut = () => response.socket?.destroy();
    };
    taps.add(stallThenDrop);
    try {
      const { id, bytes } = await upload('Cut off in the tunnel', { path: file, seconds: 4 });
      path.value = `/media/video/hls/${id}/360.mp4`;
      const partialLength = () =>
        probe.evaluate(async ([videoId]) => {
          const open = indexedDB.open('vidshare-downloads');
          await new Promise((resolve) => (open.onsuccess = resolve));
          const request = open.result.transaction('partials').objectStore('partials').get(videoId!);
          await new Promise((resolve) => (request.onsuccess = resolve));
          open.result.close();
          return (request.result as { data: ArrayBuffer } | undefined)?.data.byteLength ?? 0;
        }, [id]);
      const before = (await settings()).lastRunAt;
      await dispatchRun();
      // The run has written its first 4 MB down; then the connection drops.
      await eventually(partialLength, 20_000).toBeGreaterThanOrEqual(4 * MB);
      cut!();
      await eventually(async () => (await settings()).lastRunAt !== before, 20_000).toBe(true);
      expect(await cachedLength(id)).toBe(null);
      const have = await partialLength(); // what the cut-off run kept, written again when the network dropped
      expect(have).toBeGreaterThanOrEqual(4 * MB);
      expect(have).toBeLessThan(bytes);

      await periodicRun();
      expect(ranges).toEqual([null, `bytes=${have}-`]);
      const copy = await probe.evaluate(async ([name, rung]) => {
        const kept = await (await (await caches.open(name!)).match(rung!))!.arrayBuffer();
        return Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', kept)), (byte) => byte.toString(16).padStart(2, '0')).join('');
      }, [CACHE_NAMES.downloads, path.value]);
      expect(copy).toBe(sha256(readFileSync(file)));
      expect(await partialLength()).toBe(0);
    } finally {
      taps.delete(stallThenDrop);
    }
  });

  it("says 'N new videos ready to watch offline' after a run that added videos, only once opted in, and its click opens Downloads", async () => {
    const worker = await appWorker(context, server.url);
    const shown = () =>
      worker.evaluate(async () =>
        (await (self as unknown as { registration: ServiceWorkerRegistration }).registration.getNotifications()).map((notification) => ({ title: notification.title, body: notification.body, tag: notification.tag, data: notification.data as unknown })),
      );
    // What the user grants when the switch asks.
    await context.grantPermissions(['notifications'], { origin: server.url });

    // Off by default: a run that adds a video says nothing.
    expect((await settings()).notifyReady).toBeUndefined();
    const quiet = await upload('Arrived quietly');
    expect((await periodicRun()).lastAdded).toBe(1);
    expect(await cachedLength(quiet.id)).toBe(String(quiet.bytes));

    // Opted in under Settings > Notifications, this device.
    const settingsPage = await context.newPage();
    await settingsPage.goto(`${server.url}/settings?tab=notifications`);
    const toggle = settingsPage.getByRole('switch', { name: /^Ready to watch offline/ }).or(settingsPage.getByRole('checkbox', { name: /^Ready to watch offline/ }));
    expect(await toggle.isChecked()).toBe(false);
    await toggle.check();
    await eventually(async () => (await settings()).notifyReady).toBe(true);
    await settingsPage.close();

    // The app closed, two new videos arrive: one notification says so (the quiet run's would have added its 1).
    await upload('First for the morning');
    await upload('Second for the morning');
    expect((await periodicRun()).lastAdded).toBe(2);
    await eventually(shown, 20_000).toEqual([
      { title: '2 new videos ready to watch offline', body: 'Second for the morning · First for the morning', tag: 'vidshare-offline-ready', data: { url: '/downloads', count: 2 } },
    ]);

    // Its click opens Downloads (in the window the origin has: the probe page).
    await worker.evaluate(async () => {
      // The real notification, in the event the browser would dispatch for a click.
      const scope = self as unknown as EventTarget & { registration: ServiceWorkerRegistration; NotificationEvent: new (type: string, init: { notification: Notification }) => Event };
      const [notification] = await scope.registration.getNotifications();
      scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: notification! }));
    });
    await eventually(() => context.pages().some((open) => open.url() === `${server.url}/downloads`)).toBe(true);
    await eventually(shown).toEqual([]);
    await probe.goto(`${server.url}/api/v1/healthcheck`); // the app closed again
    // A run that adds nothing says nothing.
    expect((await periodicRun()).lastAdded).toBe(0);
    expect(await shown()).toEqual([]);
  });

  it('offline, plays a downloaded video in the player and seeks it; the view is reported once after reconnecting, with two tabs open and the first answer lost', async () => {
    const long = { path: await makeClip('smart-long.mp4', { width: 160, height: 90, seconds: 62, audio: false }), seconds: 62 };
    const { id } = await upload('The long way round', long);
    await periodicRun();
    expect(await savedIds()).toContain(id);

    // The server answers the first report, but the answer never arrives (a crash mid-report).
    const reports: { key: string | null; replayed: string | null }[] = [];
    const loseFirstAnswer: Tap = (request, response) => {
      if (request.method !== 'POST' || request.url !== `/api/v1/views/add/${id}`) return;
      const report = { key: (request.headers['idempotency-key'] as string | undefined) ?? null, replayed: null as string | null };
      reports.push(report);
      const end = response.end.bind(response) as (...args: unknown[]) => ServerResponse;
      response.end = ((...args: unknown[]) => {
        if (reports.indexOf(report) === 0) return response.socket?.destroy(), response;
        report.replayed = String(response.getHeader('idempotent-replayed') ?? '');
        return end(...args);
      }) as typeof response.end;
    };
    taps.add(loseFirstAnswer);
    const first = await context.newPage();
    const second = await context.newPage();
    try {
      // Offline, opened from nothing but what the closed app's run kept: the file and the video's answer.
      await context.setOffline(true);
      await first.goto(`${server.url}/watch/${id}`);
      await eventually(() => first.getByRole('heading', { name: 'The long way round' }).isVisible()).toBe(true);
      await first.getByRole('button', { name: 'Play video' }).click();
      const video = first.locator('main video');
      const state = () => video.evaluate((element: HTMLVideoElement) => ({ time: element.currentTime, paused: element.paused, src: new URL(element.currentSrc).pathname }));
      await eventually(async () => (await state()).time, 20_000).toBeGreaterThan(1);
      expect((await state()).src).toBe(`/media/video/hls/${id}/360.mp4`);
      // Eight times as fast: a minute of watching in seconds, each step still counted as watch time.
      await video.evaluate((element: HTMLVideoElement) => (element.playbackRate = 8));
      await eventually(async () => (await state()).time).toBeGreaterThan(8);

      // Seek back to the start with the player's own seek bar: the device answers the ranges and it plays on.
      await video.hover();
      const seekBar = first.getByRole('slider', { name: 'Seek' });
      await seekBar.focus();
      await seekBar.press('Home');
      await eventually(async () => (await state()).time).toBeLessThan(4);
      await eventually(async () => (await state()).time).toBeGreaterThan(4);
      expect((await state()).paused).toBe(false);

      // A minute played offline: one view waits in the queue.
      await eventually(async () => (await state()).time, 30_000).toBeGreaterThan(60);
      await eventually(() => first.getByTestId('offline-banner').textContent()).toContain('Pending sync (1)');
      await second.goto(`${server.url}/downloads`);
      await eventually(() => second.getByTestId('offline-banner').textContent()).toContain('Pending sync (1)');
      expect(reports).toEqual([]);

      // Back online with both tabs open (and the worker's Background Sync): counted once.
      await context.setOffline(false);
      await eventually(async () => (await call(server, 'GET', `/views/${id}`, { token: viewer.token })).body.data.totalViews, 20_000).toBe(1);
      await eventually(() => reports.some((report) => report.replayed === 'true'), 20_000).toBe(true);
      expect(new Set(reports.map((report) => report.key)).size).toBe(1);
      expect(reports[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
      for (const tab of [first, second]) await eventually(() => tab.getByTestId('offline-banner').isVisible()).toBe(false);
      expect((await call(server, 'GET', `/views/${id}`, { token: viewer.token })).body.data.totalViews).toBe(1);
    } finally {
      taps.delete(loseFirstAnswer);
      await context.setOffline(false);
      await first.close();
      await second.close();
    }
  });

  it('makes room by evicting a watched download before an unwatched one, and never a pinned one', async () => {
    // Start from an empty device: the budget below counts every kept byte.
    await probe.evaluate(async (name) => void (await caches.delete(name)), CACHE_NAMES.downloads);
    await downloadsDb(probe, 'clear', 'videos');
    await configure({ newest: 3, budgetBytes: null, dismissed: [] });
    const pinned = await upload('Pinned favourite');
    const unwatched = await upload('Not seen yet');
    const watched = await upload('Seen already');
    await periodicRun();
    expect(await savedIds()).toEqual([pinned.id, unwatched.id, watched.id].sort());

    // Pinned in Downloads; played to the end here (what the watch page records): the pinned one too.
    const downloads = await context.newPage();
    await downloads.goto(`${server.url}/downloads`);
    await downloads.getByRole('button', { name: 'Pin Pinned favourite' }).click();
    await eventually(() => downloads.getByRole('button', { name: 'Unpin Pinned favourite' }).isVisible()).toBe(true);
    await downloads.close();
    for (const video of [pinned, watched]) {
      const saved = await downloadsDb<SavedVideo>(probe, 'get', 'videos', video.id);
      await downloadsDb(probe, 'put', 'videos', undefined, { ...saved, watched: 1 });
    }

    // Room for three; a fourth arrives and only the two newest stay candidates: the unwatched one and
    // the pinned one have left the feed, the watched one has not.
    await configure({ newest: 2, budgetBytes: 3 * watched.bytes });
    const fresh = await upload('Fresh this hour');
    await periodicRun();
    expect(await savedIds()).toEqual([pinned.id, unwatched.id, fresh.id].sort());
    expect(await cachedLength(watched.id)).toBe(null);
    expect(await cachedLength(unwatched.id)).toBe(String(unwatched.bytes));
    // The watched one is not fetched again while it is a candidate.
    await periodicRun();
    expect(await savedIds()).toEqual([pinned.id, unwatched.id, fresh.id].sort());
  });
});

