// The phone at 390x844 in Chromium against the real server and the built PWA: captions sit above
// the control bar, readable, in the size the viewer picks; the offline toast keeps clear of the
// watch page's actions and of the bottom navigation; the search dialog's popular searches are the
// catalogue's (none: no block), on the theme's own background in the dark.
import { readFile } from 'node:fs/promises';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, insertVideo, registerUser, startServer, type TestServer, type TestUser } from '../server/harness.js';
import { makeClip, uploadVideo } from '../server/mediaFixtures.js';
import { chromiumMissingReason, APP_SERVER_ENV, ensureBuilt, eventually, launchChromium, signedInPage } from './chromium.js';

const missing = chromiumMissingReason();
if (missing) console.log(`[skip] browser tests skipped: ${missing}`);

const PHONE = { width: 390, height: 844 };
/** The dark theme's page background (src/app/theme.ts), as computed styles write it. */
const DARK_BACKGROUND = 'rgb(15, 15, 15)';

type Box = { x: number; y: number; width: number; height: number };
const intersects = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The box once it has stopped moving (a toast slides in; a caption moves with the control bar). */
/**
 * The box once the toast has come to rest: no transition or animation runs on it or on an
 * ancestor (notistack slides its wrapper in), then two readings agree. Two equal readings alone
 * are not enough on a loaded machine, where no frame may run between them before the slide starts.
 */
async function settledBox(locator: Locator): Promise<Box> {
  await eventually(() =>
    locator.evaluate((element) =>
      document.getAnimations().some((animation) => {
        const target = (animation.effect as KeyframeEffect | null)?.target;
        return target instanceof Node && target.contains(element) && animation.playState !== 'finished';
      }),
    ),
  ).toBe(false);
  let box = (await locator.boundingBox())!;
  await eventually(async () => {
    const previous = box;
    box = (await locator.boundingBox())!;
    return Math.abs(previous.x - box.x) + Math.abs(previous.y - box.y) + Math.abs(previous.height - box.height);
  }).toBe(0);
  return box;
}

