// axe-core inside Chromium on every main screen, in the dark and the light theme, at 390x844 and
// 1280x800, signed in and out: no serious or critical violation. The watch page carries comments
// (the viewer's own, another person's with likes, a reply), so their buttons are checked too. Each
// screen is also written to screenshots/layout/ to be looked at. A pass loads the app once and
// moves between screens inside it, so the app does not boot and axe-core is not evaluated again
// for every screen.
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, type ExpectStatic, it } from 'vitest';
import { call, insertVideo, registerUser, startServer, type TestServer, type TestUser } from '../server/harness.js';
import { axeProblems } from './axe.js';
import { animationsEnded, chromiumMissingReason, APP_SERVER_ENV, ensureBuilt, eventually, launchChromium, signedInPage } from './chromium.js';

const missing = chromiumMissingReason();
if (missing) console.log(`[skip] browser tests skipped: ${missing}`);

/** How long a screen may take to render, and its requests to end (page.goto's own bound). */
const SCREEN_TIMEOUT_MS = 30_000;

/**
 * The page's requests still open, as Playwright sees them: `idle()` resolves once none is. Media
 * streams and the live socket stay open by design and are not waited for.
 */
function openRequests(page: Page) {
  const open = new Set<Request>();
  const waiters: Array<() => void> = [];
  const done = (request: Request) => {
    open.delete(request);
    if (open.size === 0) for (const wake of waiters.splice(0)) wake();
  };
  page.on('request', (request) => {
    if (!['media', 'websocket', 'eventsource'].includes(request.resourceType())) open.add(request);
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  const idle = async () => {
    if (open.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    const ended = new Promise<void>((wake) => waiters.push(wake));
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`requests still open after ${SCREEN_TIMEOUT_MS} ms: ${[...open].map((request) => request.url()).join(', ')}`)), SCREEN_TIMEOUT_MS);
    });
    await Promise.race([ended, late]).finally(() => clearTimeout(timer));
  };
  return { idle };
}

/** What the screen titled `expected` still lacks to be shown in full ('' once it is). */
function stillMissing(expected: string): string {
  if (document.title !== expected) return `title is "${document.title}"`;
  const loading = document.querySelector('.page-progress, .MuiSkeleton-root, [role="status"][aria-label^="Loading"]');
  if (loading) return `still showing ${loading.outerHTML.slice(0, 120)}`;
  const text = /[^\n]*\bLoading\b[^\n]*/.exec(document.body.innerText);
  if (text) return `still showing "${text[0]}"`;
  const picture = [...document.images].find((image) => {
    const box = image.getBoundingClientRect();
    const inView = box.width > 0 && box.height > 0 && box.bottom > 0 && box.right > 0 && box.top < innerHeight && box.left < innerWidth;
    return inView && !image.complete;
  });
  return picture ? `picture ${picture.src} still loading` : '';
}

/**
 * The screen titled `title` has rendered: its title is set (screens showing data set it once the
 * data is here), no lazy-chunk bar, skeleton or 'Loading...' text, the pictures in view are loaded,
 * no request is open, and animations are over. Conditions the app shows, not a quiet network for
 * 500 ms (networkidle) after every screen.
 */
async function settled(expect: ExpectStatic, page: Page, requests: ReturnType<typeof openRequests>, title: string): Promise<void> {
  // The test's own expect: a concurrent test's poll must know its test.
  const shown = () => expect.poll(() => page.evaluate(stillMissing, `${title} - Vidshare`), { timeout: SCREEN_TIMEOUT_MS }).toBe('');
  await shown();
  await requests.idle();
  // What the last requests brought (a picture, a count) is on screen too.
  await shown();
  await animationsEnded(page);
}

/**
 * Goes to `path` inside the app, as its links do (React Router follows popstate): the app and
 * axe-core stay loaded. Signed in, the app renders every screen on the client either way (main.tsx
 * hydrates server-rendered HTML only signed out), so this is the screen a full load shows.
 */
