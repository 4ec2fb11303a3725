// A daily phone viewer's taps at 390x844 with touch, in Chromium against the real server and the
// built PWA: a tap on the playing video brings the controls and playback goes on, their centre
// button pauses; fullscreen asks for the video's orientation, keeps the captions on the picture and
// lets go on leaving; the action row under the video is one row that scrolls sideways; signed out,
// the bottom bar offers Home, Subscriptions and Sign in. Screenshots go to /tmp.
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerUser, startServer, type TestServer, type TestUser } from '../server/harness.js';
import { makeClip, uploadVideo } from '../server/mediaFixtures.js';
import { chromiumMissingReason, APP_SERVER_ENV, ensureBuilt, eventually, launchChromium, mainVideoState, signedInPage } from './chromium.js';

const missing = chromiumMissingReason();
if (missing) console.log(`[skip] browser tests skipped: ${missing}`);

const PHONE = { width: 390, height: 844 };

describe.skipIf(missing !== null)('taps on a phone at 390x844', () => {
  let server: TestServer;
  let browser: Browser;
  let me: TestUser;
  let videoId = '';

  beforeAll(async () => {
    await ensureBuilt();
    server = await startServer({ env: APP_SERVER_ENV });
    me = await registerUser(server, { fullName: 'Tapping Viewer' });
    const clip = await makeClip('phone-taps.mp4', { width: 640, height: 360, seconds: 30 });
    const upload = await uploadVideo(server, me.token, { title: 'Tapped on a phone', description: 'Taps', video: { bytes: await readFile(clip), type: 'video/mp4', name: 'clip.mp4' } });
    expect(upload.status).toBe(201);
    videoId = upload.body.data._id;
    const form = new FormData();
    form.set('file', new Blob(['WEBVTT\n\n00:00:00.000 --> 00:01:00.000\nHello from the captions\n']), 'en.vtt');
    form.set('language', 'en');
    form.set('label', 'English');
    expect((await call(server, 'POST', `/videos/${videoId}/captions`, { token: me.token, form })).status).toBe(201);
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const controlsOpacity = (page: Page) => page.getByTestId('player-controls').evaluate((element) => getComputedStyle(element).opacity);

  it('a tap shows the controls and the video plays on; the centre button pauses; fullscreen asks for landscape and keeps the captions on the picture', async () => {
    // The whole ladder first: when it completes, the player moves from the upload's own file to HLS
    // and shows its controls as that starts playing, which in the middle of the taps below would
    // turn a tap meant to show them into one that hides them (seen on a loaded machine).
    await expect.poll(async () => (await call(server, 'GET', `/videos/${videoId}`)).body.data, { timeout: 120_000, interval: 500 }).toMatchObject({ status: 'ready', pendingQualities: [] });
    const { context, page } = await signedInPage(browser, server, me, { viewport: PHONE, hasTouch: true, isMobile: true, colorScheme: 'dark' });
    // Records the orientation calls; the lock refuses, as a desktop browser's does.
    await context.addInitScript(() => {
      const calls: string[] = [];
      (window as unknown as { orientationCalls: string[] }).orientationCalls = calls;
      const orientation = screen.orientation as ScreenOrientation & { lock: (value: string) => Promise<void> };
      orientation.lock = (value: string) => {
        calls.push(`lock ${value}`);
        return Promise.reject(new DOMException('Not supported here', 'NotSupportedError'));
      };
      orientation.unlock = () => void calls.push('unlock');
    });
    const orientationCalls = () => page.evaluate(() => (window as unknown as { orientationCalls: string[] }).orientationCalls);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${server.url}/watch/${videoId}`);
    await page.getByRole('button', { name: 'Captions: Off' }).tap();
    await page.getByRole('menuitemradio', { name: /^English/ }).tap();
    await page.getByRole('button', { name: 'Play video' }).tap();
    await eventually(async () => (await mainVideoState(page)).time, 20_000).toBeGreaterThan(0.5);
    // Untouched while it plays, the controls fade.
    await eventually(() => controlsOpacity(page)).toBe('0');

    const video = page.locator('main video');
    const box = (await video.boundingBox())!;
    // In the middle third (no seek side), above the centre button the tap brings.
    const spot = { x: box.x + box.width / 2, y: box.y + box.height / 5 };
    await page.touchscreen.tap(spot.x, spot.y);
    await eventually(() => controlsOpacity(page)).toBe('1');
    const pause = page.getByRole('button', { name: 'Pause video' });
    expect(await pause.isVisible()).toBe(true);
    const before = (await mainVideoState(page)).time;
    await eventually(async () => (await mainVideoState(page)).time).toBeGreaterThan(before + 0.3);
    expect((await mainVideoState(page)).paused).toBe(false);
    await page.screenshot({ path: '/tmp/phone-taps-controls-390.png' });

    // A second tap hides them again, still playing.
    await page.touchscreen.tap(spot.x, spot.y);
    await eventually(() => controlsOpacity(page)).toBe('0');
    expect((await mainVideoState(page)).paused).toBe(false);

    await page.touchscreen.tap(spot.x, spot.y);
    await pause.tap();
    await eventually(async () => (await mainVideoState(page)).paused).toBe(true);
    expect(await page.getByRole('button', { name: 'Play video' }).isVisible()).toBe(true);

    // Fullscreen: the player's box (video and captions) fills the screen, landscape is asked for.
    await page.getByRole('button', { name: 'Fullscreen' }).tap();
    await eventually(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
    expect(await page.evaluate(() => Boolean(document.fullscreenElement?.querySelector('video') && document.fullscreenElement.querySelector('[data-testid="player-captions"]')))).toBe(true);
    await eventually(orientationCalls).toEqual(['lock landscape']);
    // The screen stays portrait here (the lock refused): the caption sits on the letterboxed picture.
    const picture = await video.evaluate((element: HTMLVideoElement) => {
      const frame = element.getBoundingClientRect();
      const height = Math.min(frame.height, (frame.width * element.videoHeight) / element.videoWidth);
      return { top: frame.top + (frame.height - height) / 2, bottom: frame.top + (frame.height + height) / 2 };
    });
    await eventually(async () => {
      const caption = (await page.getByTestId('player-captions').boundingBox())!;
      return caption.y >= picture.top && caption.y + caption.height <= picture.bottom;
    }).toBe(true);
    await page.screenshot({ path: '/tmp/phone-taps-fullscreen-390.png' });
    await page.getByRole('button', { name: 'Exit fullscreen' }).tap();
    await eventually(() => page.evaluate(() => document.fullscreenElement === null)).toBe(true);
    await eventually(orientationCalls).toEqual(['lock landscape', 'unlock']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the action row under the video is one row that scrolls sideways, with no scrollbar drawn', async () => {
    const { context, page } = await signedInPage(browser, server, me, { viewport: PHONE, hasTouch: true, isMobile: true });
    await page.goto(`${server.url}/watch/${videoId}`);
    const share = page.getByRole('button', { name: 'Share' });
    await eventually(() => share.isVisible()).toBe(true);
    // The row is the Share chip's parent.
    const row = share.locator('..');
    expect(await row.getAttribute('data-testid')).toBe('video-actions');
    await page.screenshot({ path: '/tmp/phone-taps-actions-390.png' });
    const shape = await row.evaluate((element) => {
      const chips = [...element.children].map((child) => child.getBoundingClientRect()).filter((rect) => rect.height > 0);
      return {
        scrollHeight: element.scrollHeight,
        rowHeight: Math.max(...chips.map((rect) => rect.height)),
        lines: new Set(chips.map((rect) => Math.round(rect.top + rect.height / 2))).size,
        scrollWidth: element.scrollWidth,
        clientWidth: element.clientWidth,
        scrollbar: getComputedStyle(element).scrollbarWidth,
      };
    });
    expect(shape.scrollHeight).toBe(Math.ceil(shape.rowHeight));
    expect(shape.lines).toBe(1);
    // Wider than the screen: it scrolls, the chips keep their size.
    expect(shape.scrollWidth).toBeGreaterThan(shape.clientWidth);
    expect(shape.scrollbar).toBe('none');
    await row.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
    await eventually(() => row.getByRole('button', { name: 'More actions' }).isVisible()).toBe(true);
    await context.close();
  });

  it('signed out, the bottom bar offers Home, Subscriptions and Sign in', async () => {
    const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await page.goto(`${server.url}/home`);
    const bar = page.getByRole('navigation', { name: 'Bottom navigation' });
    await eventually(() => bar.getByRole('link').allInnerTexts()).toEqual(['Home', 'Subscriptions', 'Sign in']);
    await page.screenshot({ path: '/tmp/phone-taps-signed-out-390.png' });
    await bar.getByRole('link', { name: 'Sign in' }).tap();
    await page.waitForURL(`${server.url}/login`);
    await context.close();
  });
});
