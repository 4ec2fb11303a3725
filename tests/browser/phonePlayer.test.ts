// The player on a touch phone (390x844) in Chromium against the real server and the built PWA:
// a double tap on the right or left third seeks 10 s with its ripple (further taps add up) and
// never enters fullscreen, a single tap shows the controls and never plays or pauses (their centre
// button does), a swipe down leaves fullscreen; the watch page's Download
// button shows its progress, then 'Downloaded', and the card's badge shows online and after going
// offline. Screenshots go to screenshots/ (390x844 and 1280x800).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startServer, type TestServer } from '../server/harness.js';
import { clipCacheDir } from '../server/mediaFixtures.js';
import { qualityUrl } from '../../src/features/player/quality.js';
import { chromiumMissingReason, APP_SERVER_ENV, ensureBuilt, eventually, launchChromium, mainVideoState } from './chromium.js';
import { completeLadder } from './ladders.js';
import { PHONE_PLAYER_LADDER } from './playbackClips.js';

const missing = chromiumMissingReason();
if (missing) console.log(`[skip] browser tests skipped: ${missing}`);

const TITLE = PHONE_PLAYER_LADDER.title;
const PHONE = { width: 390, height: 844 };

/**
 * Throttles the page's downloads and its service workers' (their fetches escape the page's
 * throttle); the returned function lifts it by detaching every session, so that later
 * `context.setOffline` is the only network condition left.
 */
async function throttle(context: BrowserContext, page: Page, browser: Browser, downloadThroughput: number): Promise<() => Promise<void>> {
  const conditions = { offline: false, latency: 20, downloadThroughput, uploadThroughput: -1 };
  const pageSession = await context.newCDPSession(page);
  await pageSession.send('Network.emulateNetworkConditions', conditions);
  const session = await browser.newBrowserCDPSession();
  const answers = new Map<string, () => void>();
  session.on('Target.receivedMessageFromTarget', ({ sessionId, message }) => {
    answers.get(`${sessionId} ${(JSON.parse(message) as { id?: number }).id}`)?.();
  });
  const { targetInfos } = await session.send('Target.getTargets');
  for (const target of targetInfos.filter((info) => info.type === 'service_worker')) {
    const { sessionId } = await session.send('Target.attachToTarget', { targetId: target.targetId, flatten: false });
    let id = 0;
    const send = (method: string, params: object) => {
      id += 1;
      const answered = new Promise<void>((resolve) => answers.set(`${sessionId} ${id}`, resolve));
      return session.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) }).then(() => answered);
    };
    await send('Network.enable', {});
    await send('Network.emulateNetworkConditions', conditions);
  }
  return async () => {
    await pageSession.detach();
    await session.detach();
  };
}

