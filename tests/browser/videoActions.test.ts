// Video card actions and editing in Debian's Chromium against the real server and the built PWA, on a real transcoded
// video, at 390x844 and 1280x800: the ⋮ menu on every card (Save to playlist, Download for
// offline, Share), the Save dialog's toggle (ticking a playlist that holds the video removes it),
// a download cancelled while it runs, and the owner editing title, description and thumbnail.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, pngBytes, registerUser, startServer, type TestServer, type TestUser } from '../server/harness.js';
import { makeClip, mp4Upload, uploadVideo, waitForVideo } from '../server/mediaFixtures.js';
import { chromiumMissingReason, APP_SERVER_ENV, ensureBuilt, eventually, launchChromium, signedInPage } from './chromium.js';

const missing = chromiumMissingReason();
if (missing) console.log(`[skip] browser tests skipped: ${missing}`);

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

describe.skipIf(missing !== null)('card menu, save toggle, cancelled download and editing in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let owner: TestUser;
  let phone: { context: BrowserContext; page: Page };
  let desktop: { context: BrowserContext; page: Page };
  let videoId = '';
  let playlistId = '';
  const videoTitle = 'Kelp forest drift';
  const pageErrors: string[] = [];

  const toastOn = (page: Page, text: string) => page.locator('#notistack-snackbar', { hasText: text });
  const card = (page: Page, title = videoTitle) => page.locator('main article').filter({ hasText: title });

  beforeAll(async () => {
    await ensureBuilt();
    server = await startServer({ env: APP_SERVER_ENV });
    owner = await registerUser(server, { fullName: 'Oona Owner' });
    const clip = await makeClip('kelp.mp4', { width: 640, height: 360, seconds: 3 });
    const upload = await uploadVideo(server, owner.token, await mp4Upload(clip, videoTitle));
    expect(upload.status).toBeLessThan(300);
    videoId = upload.body.data._id;
    await waitForVideo(server.app.db.db, videoId, (state) => state.status === 'ready', 90_000);
    const playlist = await call(server, 'POST', '/playlist/create', { token: owner.token, json: { name: 'Ocean', description: 'Sea things' } });
    playlistId = playlist.body.data._id;
    browser = await launchChromium();
    phone = await signedInPage(browser, server, owner, { viewport: PHONE });
    desktop = await signedInPage(browser, server, owner, { viewport: DESKTOP, colorScheme: 'dark' });
    for (const { page } of [phone, desktop]) page.on('pageerror', (error) => pageErrors.push(error.message));
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const playlistVideos = async () => (await call(server, 'GET', `/playlist/${playlistId}`, { token: owner.token })).body.data.playlist.videos.map((video: { _id: string }) => video._id);

  it('every card has a ⋮ menu instead of a Watch button; the card stays the link', async () => {
    for (const { page } of [phone, desktop]) {
      await page.goto(`${server.url}/home`);
      await eventually(() => card(page).isVisible()).toBe(true);
      expect(await card(page).getByRole('link', { name: /^Watch/ }).count()).toBe(0);
      expect(await card(page).getByRole('link', { name: videoTitle, exact: true }).getAttribute('href')).toBe(`/watch/${videoId}`);
      await card(page).getByRole('button', { name: `More actions for ${videoTitle}` }).click();
      const menu = page.getByRole('menu', { name: `Actions for ${videoTitle}` });
      await eventually(() => menu.isVisible()).toBe(true);
      expect(await menu.getByRole('menuitem').allTextContents()).toEqual(['Save to Watch later', 'Save to playlist', 'Download for offline', 'Share']);
      await page.screenshot({ path: `screenshots/layout/card-menu-${page.viewportSize()!.width}.png` });
      await page.keyboard.press('Escape');
      await eventually(() => menu.isVisible()).toBe(false);
    }
  });

  it('Share copies the link where the Web Share API is missing, and uses it where present', async () => {
    const { page, context } = desktop;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await card(page).getByRole('button', { name: `More actions for ${videoTitle}` }).click();
    await page.getByRole('menuitem', { name: 'Share' }).click();
    await eventually(() => toastOn(page, 'Link copied to clipboard!').isVisible()).toBe(true);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${server.url}/watch/${videoId}`);

    // A device with a share sheet: the app hands it the link instead.
    await page.evaluate(() => {
      const shared: unknown[] = [];
      (window as unknown as { shared: unknown[] }).shared = shared;
      Object.defineProperty(navigator, 'share', { configurable: true, value: async (data: unknown) => void shared.push(data) });
    });
    await card(page).getByRole('button', { name: `More actions for ${videoTitle}` }).click();
    await page.getByRole('menuitem', { name: 'Share' }).click();
    await eventually(() => page.evaluate(() => (window as unknown as { shared: unknown[] }).shared)).toEqual([{ url: `${server.url}/watch/${videoId}`, title: videoTitle }]);
  });

  it('Save to playlist from a card; ticking the playlist again removes the video', async () => {
    const { page } = phone;
    await card(page).getByRole('button', { name: `More actions for ${videoTitle}` }).click();
    await page.getByRole('menuitem', { name: 'Save to playlist' }).click();
    const row = page.getByRole('checkbox', { name: /Ocean/ });
    await eventually(() => row.getAttribute('aria-checked')).toBe('false');
    await row.click();
    await eventually(() => toastOn(page, 'Video added to playlist successfully').isVisible()).toBe(true);
    await eventually(playlistVideos).toEqual([videoId]);

    await card(page).getByRole('button', { name: `More actions for ${videoTitle}` }).click();
    await page.getByRole('menuitem', { name: 'Save to playlist' }).click();
    await eventually(() => row.getAttribute('aria-checked')).toBe('true');
    await page.screenshot({ path: 'screenshots/layout/save-dialog-390.png' });
    await row.click();
    await eventually(() => toastOn(page, 'Video removed from playlist successfully').isVisible()).toBe(true);
    await eventually(() => row.getAttribute('aria-checked')).toBe('false');
    await eventually(playlistVideos).toEqual([]);
    await page.getByRole('button', { name: 'Cancel' }).click();
  });

  it('a running download can be cancelled; nothing is saved and the page stays usable', async () => {
    const { page } = phone;
    // Hold the rendition's bytes so the download is still running when Cancel is pressed.
    let held = false;
    const rendition = (url: URL) => url.pathname.startsWith('/media/') && url.pathname.endsWith('.mp4');
    // context.route also sees the requests the service worker makes on the page's behalf.
    await phone.context.route(rendition, () => void (held = true));
    await card(page).getByRole('button', { name: `More actions for ${videoTitle}` }).click();
    await page.getByRole('menuitem', { name: 'Download for offline' }).click();
    const dialog = page.getByRole('dialog', { name: 'Download for offline' });
    await dialog.getByRole('button', { name: 'Download', exact: true }).click();
    await eventually(() => held).toBe(true);
    await eventually(() => dialog.getByText('Downloading... 0%').isVisible()).toBe(true);
    await page.screenshot({ path: 'screenshots/layout/download-running-390.png' });
    await dialog.getByRole('button', { name: 'Cancel download' }).click();
    await eventually(() => toastOn(page, 'Download cancelled').isVisible()).toBe(true);
    await eventually(() => dialog.getByRole('button', { name: 'Download', exact: true }).isEnabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await eventually(() => dialog.count()).toBe(0);
    await phone.context.unroute(rendition);
    await page.screenshot({ path: 'screenshots/layout/after-cancel-390.png' });

    await page.getByRole('navigation', { name: 'Bottom navigation' }).getByRole('link', { name: 'You' }).click();
    await page.goto(`${server.url}/downloads`);
    await eventually(() => page.getByRole('heading', { name: 'Downloads' }).first().isVisible()).toBe(true);
    expect(await page.getByText(videoTitle).count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  it('the owner edits title, description and a frame thumbnail on the watch page; another open page follows live', async () => {
    const viewer = phone.page;
    await viewer.goto(`${server.url}/watch/${videoId}`);
    await eventually(() => viewer.getByRole('heading', { name: videoTitle, level: 1 }).isVisible()).toBe(true);
    const before = (await call(server, 'GET', `/videos/${videoId}`)).body.data.thumbnail;

    const { page } = desktop;
    await page.goto(`${server.url}/watch/${videoId}`);
    await page.getByRole('button', { name: 'Edit video' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit video' });
    await dialog.getByLabel('Title').fill('   ');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await eventually(() => dialog.getByRole('alert').textContent()).toBe('Title is required');
    await dialog.getByLabel('Title').fill('Kelp forest at dawn');
    await dialog.getByLabel('Description').fill('Filmed from a kayak.');
    await dialog.getByRole('button', { name: 'Frame from video' }).click();
    await eventually(() => dialog.getByLabel('Frame preview').isVisible()).toBe(true);
    await dialog.getByLabel('Frame time').focus();
    for (let i = 0; i < 10; i += 1) await page.keyboard.press('ArrowRight');
    await eventually(() => dialog.getByText('Frame at 0:02').isVisible()).toBe(true);
    await page.screenshot({ path: 'screenshots/layout/edit-video-1280.png' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await eventually(() => toastOn(page, 'Video updated successfully').isVisible()).toBe(true);
    await eventually(() => page.getByRole('heading', { name: 'Kelp forest at dawn', level: 1 }).isVisible()).toBe(true);
    const after = (await call(server, 'GET', `/videos/${videoId}`)).body.data;
    expect(after).toMatchObject({ title: 'Kelp forest at dawn', description: 'Filmed from a kayak.' });
    expect(after.thumbnail).not.toBe(before);

    // The other open page changed without a reload: heading, description and tab title.
    await eventually(() => viewer.getByRole('heading', { name: 'Kelp forest at dawn', level: 1 }).isVisible()).toBe(true);
    await eventually(() => viewer.getByText('Filmed from a kayak.').isVisible()).toBe(true);
    await eventually(() => viewer.title()).toBe('Kelp forest at dawn - Vidshare');
  });

  it('the owner edits from My Videos with an image file as the thumbnail', async () => {
    const { page } = phone;
    await page.goto(`${server.url}/my-videos`);
    await eventually(() => card(page, 'Kelp forest at dawn').isVisible()).toBe(true);
    const before = (await call(server, 'GET', `/videos/${videoId}`)).body.data.thumbnail;
    await card(page, 'Kelp forest at dawn').getByRole('button', { name: 'Edit Kelp forest at dawn' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit video' });
    await dialog.getByLabel('Title').fill('Kelp forest, edited');
    await dialog.getByRole('button', { name: 'Upload image' }).click();
    await dialog.getByLabel('Thumbnail image').setInputFiles({ name: 'thumb.png', mimeType: 'image/png', buffer: Buffer.from(await pngBytes(320, 180, '#00897b')) });
    await eventually(() => dialog.getByAltText('New thumbnail preview').isVisible()).toBe(true);
    await page.screenshot({ path: 'screenshots/layout/edit-video-390.png' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await eventually(() => toastOn(page, 'Video updated successfully').isVisible()).toBe(true);
    await eventually(() => card(page, 'Kelp forest, edited').isVisible()).toBe(true);
    expect((await call(server, 'GET', `/videos/${videoId}`)).body.data.thumbnail).not.toBe(before);
    expect(pageErrors).toEqual([]);
  });
});
