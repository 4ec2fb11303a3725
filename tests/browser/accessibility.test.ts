// axe-core inside Chromium on every main screen, in the dark and the light theme, at 390x844 and
// 1280x800, signed in and out: no serious or critical violation. The watch page carries comments
// (the viewer's own, another person's with likes, a reply), so their buttons are checked too. Each
// screen is also written to screenshots/layout/ to be looked at.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, insertVideo, registerUser, startServer, type TestServer, type TestUser } from '../server/harness.js';
import { axeProblems } from './axe.js';
import { animationsEnded, chromiumMissingReason, APP_SERVER_ENV, ensureBuilt, eventually, launchChromium, signedInPage } from './chromium.js';

const missing = chromiumMissingReason();
if (missing) console.log(`[skip] browser tests skipped: ${missing}`);

/** The screen has rendered: no lazy-chunk bar, no skeleton status, animations over. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForFunction(() => !document.querySelector('.page-progress') && !document.querySelector('[aria-label="Loading videos"]'));
  await animationsEnded(page);
}

describe.skipIf(missing !== null)('axe-core on every main screen, both themes', () => {
  let server: TestServer;
  let browser: Browser;
  let me: TestUser;
  let other: TestUser;
  let videoId = '';
  let playlistId = '';

  // Its own hook: waiting for the app build (tests/browser/builtApp.ts) is not bound by the 60 s below.
  beforeAll(() => ensureBuilt());
  beforeAll(async () => {
    server = await startServer({ env: APP_SERVER_ENV });
    me = await registerUser(server, { fullName: 'Ada Lovelace-Byron of Ockham' });
    other = await registerUser(server, { fullName: 'Grace Hopper' });
    videoId = await insertVideo(server, other.id, { title: 'Compilers explained in ten minutes', duration: 600 });
    await insertVideo(server, me.id, { title: 'My first analytical engine', duration: 125 });
    await call(server, 'POST', `/subscription/toggle/sub/${other.id}`, { token: me.token });
    await call(server, 'POST', `/subscription/toggle/sub/${me.id}`, { token: other.token });
    const playlist = await call(server, 'POST', '/playlist/create', { token: me.token, json: { name: 'Favourites', description: 'The best ones' } });
    playlistId = playlist.body.data._id;
    await call(server, 'PATCH', `/playlist/add/${videoId}/${playlistId}`, { token: me.token });
    // Comments on the watch page: one liked by two people, a reply, and one of the viewer's own.
    const liked = await call(server, 'POST', `/comments/add/${videoId}`, { token: other.token, json: { content: 'Thanks for watching, questions welcome.' } });
    expect(liked.status).toBe(201);
    const commentId = liked.body.data._id;
    for (const fan of [me, other]) {
      expect((await call(server, 'POST', `/likes/toggle/c/${commentId}?reactionType=like`, { token: fan.token, json: { videoId } })).status).toBe(200);
    }
    expect((await call(server, 'POST', `/comments/add/${videoId}`, { token: me.token, json: { content: 'Which compiler book would you start with?', parentId: commentId } })).status).toBe(201);
    expect((await call(server, 'POST', `/comments/add/${videoId}`, { token: me.token, json: { content: 'Clear and short, thank you.' } })).status).toBe(201);
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const screens = () => [
    ['home', '/home'],
    ['watch', `/watch/${videoId}`],
    ['missing-video', '/watch/not-a-real-id'],
    ['profile', `/profile/${me.username}`],
    ['channel', `/profile/${other.username}`],
    ['search', '/search?q=compilers'],
    ['subscriptions', '/subscriptions'],
    ['notifications', '/notifications'],
    ['upload', '/upload'],
    ['my-videos', '/my-videos'],
    ['liked', '/liked-videos'],
    ['history', '/watch-history'],
    ['downloads', '/downloads'],
    ['settings', '/settings'],
    ['settings-notifications', '/settings?tab=notifications'],
    ['playlist', `/playlist/${playlistId}`],
    ['create-playlist', '/create-playlist'],
  ];

  const passes = [
    { theme: 'dark', viewport: { width: 390, height: 844 } },
    { theme: 'light', viewport: { width: 390, height: 844 } },
    { theme: 'light', viewport: { width: 1280, height: 800 } },
    { theme: 'dark', viewport: { width: 1280, height: 800 } },
  ] as const;

  // The passes run two at a time (the browser projects' maxConcurrency), each in its own context of
  // the one browser: much of a pass is waiting for a screen to go quiet (networkidle), which the
  // other fills with its own work.
  for (const { theme, viewport } of passes) {
    it.concurrent(`${theme} theme at ${viewport.width}x${viewport.height}: no serious or critical violation`, async ({ expect }) => {
      const { context, page } = await signedInPage(browser, server, me, { viewport, colorScheme: theme });
      await context.addInitScript((preference) => localStorage.setItem('theme', preference), theme);
      const problems: string[] = [];
      for (const [name, path] of screens()) {
        await page.goto(`${server.url}${path}`);
        await settled(page);
        await page.screenshot({ path: `screenshots/layout/screen-${name}-${viewport.width}-${theme}.png` });
        for (const problem of await axeProblems(page)) problems.push(`${path}: ${problem}`);
      }
      if (viewport.width < 900) {
        // The phone's full-screen search, with its recent and popular searches.
        await page.goto(`${server.url}/home`);
        await page.getByRole('button', { name: 'Open search' }).click();
        await eventually(() => page.getByRole('region', { name: 'Popular searches' }).isVisible()).toBe(true);
        await settled(page);
        await page.screenshot({ path: `screenshots/layout/screen-search-dialog-${viewport.width}-${theme}.png` });
        for (const problem of await axeProblems(page)) problems.push(`search dialog: ${problem}`);
      }
      // The signed-out screens.
      const guest = await browser.newContext({ viewport, colorScheme: theme });
      await guest.addInitScript((preference) => localStorage.setItem('theme', preference), theme);
      const guestPage = await guest.newPage();
      for (const [name, path] of [['login', '/login'], ['register', '/register'], ['guest-watch', `/watch/${videoId}`]]) {
        await guestPage.goto(`${server.url}${path}`);
        await settled(guestPage);
        await guestPage.screenshot({ path: `screenshots/layout/screen-${name}-${viewport.width}-${theme}.png` });
        for (const problem of await axeProblems(guestPage)) problems.push(`${path} (signed out): ${problem}`);
      }
      await guest.close();
      await context.close();
      expect(problems).toEqual([]);
    }, 180_000);
  }

  it('a missing video says it does not exist', async () => {
    const { context, page } = await signedInPage(browser, server, me);
    await page.goto(`${server.url}/watch/not-a-real-id`);
    await eventually(() => page.getByRole('alert').textContent()).toContain('This video does not exist or was deleted.');
    expect(await page.title()).toBe('Video not found - Vidshare');
    await context.close();
  });
});