describe.skipIf(missing !== null)('the phone player and the Download button in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let videoId = '';
  const pageErrors: string[] = [];

  beforeAll(async () => {
    await ensureBuilt();
    // The whole ladder (the Download button picks among them all), made ahead while the other files
    // ran (playbackClips.ts): this file's server starts on its data dir.
    const ladder = await completeLadder(clipCacheDir(), PHONE_PLAYER_LADDER);
    videoId = ladder.videoId;
    server = await startServer({ env: APP_SERVER_ENV, dataDir: ladder.dataDir });
    expect((await call(server, 'GET', `/videos/${videoId}`)).body.data).toMatchObject({ title: TITLE, status: 'ready', pendingQualities: [] });
    browser = await launchChromium();
    context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true, colorScheme: 'dark' });
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const video = () => page.locator('main video');
  const ripple = () => page.getByTestId('seek-ripple');
  const fullscreen = () => page.evaluate(() => document.fullscreenElement !== null);
  /** Taps `count` times, one after the other, at `fraction` of the player's width, `down` of its height (halfway). */
  const tapPlayer = async (fraction: number, count: number, down = 1 / 2) => {
    const box = (await video().boundingBox())!;
    for (let i = 0; i < count; i += 1) await page.touchscreen.tap(box.x + box.width * fraction, box.y + box.height * down);
  };

  it('double tap seeks 10 s on either side with a ripple, adds up, never enters fullscreen; a single tap shows the controls, their centre button pauses; a swipe down leaves fullscreen', async () => {
    await page.goto(`${server.url}/watch/${videoId}`);
    await eventually(() => page.getByRole('heading', { name: TITLE }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Play video' }).tap();
    await eventually(async () => (await mainVideoState(page)).time, 20_000).toBeGreaterThan(1);
    await video().evaluate((element: HTMLVideoElement) => element.pause());
    await eventually(async () => (await mainVideoState(page)).paused).toBe(true);
    // Every ripple the page shows, in order (each lasts under a second: a poll could miss one).
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { ripples: string[] }).ripples = seen;
      let last = '';
      new MutationObserver(() => {
        const shown = document.querySelector<HTMLElement>('[data-testid="seek-ripple"]');
        const entry = shown ? `${shown.dataset.side} ${shown.textContent}` : '';
        if (entry !== last && entry) seen.push(entry);
        last = entry;
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    const ripples = () => page.evaluate(() => (window as unknown as { ripples: string[] }).ripples);

    const start = (await mainVideoState(page)).time;
    await tapPlayer(5 / 6, 2);
    await eventually(async () => (await mainVideoState(page)).time).toBeCloseTo(start + 10, 0);
    await page.screenshot({ path: 'screenshots/phone-double-tap-390.png' });
    await eventually(ripples).toEqual(['forward 10 seconds']);
    await eventually(() => ripple().count()).toBe(0);

    // Three quick taps: a double tap, then one more that adds 10 s.
    await tapPlayer(5 / 6, 3);
    await eventually(async () => (await mainVideoState(page)).time).toBeCloseTo(start + 30, 0);
    await eventually(ripples).toEqual(['forward 10 seconds', 'forward 10 seconds', 'forward 20 seconds']);
    await eventually(() => ripple().count()).toBe(0);

    await tapPlayer(1 / 6, 2);
    await eventually(async () => (await mainVideoState(page)).time).toBeCloseTo(start + 20, 0);
    await eventually(ripples).toContain('back 10 seconds');
    await eventually(() => ripple().count()).toBe(0);
    // No double tap played, paused or went fullscreen.
    expect(await fullscreen()).toBe(false);
    expect((await mainVideoState(page)).paused).toBe(true);

    // A single tap never plays or pauses (it shows or hides the controls); the centre button does.
    await tapPlayer(5 / 6, 1);
    await eventually(() => page.getByRole('button', { name: 'Play video' }).isVisible()).toBe(true);
    expect((await mainVideoState(page)).paused).toBe(true);
    await page.getByRole('button', { name: 'Play video' }).tap();
    await eventually(async () => (await mainVideoState(page)).paused).toBe(false);
    // Untouched while it plays, the controls and their centre button fade; a tap in the middle
    // (above that button's place) brings them back. Faded is the controls' opacity: the centre button
    // also goes while the video waits for data, and a tap then, with the controls still shown, hides them.
    await eventually(() => page.locator('main [data-testid="player-controls"]').evaluate((element) => getComputedStyle(element).opacity), 20_000).toBe('0');
    expect(await page.getByRole('button', { name: 'Pause video' }).count()).toBe(0);
    await tapPlayer(1 / 2, 1, 1 / 5);
    // Shown by a tap, the controls of a playing video fade again within seconds: wait for Pause in the
    // page itself (a poll over CDP on a loaded machine can miss that window) and tap it at once.
    const pause = page.getByRole('button', { name: 'Pause video' });
    await pause.waitFor({ state: 'visible', timeout: 5_000 });
    expect((await mainVideoState(page)).paused).toBe(false);
    await pause.tap();
    await eventually(async () => (await mainVideoState(page)).paused).toBe(true);

    // Raw touches over CDP, for what page.touchscreen cannot do: a touch held while the page changes, a swipe.
    const cdp = await context.newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, y: number) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });

    // A tap that starts on the Play button and ends after playback took the button away is still a
    // tap on the picture: the controls come (with the centre Pause), and the video plays on.
    const playButton = page.getByRole('button', { name: 'Play video' });
    const button = (await playButton.boundingBox())!;
    const held = { x: button.x + button.width / 2, y: button.y + button.height / 2 };
    await touch('touchStart', held.x, held.y);
    await video().evaluate((element: HTMLVideoElement) => void element.play());
    await eventually(() => playButton.count()).toBe(0);
    await touch('touchEnd', held.x, held.y);
    await eventually(() => page.getByRole('button', { name: 'Pause video' }).count()).toBe(1);
    expect((await mainVideoState(page)).paused).toBe(false);
    await page.getByRole('button', { name: 'Pause video' }).tap();
    await eventually(async () => (await mainVideoState(page)).paused).toBe(true);

    // Fullscreen keeps its button; a swipe down on the full-screen player leaves it.
    expect(await fullscreen()).toBe(false);
    await page.getByRole('button', { name: 'Fullscreen', exact: true }).tap();
    await eventually(fullscreen).toBe(true);
    await touch('touchStart', PHONE.width / 2, 250);
    for (const y of [290, 330, 370, 410]) await touch('touchMove', PHONE.width / 2, y);
    await touch('touchEnd', PHONE.width / 2, 410);
    await eventually(fullscreen).toBe(false);
    await cdp.detach();
    expect(pageErrors).toEqual([]);
  });

  it('at 1280x800 a mouse double click still toggles fullscreen, and a touch double tap seeks with its ripple', async () => {
    const wide = await browser.newContext({ viewport: { width: 1280, height: 800 }, hasTouch: true, colorScheme: 'dark' });
    const desk = await wide.newPage();
    desk.on('pageerror', (error) => pageErrors.push(error.message));
    await desk.goto(`${server.url}/watch/${videoId}`);
    await eventually(() => desk.getByRole('heading', { name: TITLE }).isVisible()).toBe(true);
    await desk.getByRole('button', { name: 'Play video' }).click();
    await eventually(async () => (await mainVideoState(desk)).time, 20_000).toBeGreaterThan(1);
    const player = desk.locator('main video');
    const box = (await player.boundingBox())!;
    // The mouse first (a touch just before would claim the clicks that follow it).
    await desk.mouse.dblclick(box.x + box.width / 2, box.y + box.height / 2);
    await eventually(() => desk.evaluate(() => document.fullscreenElement !== null)).toBe(true);
    await desk.mouse.dblclick(box.x + box.width / 2, box.y + box.height / 2);
    await eventually(() => desk.evaluate(() => document.fullscreenElement === null)).toBe(true);

    // A double click whose first click paused the video lands its second click on the Play button
    // that the pause brought: still fullscreen.
    const cdp = await wide.newCDPSession(desk);
    const center = { x: box.x + box.width / 2, y: box.y + box.height / 2, button: 'left' as const };
    await desk.mouse.click(center.x, center.y);
    await eventually(() => desk.getByRole('button', { name: 'Play video' }).isVisible()).toBe(true);
    await cdp.send('Input.dispatchMouseEvent', { type: 'mousePressed', ...center, clickCount: 2 });
    await cdp.send('Input.dispatchMouseEvent', { type: 'mouseReleased', ...center, clickCount: 2 });
    await eventually(() => desk.evaluate(() => document.fullscreenElement !== null)).toBe(true);
    await desk.evaluate(() => document.exitFullscreen());
    await cdp.detach();

    await player.evaluate((element: HTMLVideoElement) => element.pause());
    await eventually(async () => (await mainVideoState(desk)).paused).toBe(true);
    const before = (await mainVideoState(desk)).time;
    const right = { x: box.x + box.width * 0.85, y: box.y + box.height / 2 };
    await desk.touchscreen.tap(right.x, right.y);
    await desk.touchscreen.tap(right.x, right.y);
    await desk.screenshot({ path: 'screenshots/double-tap-1280.png' });
    await eventually(async () => (await mainVideoState(desk)).time).toBeCloseTo(before + 10, 0);
    expect(await desk.evaluate(() => document.fullscreenElement)).toBeNull();
    await wide.close();
  });

  it('the Download button shows its progress, then Downloaded; the card shows the badge online and offline', async () => {
    await page.goto(`${server.url}/watch/${videoId}`);
    await eventually(() => page.getByRole('heading', { name: TITLE }).isVisible()).toBe(true);
    // The service worker controls the page: it fetches the download (throttled below) and serves the shell offline.
    await eventually(() => page.evaluate(() => navigator.serviceWorker.controller !== null), 20_000).toBe(true);
    const download = page.getByTestId('download-button');
    expect(await download.textContent()).toBe('Download');

    const { filePath } = (await call(server, 'GET', `/videos/${videoId}`)).body.data;
    const mp4 = await fetch(new URL(qualityUrl(filePath, 'q_auto:low'), server.url), { method: 'HEAD' });
    const bytes = Number(mp4.headers.get('content-length'));
    expect(bytes).toBeGreaterThan(0);
    // About 4 s for the rendition: time to see the progress.
    const throughput = Math.max(1, Math.round(bytes / 4));
    const unthrottle = await throttle(context, page, browser, throughput);

    await download.tap();
    await eventually(() => download.textContent()).toMatch(/^([1-9]|[1-9]\d)%$/);
    await eventually(() => download.getAttribute('aria-label')).toMatch(/^Downloading \d+%$/);
    await page.screenshot({ path: 'screenshots/phone-download-progress-390.png' });
    await eventually(() => download.textContent(), 30_000).toBe('Downloaded');
    await page.screenshot({ path: 'screenshots/phone-downloaded-390.png' });
    await unthrottle();

    const card = page.getByRole('article').filter({ hasText: TITLE });
    await page.goto(`${server.url}/home`);
    await eventually(() => card.getByTestId('downloaded-badge').isVisible()).toBe(true);
    await page.screenshot({ path: 'screenshots/phone-downloaded-badge-390.png' });

    await context.setOffline(true);
    await page.reload();
    await eventually(() => page.getByTestId('offline-banner').textContent()).toContain('You are offline');
    await eventually(() => card.getByTestId('downloaded-badge').isVisible()).toBe(true);
    await page.screenshot({ path: 'screenshots/phone-downloaded-badge-offline-390.png' });
    // The saved video still plays offline from the watch page, and its button still says so.
    await card.getByRole('link', { name: TITLE }).click();
    await eventually(() => download.textContent()).toBe('Downloaded');
    await video().evaluate((element: HTMLVideoElement) => {
      element.muted = true;
      return element.play().catch(() => undefined);
    });
    await eventually(async () => (await mainVideoState(page)).time, 15_000).toBeGreaterThan(0.5);
    await context.setOffline(false);
    expect(pageErrors).toEqual([]);
  });
});
