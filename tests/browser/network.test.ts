// The player on a phone's network, in Chromium against the real server, ladder and built PWA: under
// 1.6 Mbps Auto does not start on the top rung; on a link only the lowest rung fits, playback keeps
// up with the clock; a video with a saved position plays on from it (muted with 'Tap to unmute'
// when the browser wants a tap); the data saver keeps Auto at 360p, says so in the quality menu,
// stops up next and asks for narrower thumbnails. Pass/fail never rests on absolute times.
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startServer, type TestServer, type TestUser } from '../server/harness.js';
import { clipCacheDir } from '../server/mediaFixtures.js';
import { chromiumMissingReason, APP_SERVER_ENV, ensureBuilt, launchChromium, mainVideoState, pollingWith, signedInPage } from './chromium.js';
import { completeLadder } from './ladders.js';
import { NETWORK_LADDER } from './playbackClips.js';

const missing = chromiumMissingReason();
if (missing) console.log(`[skip] browser tests skipped: ${missing}`);

/** The window over which playback must keep up with the clock on a slow link. */
const STEADY_WINDOW_S = 30;
/** The 400 kbps link of the issue, and the share of it a rung may need to be carried (350 kbps). */
const SLOW_LINK_BPS = 400_000;
const CARRIED_SHARE = 0.875;
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true } as const;

/** Rung -> BANDWIDTH (bits per second) from the master playlist. */
function bandwidths(master: string): Map<number, number> {
  return new Map([...master.matchAll(/BANDWIDTH=(\d+)[^\n]*?RESOLUTION=(\d+)x(\d+)/g)].map((m) => [Math.min(Number(m[2]), Number(m[3])), Number(m[1])]));
}

/** The rung of every fragment (or init section) the page asks for, in order. */
function recordFragments(page: Page): number[] {
  const rungs: number[] = [];
  page.on('request', (request) => {
    const match = /\/media\/video\/hls\/[^/]+\/(\d+)\.mp4$/.exec(new URL(request.url()).pathname);
    if (match) rungs.push(Number(match[1]));
  });
  return rungs;
}

async function throttle(context: BrowserContext, page: Page, bitsPerSecond: number): Promise<CDPSession> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: bitsPerSecond / 8,
    uploadThroughput: 750_000 / 8,
    connectionType: 'cellular4g',
  });
  return cdp;
}

