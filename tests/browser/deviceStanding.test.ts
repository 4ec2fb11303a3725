// What a device keeps follows who may have it, in Debian's Chromium at 390x844 against the real
// server and the built PWA: a like queued offline belongs to the user who made it (signing out
// offline asks before discarding it; another user signing in never sends it; a session that ended
// keeps it for the same user's next sign-in), and a downloaded video that a moderator takes down
// leaves the device once the app learns of it.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, insertVideo, registerUser, startServer, type TestServer, type TestUser } from '../server/harness.js';
import { makeClip, mp4Upload, uploadVideo, waitForVideo } from '../server/mediaFixtures.js';
import { chromiumMissingReason, APP_SERVER_ENV, ensureBuilt, eventually, launchChromium, persistedQueryKeys, signedInPage } from './chromium.js';

const missing = chromiumMissingReason();
if (missing) console.log(`[skip] browser tests skipped: ${missing}`);

const PHONE = { width: 390, height: 844 };

describe.skipIf(missing !== null)('what the device keeps follows who may have it', () => {
  let server: TestServer;
  let browser: Browser;
  let owner: TestUser;
  let ada: TestUser;
  let bert: TestUser;
  let videoId = '';
  const pageErrors: string[] = [];

  beforeAll(async () => {
    await ensureBuilt();
    server = await startServer({ env: APP_SERVER_ENV });
    owner = await registerUser(server, { fullName: 'Channel Owner' });
    ada = await registerUser(server, { fullName: 'Ada Shared' });
    bert = await registerUser(server, { fullName: 'Bert Shared' });
    videoId = await insertVideo(server, owner.id, { title: 'Shared tablet clip', duration: 42 });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const toastOn = (page: Page, text: string) => page.locator('#notistack-snackbar', { hasText: text });
  const likeButton = (page: Page) => page.getByRole('button', { name: /^Like \(/ });
  const likesOnServer = async () => (await call(server, 'GET', `/videos/${videoId}`)).body.data.likes as number;
  const liked = async (user: TestUser) => ((await call(server, 'GET', '/likes/get/user/liked-videos?page=1', { token: user.token })).body.data.videos as Array<{ _id: string }>).map((video) => video._id);
  /** The actions waiting in the page's queue database, with the user each belongs to. */
  const storedActions = (page: Page) =>
    page.evaluate(
      () =>
        new Promise<Array<{ userId: string; label: string }>>((resolve) => {
          const open = indexedDB.open('vidshare-offline');
          open.onsuccess = () => {
            const db = open.result;
            const all = db.transaction('actions').objectStore('actions').getAll();
            all.onsuccess = () => (db.close(), resolve(all.result.map(({ userId, label }) => ({ userId, label }))));
          };
        }),
    );

  /** Opens the watch page signed in, waits until the worker controls it and the video is stored, then likes it offline. */
  async function likeOffline(context: BrowserContext, page: Page): Promise<void> {
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${server.url}/watch/${videoId}`);
    await eventually(() => page.getByRole('heading', { name: 'Shared tablet clip' }).isVisible()).toBe(true);
    await eventually(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await eventually(async () => (await persistedQueryKeys(page)).includes(`getVideo("${videoId}")`), 30_000).toBe(true);
    await context.setOffline(true);
    await eventually(() => page.getByTestId('offline-banner').textContent()).toContain('You are offline');
    await likeButton(page).click();
    await eventually(() => page.getByTestId('offline-banner').textContent()).toContain('Pending sync (1)');
  }

  async function signInWithForm(page: Page, user: TestUser): Promise<void> {
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${server.url}/home`);
    await eventually(() => page.getByLabel('Account menu').isVisible()).toBe(true);
  }

  async function signOutFromMenu(page: Page): Promise<void> {
    await page.getByLabel('Account menu').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
  }

  it("signing out offline asks before discarding a queued like; the next user never sends it", async () => {
    const { context, page, token } = await signedInPage(browser, server, ada, { viewport: PHONE });
    await likeOffline(context, page);
    expect(await storedActions(page)).toEqual([{ userId: ada.id, label: 'Like' }]);

    await signOutFromMenu(page);
    const dialog = page.getByRole('dialog', { name: 'Sign out?' });
    await eventually(() => dialog.isVisible()).toBe(true);
    expect(await dialog.textContent()).toContain('You have 1 action waiting to be sent. Sign out and discard it?');
    await page.screenshot({ path: 'screenshots/sign-out-queued-390.png' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await eventually(() => dialog.count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
    expect(await storedActions(page)).toHaveLength(1);

    await signOutFromMenu(page);
    await page.getByRole('dialog', { name: 'Sign out?' }).getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${server.url}/login`);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(await storedActions(page)).toEqual([]);

    await context.setOffline(false);
    await signInWithForm(page, bert);
    // Nothing of Ada's is left to send, and none was sent as Bert (or as Ada).
    expect(await storedActions(page)).toEqual([]);
    expect(await likesOnServer()).toBe(0);
    expect(await liked(bert)).not.toContain(videoId);
    // Ada's session on this device was signed out offline: the server is told once the page is back online.
    await eventually(async () => (await call(server, 'GET', '/users/me', { token })).status).toBe(401);
    await context.close();
  });

  it("a session that ended keeps the like for the same user: another user's session never sends it, the same user's does", async () => {
    const { context, page, token } = await signedInPage(browser, server, ada, { viewport: PHONE });
    await likeOffline(context, page);
    // Ada's session on this device ends elsewhere (signed out from another place).
    expect((await call(server, 'POST', '/users/logout', { token, json: {} })).status).toBe(200);
    await context.setOffline(false);
    // The replay meets the 401: the device is signed out, the like stays Ada's.
    await eventually(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(await storedActions(page)).toEqual([{ userId: ada.id, label: 'Like' }]);

    await page.goto(`${server.url}/login`);
    await signInWithForm(page, bert);
    // Bert's session replays Bert's queue (empty); page and worker both leave Ada's like alone.
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    expect(await storedActions(page)).toEqual([{ userId: ada.id, label: 'Like' }]);
    expect(await likesOnServer()).toBe(0);
    expect(await liked(bert)).not.toContain(videoId);

    await signOutFromMenu(page);
    await page.waitForURL(`${server.url}/login`);
    await signInWithForm(page, ada);
    await eventually(() => storedActions(page)).toEqual([]);
    await eventually(likesOnServer).toBe(1);
    expect(await liked(ada)).toContain(videoId);
    expect(await liked(bert)).not.toContain(videoId);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('a downloaded video that a moderator takes down leaves the device once the app learns of it', async () => {
    const moderator = await registerUser(server, { fullName: 'Mod Erator' });
    await server.app.db.db.updateTable('users').set({ role: 'moderator' }).where('id', '=', moderator.id).execute();
    const clip = await makeClip('standing-download.mp4', { width: 854, height: 480, seconds: 3 });
    const upload = await uploadVideo(server, owner.token, await mp4Upload(clip, 'Soon taken down'));
    expect(upload.status).toBe(201);
    const savedId = upload.body.data._id as string;
    await waitForVideo(server.app.db.db, savedId, (state) => state.status === 'ready' && state.renditions.some((rendition) => rendition.height === 480), 90_000);

    const { context, page } = await signedInPage(browser, server, bert, { viewport: PHONE });
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const offlineCopy = () =>
      page.evaluate(async (id) => {
        const files = (await (await caches.open('vidshare-downloads')).keys()).filter((request) => request.url.includes(id)).length;
        const record = await new Promise<boolean>((resolve) => {
          const open = indexedDB.open('vidshare-downloads');
          open.onsuccess = () => {
            const db = open.result;
            const get = db.transaction('videos').objectStore('videos').get(id);
            get.onsuccess = () => (db.close(), resolve(get.result !== undefined));
          };
        });
        return { record, files };
      }, savedId);
    await page.goto(`${server.url}/watch/${savedId}`);
    await eventually(() => page.getByRole('heading', { name: 'Soon taken down' }).isVisible()).toBe(true);
    await page.getByTestId('download-button').click();
    await eventually(() => page.getByText('Saved for offline').isVisible(), 20_000).toBe(true);
    await eventually(() => offlineCopy().then((copy) => copy.record && copy.files > 0)).toBe(true);

    const down = await call(server, 'POST', `/moderation/videos/${savedId}/takedown`, { token: moderator.token, json: { reason: 'Copyright claim' } });
    expect(down.status).toBe(200);
    // The app learns it at its next start (the saved videos are checked with the API): the copy goes, the user is told.
    await page.goto(`${server.url}/home`);
    await eventually(() => toastOn(page, '"Soon taken down" was removed, so its download was deleted from this device').isVisible(), 20_000).toBe(true);
    expect(await offlineCopy()).toEqual({ record: false, files: 0 });
    await page.screenshot({ path: 'screenshots/download-removed-390.png' });
    // Offline, nothing of it plays or lists.
    await eventually(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await context.setOffline(true);
    await page.goto(`${server.url}/downloads`);
    await eventually(() => page.getByRole('heading', { name: 'Downloads' }).first().isVisible()).toBe(true);
    expect(await page.getByText('Soon taken down').count()).toBe(0);
    await context.setOffline(false);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