async function navigate(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState({}, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
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

  // Each screen with its document title (without ' - Vidshare'), which tells it has rendered.
  const screens = (): [name: string, path: string, title: string][] => [
    ['home', '/home', 'Home'],
    ['watch', `/watch/${videoId}`, 'Compilers explained in ten minutes'],
    ['missing-video', '/watch/not-a-real-id', 'Video not found'],
    ['profile', `/profile/${me.username}`, `${me.fullName} (@${me.username})`],
    ['channel', `/profile/${other.username}`, `${other.fullName} (@${other.username})`],
    ['search', '/search?q=compilers', 'compilers - Search'],
    ['subscriptions', '/subscriptions', 'Subscriptions'],
    ['notifications', '/notifications', 'Notifications'],
    ['upload', '/upload', 'Upload'],
    ['my-videos', '/my-videos', 'My Videos'],
    ['liked', '/liked-videos', 'Liked Videos'],
    ['history', '/watch-history', 'Watch History'],
    ['downloads', '/downloads', 'Downloads'],
    ['settings', '/settings', 'Settings'],
    ['settings-notifications', '/settings?tab=notifications', 'Notifications - Settings'],
    ['playlist', `/playlist/${playlistId}`, 'Favourites - Playlist'],
    ['create-playlist', '/create-playlist', 'Create Playlist'],
  ];

  const passes = [
    { theme: 'dark', viewport: { width: 390, height: 844 } },
    { theme: 'light', viewport: { width: 390, height: 844 } },
    { theme: 'light', viewport: { width: 1280, height: 800 } },
    { theme: 'dark', viewport: { width: 1280, height: 800 } },
  ] as const;

  // The passes run two at a time (the browser projects' maxConcurrency), each in its own context of
  // the one browser: while one waits for a screen's requests, the other runs axe-core.
  for (const { theme, viewport } of passes) {
    it.concurrent(`${theme} theme at ${viewport.width}x${viewport.height}: no serious or critical violation`, async ({ expect }) => {
      const { context, page } = await signedInPage(browser, server, me, { viewport, colorScheme: theme });
      await context.addInitScript((preference) => localStorage.setItem('theme', preference), theme);
      const requests = openRequests(page);
      const problems: string[] = [];
      // The first screen is a full load (the app's boot), the others are reached inside the app.
      for (const [index, [name, path, title]] of screens().entries()) {
        if (index === 0) await page.goto(`${server.url}${path}`);
        else await navigate(page, path);
        await settled(expect, page, requests, title);
        await page.screenshot({ path: `screenshots/layout/screen-${name}-${viewport.width}-${theme}.png` });
        for (const problem of await axeProblems(page)) problems.push(`${path}: ${problem}`);
      }
      if (viewport.width < 900) {
        // The phone's full-screen search, with its recent and popular searches.
        await navigate(page, '/home');
        await settled(expect, page, requests, 'Home');
        await page.getByRole('button', { name: 'Open search' }).click();
        await expect.poll(() => page.getByRole('region', { name: 'Popular searches' }).isVisible()).toBe(true);
        await settled(expect, page, requests, 'Home');
        await page.screenshot({ path: `screenshots/layout/screen-search-dialog-${viewport.width}-${theme}.png` });
        for (const problem of await axeProblems(page)) problems.push(`search dialog: ${problem}`);
      }
      // The signed-out screens: the watch page loaded in full, as a first visit gets it (server-rendered,
      // hydrated signed out), then the login and register screens inside the app.
      const guest = await browser.newContext({ viewport, colorScheme: theme });
      await guest.addInitScript((preference) => localStorage.setItem('theme', preference), theme);
      const guestPage = await guest.newPage();
      const guestRequests = openRequests(guestPage);
      const guestScreens: [name: string, path: string, title: string][] = [
        ['guest-watch', `/watch/${videoId}`, 'Compilers explained in ten minutes'],
        ['login', '/login', 'Login'],
        ['register', '/register', 'Register'],
      ];
      for (const [name, path, title] of guestScreens) {
        if (name === 'guest-watch') await guestPage.goto(`${server.url}${path}`);
        else await navigate(guestPage, path);
        await settled(expect, guestPage, guestRequests, title);
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