// The cases run two at a time (the browser projects' maxConcurrency), each on its own page and link:
// the steady-link case spends its 30 s window waiting on a throttled link (a 140 kbps rung on 400
// kbps), and the others run beside it. They share nothing that one of them changes: the phones are
// signed out (no saved position), the data saver is a setting of the device (its localStorage).
describe.skipIf(missing !== null)('the player on a phone network', () => {
  let server: TestServer;
  let browser: Browser;
  let owner: TestUser;
  let token: string;
  let videoId = '';
  let rungs = new Map<number, number>();
  const contexts: BrowserContext[] = [];
  const phone = async (options: { dataSaver?: 'always' } = {}) => {
    const context = await browser.newContext({ ...PHONE, serviceWorkers: 'block' });
    contexts.push(context);
    if (options.dataSaver) await context.addInitScript((mode) => localStorage.setItem('vidshare.dataSaver', mode), options.dataSaver);
    return { context, page: await context.newPage() };
  };

  beforeAll(async () => {
    await ensureBuilt();
    // The whole ladder, made ahead while the other files ran (playbackClips.ts): this file's server
    // starts on its data dir.
    const ladder = await completeLadder(clipCacheDir(), NETWORK_LADDER);
    ({ owner, videoId } = ladder);
    server = await startServer({ env: APP_SERVER_ENV, dataDir: ladder.dataDir });
    token = (await call(server, 'POST', '/users/login', { json: { email: owner.email, password: owner.password } })).body.data.accessToken;
    browser = await launchChromium();
    const video = (await call(server, 'GET', `/videos/${videoId}`)).body.data;
    expect(video).toMatchObject({ status: 'ready', pendingQualities: [] });
    rungs = bandwidths(await (await fetch(`${server.url}${video.hlsUrl}`)).text());
    expect(rungs.size).toBeGreaterThan(1);
  });

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await server?.close();
  });

  it.concurrent('does not start on the top rung under Slow 4G (1.6 Mbps, 150 ms)', async ({ expect }) => {
    const eventually = pollingWith(expect);
    const { context, page } = await phone();
    const fragments = recordFragments(page);
    await throttle(context, page, 1_600_000);
    await page.goto(`${server.url}/watch/${videoId}`);
    await page.getByRole('button', { name: 'Play video' }).tap();
    await eventually(() => fragments.length, 30_000).toBeGreaterThan(0);
    const top = Math.max(...rungs.keys());
    expect(fragments[0]).toBeLessThan(top);
    // The first rung is one the link carries (its peak within 1.6 Mbps), or the lowest there is.
    const first = rungs.get(fragments[0]!)!;
    expect(first <= 1_600_000 || fragments[0] === Math.min(...rungs.keys())).toBe(true);
    await context.close();
  });

  it.concurrent('keeps up with the clock on a link only the lowest rung fits', async ({ expect }) => {
    const eventually = pollingWith(expect);
    // 400 kbps when the ladder has a rung it can carry (BANDWIDTH <= 350 kbps); on a ladder whose
    // lowest rung needs more, the link is scaled to carry that rung just as 400 kbps carries 350.
    const lowest = Math.min(...rungs.values());
    const link = Math.max(SLOW_LINK_BPS, lowest / CARRIED_SHARE);
    console.log(`steady slow link: ${Math.round(link / 1000)} kbps (lowest rung ${Math.round(lowest / 1000)} kbps)`);
    const { context, page } = await phone();
    await throttle(context, page, link);
    await page.goto(`${server.url}/watch/${videoId}`);
    await page.getByRole('button', { name: 'Play video' }).tap();
    await eventually(async () => (await mainVideoState(page)).time, 60_000).toBeGreaterThan(0.1);
    // From the first frame, a window of wall-clock time measured by the page itself.
    const clock = () => page.evaluate(() => performance.now() / 1000);
    const start = { wall: await clock(), media: (await mainVideoState(page)).time };
    await expect.poll(clock, { timeout: (STEADY_WINDOW_S + 30) * 1000, interval: 1000 }).toBeGreaterThan(start.wall + STEADY_WINDOW_S);
    const advanced = (await mainVideoState(page)).time - start.media;
    const elapsed = (await clock()) - start.wall;
    expect(advanced / elapsed).toBeGreaterThanOrEqual(0.75);
    await context.close();
  });

  it.concurrent('plays a video with a saved position from there: opened by a tap, and after a reload (muted with Tap to unmute if the browser wants a tap)', async ({ expect }) => {
    const eventually = pollingWith(expect);
    expect((await call(server, 'PATCH', `/watch-history/position/${videoId}`, { token, json: { position: 20 } })).status).toBe(200);
    const { context, page } = await signedInPage(browser, server, owner, { viewport: PHONE.viewport, serviceWorkers: 'block' });
    contexts.push(context);
    await page.goto(`${server.url}/home`);
    await page.getByRole('link', { name: 'Phone network clip' }).first().click();
    await page.waitForURL(`${server.url}/watch/${videoId}`);
    const playsOnFrom = async (at: number) => {
      await eventually(async () => (await mainVideoState(page)).time, 30_000).toBeGreaterThan(at + 0.5);
      const state = await mainVideoState(page);
      expect(state.paused).toBe(false);
      expect(state.time).toBeLessThan(at + 15);
    };
    await playsOnFrom(20);
    // Opened by a tap: with sound.
    expect(await page.locator('main video').evaluate((video: HTMLVideoElement) => video.muted)).toBe(false);

    expect((await call(server, 'PATCH', `/watch-history/position/${videoId}`, { token, json: { position: 25 } })).status).toBe(200);
    await page.reload();
    await playsOnFrom(25);
    const muted = await page.locator('main video').evaluate((video: HTMLVideoElement) => video.muted);
    // Muted only when the browser refused sound; then the affordance is there and turns it on.
    expect(await page.getByRole('button', { name: 'Tap to unmute' }).isVisible()).toBe(muted);
    if (muted) {
      await page.getByRole('button', { name: 'Tap to unmute' }).click();
      expect(await page.locator('main video').evaluate((video: HTMLVideoElement) => video.muted)).toBe(false);
      await eventually(() => page.getByRole('button', { name: 'Tap to unmute' }).count()).toBe(0);
    }
    await context.close();
  });

  it.concurrent('keeps Auto at 360p under the data saver, says so in the quality menu with each rung\'s cost, stops up next and asks for narrower thumbnails', async ({ expect }) => {
    const eventually = pollingWith(expect);
    const { page } = await phone({ dataSaver: 'always' });
    const fragments = recordFragments(page);
    await page.goto(`${server.url}/watch/${videoId}`);
    await page.getByRole('button', { name: 'Play video' }).tap();
    await eventually(async () => (await mainVideoState(page)).rung, 30_000).toBeGreaterThan(0);
    // Fast link, a 1170 px wide screen: only the cap keeps it low.
    await eventually(() => fragments.length, 30_000).toBeGreaterThan(3);
    expect(Math.max(...fragments)).toBeLessThanOrEqual(360);
    expect((await mainVideoState(page)).rung).toBeLessThanOrEqual(360);
    // The up-next switch starts off.
    expect(await page.getByRole('switch', { name: 'Autoplay' }).or(page.getByRole('checkbox', { name: 'Autoplay' })).isChecked()).toBe(false);
    await page.getByRole('button', { name: /^Quality: / }).click();
    const menu = page.getByRole('menu', { name: 'Quality' });
    expect(await page.getByTestId('player-menu-note').textContent()).toBe('Data saver on: up to 360p');
    // The setting itself is in the menu too, on (Settings > Videos > Playback shows the same value).
    expect(await menu.getByRole('menuitemcheckbox', { name: 'Data saver' }).getAttribute('aria-checked')).toBe('true');
    await page.screenshot({ path: 'screenshots/quality-menu-data-saver-phone.png' });
    const items = await menu.getByRole('menuitemradio').allTextContents();
    // The menu offers the spec's named qualities (360p and up); the slow-link rungs play under Auto only.
    const menuRungs = [...rungs.keys()].filter((height) => height >= 360);
    expect(menuRungs.length).toBeGreaterThan(0);
    for (const height of menuRungs) expect(items).toContainEqual(expect.stringMatching(new RegExp(`^${height}p · [\\d.]+ (Mbps|kbps)`)));
    await page.keyboard.press('Escape');

    // The feed's thumbnails: no copy wider than 480 px is offered, whatever the pixel ratio (once
    // hydrated: the server renders without knowing the device's setting).
    await page.goto(`${server.url}/home`);
    const card = page.locator('main img[srcset]').first();
    await eventually(async () => ((await card.count()) ? await card.getAttribute('srcset') : '')).toMatch(/w_480\/[^,]* 480w$/);
  });

  it.concurrent('sets the data saver in Settings, on this device', async ({ expect }) => {
    const eventually = pollingWith(expect);
    const { page } = await signedInPage(browser, server, owner, { viewport: PHONE.viewport, serviceWorkers: 'block' });
    contexts.push(page.context());
    await page.goto(`${server.url}/settings?tab=videos`);
    await page.getByRole('combobox', { name: 'Data saver' }).click();
    await page.getByRole('option', { name: 'Always' }).click();
    expect(await page.evaluate(() => localStorage.getItem('vidshare.dataSaver'))).toBe('always');
    await page.reload();
    await eventually(() => page.getByRole('combobox', { name: 'Data saver' }).textContent()).toBe('Always');
  });
});
