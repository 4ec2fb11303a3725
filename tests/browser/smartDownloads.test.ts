// Smart downloads in Chromium at 390x844: turned on in Downloads, then with the app closed a
// subscription's new video is downloaded at the chosen rung on Periodic Background Sync (CDP
// ServiceWorker.dispatchPeriodicSyncEvent); offline it is listed as a smart download and served with
// byte ranges (what the player's seeking asks); taken down, it leaves the device on the next run.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CACHE_NAMES } from '../../sw/cacheNames.js';
import { SUBSCRIPTIONS_REFRESH_TAG } from '../../shared/backgroundTags.js';
import { call, insertVideo, registerUser, startServer, type TestServer, type TestUser } from '../server/harness.js';
import { makeClip } from '../server/mediaFixtures.js';
import { appRegistrationId, chromiumMissingReason, DIST, ensureBuilt, eventually, launchChromium, signedInPage } from './chromium.js';

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

  beforeAll(async () => {
    await ensureBuilt();
    server = await startServer({ env: { CLIENT_DIR: DIST } });
    [owner, viewer, moderator] = await Promise.all([registerUser(server, { fullName: 'Night Train Films' }), registerUser(server), registerUser(server)]);
    await server.app.db.db.updateTable('users').set({ role: 'moderator' }).where('id', '=', moderator.id).execute();
    expect((await call(server, 'POST', `/subscription/toggle/sub/${owner.id}`, { token: viewer.token })).status).toBe(200);
    browser = await launchChromium();
    ({ context, page } = await signedInPage(browser, server, viewer, { viewport: { width: 390, height: 844 } }));
    await page.goto(`${server.url}/home`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** A ready video of the followed channel with a real 360p and 720p rung (the 360p one is a real MP4). */
  async function upload(title: string): Promise<{ id: string; bytes: number }> {
    const id = await insertVideo(server, owner.id, { title, duration: 1 });
    const clip = await makeClip('smart-360.mp4', { width: 640, height: 360, seconds: 1 });
    const bytes = (await import('node:fs')).statSync(clip).size;
    for (const height of [720, 360]) {
      const key = `videos/${id}/${height}.mp4`;
      await server.app.storage.putFile(key, clip, 'video/mp4');
      const hls = { playlistKey: `videos/${id}/${height}.m3u8`, resolution: `640x${height}`, bandwidth: 1, averageBandwidth: 1, codecs: 'avc1.64001e,mp4a.40.2' };
      await server.app.repos.videoMedia.addRendition(id, { height, storageKey: key, sizeBytes: bytes, hls });
    }
    return { id, bytes };
  }

  it('downloads a new subscription video at the chosen rung with the app closed, serves it offline, and lets it go once taken down', async () => {
    // Turned on in Downloads: off by default, the data-saver rung by default.
    await page.goto(`${server.url}/downloads`);
    const toggle = page.getByRole('switch', { name: 'Smart downloads' }).or(page.getByRole('checkbox', { name: 'Smart downloads' }));
    expect(await toggle.isChecked()).toBe(false);
    await toggle.check();
    await eventually(() => page.getByTestId('smart-last-run').isVisible()).toBe(true); // the run the change asked for

    // The channel uploads; the app is closed.
    const { id, bytes } = await upload('New for the tunnel');
    const registrationId = await appRegistrationId(page, server.url);
    await page.close();
    const blank = await context.newPage();
    const session = await context.newCDPSession(blank);
    await session.send('ServiceWorker.enable');
    await session.send('ServiceWorker.dispatchPeriodicSyncEvent', { origin: server.url, registrationId, tag: SUBSCRIPTIONS_REFRESH_TAG });

    await blank.goto(`${server.url}/api/v1/healthcheck`);
    const rungPath = `/media/video/hls/${id}/360.mp4`;
    const cached = () => blank.evaluate(async ([name, path]) => (await (await caches.open(name!)).match(path!))?.headers.get('Content-Length') ?? null, [CACHE_NAMES.downloads, rungPath]);
    await eventually(cached, 20_000).toBe(String(bytes));
    const kept = await blank.evaluate(
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
    await session.send('ServiceWorker.dispatchPeriodicSyncEvent', { origin: server.url, registrationId, tag: SUBSCRIPTIONS_REFRESH_TAG });
    await eventually(cached, 20_000).toBe(null);
    await session.detach();
  });
});
