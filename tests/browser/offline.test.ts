// Offline-first in Debian's Chromium against the real server and the built PWA: a like, a comment and a
// subscription made offline are queued, shown as pending, survive a reload while still offline,
// and reach the server exactly once when the network returns. A downloaded video plays and seeks
// offline from Cache Storage.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, insertVideo, registerUser, startServer, type TestServer, type TestUser } from '../server/harness.js';
import { makeClip, mp4Upload, uploadVideo } from '../server/mediaFixtures.js';
import { chromiumMissingReason, APP_SERVER_ENV, ensureBuilt, eventually, launchChromium, persistedQueryKeys, signedInPage } from './chromium.js';

const missing = chromiumMissingReason();
if (missing) console.log(`[skip] browser tests skipped: ${missing}`);


describe.skipIf(missing !== null)('offline queue in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let owner: TestUser;
  let viewer: TestUser;
  let context: BrowserContext;
  let page: Page;
  let videoId = '';
  const pageErrors: string[] = [];

  beforeAll(async () => {
    await ensureBuilt();
    server = await startServer({ env: APP_SERVER_ENV });
    owner = await registerUser(server, { fullName: 'Offline Channel' });
    viewer = await registerUser(server, { fullName: 'Train Commuter' });
    videoId = await insertVideo(server, owner.id, { title: 'Tunnel footage', duration: 42 });
    browser = await launchChromium();
    ({ context, page } = await signedInPage(browser, server, viewer));
    page.on('pageerror', (error) => pageErrors.push(error.message));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const likeButton = () => page.getByRole('button', { name: /^Like \(/ });
  const banner = () => page.getByTestId('offline-banner');

  it('queues a like, a comment and a subscription offline, keeps them over a reload, and sends each once', async () => {
    await page.goto(`${server.url}/watch/${videoId}`);
    await eventually(() => page.getByRole('heading', { name: 'Tunnel footage' }).isVisible()).toBe(true);
    await eventually(() => page.getByRole('button', { name: 'Subscribe' }).isVisible()).toBe(true);
    await eventually(() => page.getByText('No comments yet').or(page.getByRole('heading', { name: /^Comments/ })).first().isVisible()).toBe(true);
    // The service worker controls the page (it serves the shell offline) and the cache is saved.
    await eventually(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    const saved = [`getVideo("${videoId}")`, `getComments("${videoId}")`, `getSubscriptionStatus("${owner.id}")`];
    // The video, its comments and the subscription state are in the IndexedDB copy of the cache
    // (written within a second). The offline reload below shows what these hold plus the queued
    // actions: a query not yet written comes back empty (a fresh-clone CI run found 'Subscribe'
    // after the reload; the status was not among the entries this waited for).
    await eventually(async () => {
      const keys = await persistedQueryKeys(page);
      return saved.every((key) => keys.includes(key));
      // Persistence starts in idle time after the first paint: slower on a loaded machine.
    }, 30_000).toBe(true);

    await context.setOffline(true);
    await eventually(() => banner().textContent()).toContain('You are offline');
    await likeButton().click();
    await eventually(() => likeButton().getAttribute('aria-pressed')).toBe('true');
    await page.getByPlaceholder('Add a comment...').fill('Written in a tunnel');
    await page.getByRole('button', { name: 'Comment', exact: true }).click();
    await eventually(() => page.getByTestId('comment-pending').count()).toBe(1);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await eventually(() => page.getByRole('button', { name: 'Unsubscribe' }).isVisible()).toBe(true);
    await eventually(() => banner().textContent()).toContain('Pending sync (3)');
    await page.screenshot({ path: 'screenshots/offline-queue-phone.png' });

    // A reload while still offline: the shell, the queue and its pending state come back.
    await page.reload();
    await eventually(() => page.getByRole('heading', { name: 'Tunnel footage' }).isVisible()).toBe(true);
    await eventually(() => banner().textContent()).toContain('Pending sync (3)');
    expect(await banner().textContent()).toContain('You are offline');
    await eventually(() => page.getByText('Written in a tunnel').isVisible()).toBe(true);
    expect(await page.getByTestId('comment-pending').count()).toBe(1);
    await eventually(() => likeButton().getAttribute('aria-pressed')).toBe('true');
    await eventually(() => page.getByRole('button', { name: 'Unsubscribe' }).isVisible()).toBe(true);
    await page.screenshot({ path: 'screenshots/offline-queue-reloaded-phone.png' });

    await context.setOffline(false);
    await eventually(() => banner().count(), 15_000).toBe(0);
    await eventually(() => page.getByTestId('comment-pending').count()).toBe(0);
    expect(await page.getByText('Written in a tunnel').count()).toBe(1);

    const likes = await call(server, 'GET', `/likes/get/video/likes/${videoId}`);
    expect(likes.body.data).toHaveLength(1);
    const comments = await call(server, 'GET', `/comments/all/${videoId}`);
    expect(comments.body.data.map((comment: { content: string }) => comment.content)).toEqual(['Written in a tunnel']);
    const status = await call(server, 'GET', `/subscription/get/user/subscribers/${owner.id}`, { token: viewer.token });
    expect(status.body.data).toEqual({ isSubscribed: true, totalSubscribers: 1 });
    expect(pageErrors).toEqual([]);
  });

  it('downloads a ready video and plays and seeks it offline', async () => {
    const clip = await makeClip('offline-clip.mp4', { width: 854, height: 480, seconds: 4 });
    const upload = await uploadVideo(server, owner.token, await mp4Upload(clip, 'Saved for the plane'));
    expect(upload.status).toBe(201);
    const savedId = upload.body.data._id as string;
    // Renditions appear one by one: wait for the 480p one (the default download).
    await eventually(async () => (await call(server, 'GET', `/videos/${savedId}`)).body.data.qualities, 60_000).toContain(480);

    await page.goto(`${server.url}/watch/${savedId}`);
    await eventually(() => page.getByRole('heading', { name: 'Saved for the plane' }).isVisible()).toBe(true);
    // The action row's Download button takes 480p (eco) without data saver, then says so.
    const download = page.getByTestId('download-button');
    expect(await download.getAttribute('title')).toBe('Download 480p for offline');
    await download.click();
    await eventually(() => page.getByText('Saved for offline').isVisible(), 20_000).toBe(true);
    await eventually(() => download.textContent()).toBe('Downloaded');
    await eventually(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    await context.setOffline(true);
    await page.goto(`${server.url}/downloads`);
    const list = page.getByRole('list', { name: 'Downloaded videos' });
    await eventually(() => list.getByText('Saved for the plane').isVisible()).toBe(true);
    expect(await list.textContent()).toContain('480p');
    await eventually(() => page.getByTestId('storage-used').textContent()).toContain('Storage used');
    await page.screenshot({ path: 'screenshots/downloads-phone.png' });

    await list.getByRole('link', { name: 'Saved for the plane' }).click();
    const video = page.locator('main video');
    await eventually(() => video.evaluate((element: HTMLVideoElement) => element.currentSrc)).toContain('q_auto:eco');
    await video.evaluate((element: HTMLVideoElement) => {
      element.muted = true;
      return element.play().catch(() => undefined);
    });
    await eventually(() => video.evaluate((element: HTMLVideoElement) => element.readyState), 15_000).toBeGreaterThanOrEqual(2);
    await video.evaluate((element: HTMLVideoElement) => (element.currentTime = 2.5));
    await eventually(() => video.evaluate((element: HTMLVideoElement) => element.currentTime)).toBeGreaterThanOrEqual(2.5);
    await eventually(() => video.evaluate((element: HTMLVideoElement) => element.readyState)).toBeGreaterThanOrEqual(2);
    expect(await video.evaluate((element: HTMLVideoElement) => element.error)).toBeNull();
    // Lock-screen controls name the video and its channel; Picture-in-Picture when the browser allows it.
    expect(await page.evaluate(() => ({ title: navigator.mediaSession.metadata?.title, artist: navigator.mediaSession.metadata?.artist }))).toEqual({
      title: 'Saved for the plane',
      artist: 'Offline Channel',
    });
    const pipEnabled = await page.evaluate(() => document.pictureInPictureEnabled);
    expect(await page.getByRole('button', { name: 'Picture-in-Picture' }).count()).toBe(pipEnabled ? 1 : 0);
    await context.setOffline(false);
  });

  it("says 'You're offline' and leads to the downloads for a video this device cannot play offline", async () => {
    const unseenId = await insertVideo(server, owner.id, { title: 'Never opened here', duration: 30 });
    await page.goto(`${server.url}/home`);
    await eventually(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await context.setOffline(true);

    // Never opened on this device: no details, no copy.
    await page.goto(`${server.url}/watch/${unseenId}`);
    const notice = page.getByTestId('watch-offline');
    await eventually(() => notice.isVisible(), 15_000).toBe(true);
    expect(await notice.getByText("You're offline").isVisible()).toBe(true);
    expect(await notice.getByText("This video isn't downloaded. Connect to the internet to watch it.").isVisible()).toBe(true);
    expect(await page.getByText('Failed to fetch video. Please try again later.').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Try Again' }).count()).toBe(0);
    const box = await notice.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await page.screenshot({ path: 'screenshots/watch-offline-unseen-phone.png' });

    // Seen in the first test, not downloaded: its details stay, the notice takes the player's place.
    await page.goto(`${server.url}/watch/${videoId}`);
    await eventually(() => page.getByRole('heading', { name: 'Tunnel footage' }).isVisible(), 15_000).toBe(true);
    await eventually(() => notice.isVisible()).toBe(true);
    expect(await page.locator('main video').count()).toBe(0);
    expect(await page.getByTestId('download-button').isDisabled()).toBe(true);
    await page.screenshot({ path: 'screenshots/watch-offline-seen-phone.png' });

    await notice.getByRole('link', { name: 'Go to Downloads' }).click();
    await eventually(() => new URL(page.url()).pathname).toBe('/downloads');
    await context.setOffline(false);
  });

  it('keeps the page when a chunk cannot arrive on a first visit offline, and loads it once back online', async () => {
    // A first visit: no service worker has cached the app's chunks yet. The toasts' chunk, loaded in
    // idle time, is held until the connection drops, so that it fails to arrive.
    const { context: firstVisit, page: fresh } = await signedInPage(browser, server, viewer, { serviceWorkers: 'block' });
    const errors: string[] = [];
    fresh.on('pageerror', (error) => errors.push(error.message));
    let release!: () => void;
    const dropped = new Promise<void>((resolve) => (release = resolve));
    let toasterAsked = 0;
    await fresh.route('**/assets/Toaster-*.js', async (route) => {
      toasterAsked += 1;
      await dropped;
      await route.continue().catch(() => undefined);
    });
    await fresh.goto(`${server.url}/watch/${videoId}`);
    const like = fresh.getByRole('button', { name: /^Like \(/ });
    await eventually(() => like.isVisible()).toBe(true);
    await eventually(() => toasterAsked).toBe(1);
    await firstVisit.setOffline(true);
    release();
    // The failed chunk is asked again (offline, it fails again at once) while the page stays.
    await eventually(() => toasterAsked, 15_000).toBeGreaterThanOrEqual(2);
    expect(await like.isVisible()).toBe(true);
    expect(await fresh.getByTestId('offline-banner').isVisible()).toBe(true);
    // A like queued now raises its toast once the chunk arrives, after the connection is back.
    await like.click();
    await firstVisit.setOffline(false);
    await eventually(() => fresh.getByText('You are offline: saved', { exact: false }).isVisible(), 20_000).toBe(true);
    expect(errors).toEqual([]);
    await firstVisit.close();
  });
});