describe.skipIf(missing !== null)('the phone screens at 390x844', () => {
  let server: TestServer;
  let browser: Browser;
  let me: TestUser;

  // The tests run in order: the empty catalogue of the first is the server's fresh one.
  beforeAll(async () => {
    await ensureBuilt();
    // No read cache: the popular searches follow the catalogue from one test to the next.
    server = await startServer({ env: { ...APP_SERVER_ENV, READ_CACHE_TTL_MS: '0' } });
    me = await registerUser(server, { fullName: 'Phone Viewer' });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const openSearch = async (page: Page) => {
    await page.goto(`${server.url}/home`);
    await page.getByRole('button', { name: 'Open search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Search Vidshare' });
    await eventually(() => dialog.isVisible()).toBe(true);
    return dialog;
  };

  it('the search dialog has no popular searches on an empty catalogue, and the dark background of the theme', async () => {
    const { context, page } = await signedInPage(browser, server, me, { viewport: PHONE, colorScheme: 'dark' });
    const dialog = await openSearch(page);
    // The popular searches' answer has come (empty): the block is not there.
    await eventually(() => page.evaluate(() => performance.getEntriesByType('resource').some((entry) => entry.name.includes('/api/v1/search/popular')))).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(await dialog.getByRole('heading', { name: 'Popular searches' }).count()).toBe(0);
    expect(await dialog.getByRole('button', { name: /^(React Tutorial|JavaScript Tips|Web Development|Coding Challenges)$/ }).count()).toBe(0);
    // The body under the title bar is the page's dark background, not MUI's lighter raised paper.
    expect(await dialog.evaluate((element) => [getComputedStyle(element).backgroundColor, getComputedStyle(element).backgroundImage])).toEqual([DARK_BACKGROUND, 'none']);
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(DARK_BACKGROUND);
    await context.close();
  });

  it("the search dialog offers the catalogue's popular searches, and one runs", async () => {
    const cooking = await insertVideo(server, me.id, { title: 'Sourdough bread at home' });
    await server.app.db.db.updateTable('videos').set({ views_count: 40 }).where('id', '=', cooking).execute();
    await insertVideo(server, me.id, { title: 'Knitting a winter scarf' });
    const { context, page } = await signedInPage(browser, server, me, { viewport: PHONE, colorScheme: 'dark' });
    const dialog = await openSearch(page);
    const popular = dialog.getByRole('region', { name: 'Popular searches' });
    await eventually(() => popular.getByRole('button').allTextContents()).toEqual(['Sourdough', 'bread', 'Knitting', 'winter']);
    await popular.getByRole('button', { name: 'Sourdough' }).click();
    await page.waitForURL(`${server.url}/search?q=Sourdough`);
    await eventually(() => page.getByRole('heading', { name: 'Videos (1)' }).isVisible()).toBe(true);
    await context.close();
  });

  it('the offline toast sits above the bottom navigation with margins, clear of the watch actions and the offline banner', async () => {
    const videoId = await insertVideo(server, me.id, { title: 'Liked while offline' });
    const { context, page } = await signedInPage(browser, server, me, { viewport: PHONE });
    await page.goto(`${server.url}/watch/${videoId}`);
    const like = page.getByRole('button', { name: /^Like \(/ });
    const share = page.getByRole('button', { name: 'Share' });
    await eventually(() => like.isVisible()).toBe(true);
    // Offline-ready: the service worker serves the app's chunks (the toasts' one among them) from its cache.
    await eventually(() => page.evaluate(() => navigator.serviceWorker.controller !== null), 30_000).toBe(true);
    await context.setOffline(true);
    await like.click();
    const toast = page.locator('.notistack-MuiContent').filter({ hasText: 'You are offline: saved' });
    await eventually(() => toast.isVisible()).toBe(true);
    const box = await settledBox(toast);
    const nav = (await page.getByRole('navigation', { name: 'Bottom navigation' }).boundingBox())!;
    const banner = (await page.getByTestId('offline-banner').boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(8);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width - 8);
    expect(box.y + box.height).toBeLessThanOrEqual(nav.y);
    expect(intersects(box, banner)).toBe(false);
    for (const action of [like, share]) expect(intersects(box, (await action.boundingBox())!)).toBe(false);
    // The actions scrolled up to just under the header: still clear.
    await like.evaluate((element) => {
      const header = document.querySelector('header')!.getBoundingClientRect();
      window.scrollBy(0, element.getBoundingClientRect().top - header.bottom - 8);
    });
    expect((await like.boundingBox())!.y).toBeLessThan(140);
    for (const action of [like, share]) expect(intersects(await settledBox(toast), (await action.boundingBox())!)).toBe(false);
    await context.setOffline(false);
    await context.close();
  });

  it('captions sit above the control bar, white on dark, readable, and take the size the viewer picks', async () => {
    const clip = await makeClip('phone-captions.mp4', { width: 640, height: 360, seconds: 30 });
    const upload = await uploadVideo(server, me.token, { title: 'Captioned on a phone', description: 'CC', video: { bytes: await readFile(clip), type: 'video/mp4', name: 'clip.mp4' } });
    expect(upload.status).toBe(201);
    const videoId: string = upload.body.data._id;
    await expect.poll(async () => (await call(server, 'GET', `/videos/${videoId}`, { token: me.token })).body.data.pendingQualities?.length ?? 1, { timeout: 120_000, interval: 500 }).toBe(0);
    const form = new FormData();
    form.set('file', new Blob(['WEBVTT\n\n00:00:00.000 --> 00:01:00.000\nHello from the <i>captions</i>\n']), 'en.vtt');
    form.set('language', 'en');
    form.set('label', 'English');
    expect((await call(server, 'POST', `/videos/${videoId}/captions`, { token: me.token, form })).status).toBe(201);

    const { context, page } = await signedInPage(browser, server, me, { viewport: PHONE, colorScheme: 'dark' });
    await page.goto(`${server.url}/watch/${videoId}`);
    await page.getByRole('button', { name: 'Captions: Off' }).click();
    await page.getByRole('menuitemradio', { name: /^English/ }).click();
    await page.getByRole('button', { name: 'Play video' }).click();
    const caption = page.getByTestId('player-captions');
    await eventually(() => caption.textContent(), 20_000).toBe('Hello from the captions');
    await page.keyboard.press('k'); // paused: the control bar stays
    const controls = page.getByTestId('player-controls');
    await eventually(() => controls.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
    const style = () =>
      caption.evaluate((element) => {
        const computed = getComputedStyle(element);
        return { fontSize: parseFloat(computed.fontSize), color: computed.color, background: computed.backgroundColor };
      });
    const bar = (await controls.boundingBox())!;
    const box = await settledBox(caption);
    expect(box.y + box.height).toBeLessThanOrEqual(bar.y);
    const player = (await page.locator('main video').boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(player.y);
    const medium = await style();
    expect(medium).toMatchObject({ color: 'rgb(255, 255, 255)', background: 'rgba(0, 0, 0, 0.75)' });
    expect(medium.fontSize).toBeGreaterThanOrEqual(15);

    // The size is picked in the CC menu, kept on this device, and the caption stays above the bar.
    await page.getByRole('button', { name: 'Captions: English' }).click();
    const menu = page.getByRole('menu', { name: 'Captions' });
    expect(await menu.getByRole('menuitemradio', { name: 'Medium' }).getAttribute('aria-checked')).toBe('true');
    await menu.getByRole('menuitemradio', { name: 'Extra large' }).click();
    await eventually(async () => (await style()).fontSize).toBeGreaterThanOrEqual(medium.fontSize * 1.4);
    const large = await settledBox(caption);
    expect(large.y + large.height).toBeLessThanOrEqual((await controls.boundingBox())!.y);
    await page.reload();
    await page.getByRole('button', { name: 'Play video' }).click();
    await eventually(() => caption.textContent(), 20_000).toBe('Hello from the captions');
    expect((await style()).fontSize).toBeGreaterThanOrEqual(medium.fontSize * 1.4);
    // Paused, the control bar stays and the caption sits above it (measured while the bar is surely
    // shown: playing, it may already have faded by the time the caption has settled).
    await page.keyboard.press('k');
    await eventually(() => controls.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
    const raised = await settledBox(caption);
    // Playing untouched, the control bar fades and the caption moves down towards the picture's edge.
    await page.keyboard.press('k');
    await page.mouse.move(5, 800);
    await eventually(() => controls.evaluate((element) => getComputedStyle(element).opacity), 10_000).toBe('0');
    const lowered = await settledBox(caption);
    expect(lowered.y).toBeGreaterThan(raised.y + 20);
    const picture = (await page.locator('main video').boundingBox())!;
    expect(lowered.y + lowered.height).toBeLessThanOrEqual(picture.y + picture.height);
    await context.close();
  });
});
