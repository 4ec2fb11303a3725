// Screenshots of every main screen at phone and desktop sizes, into screenshots/ (git-ignored).
//   npm run seed && npm start (or any running server with the demo data), then:
//   npx tsx scripts/screenshots.ts [--base http://127.0.0.1:3000] [--theme dark|light|both] [--only watch,profile] [--manifest]
// Signed in as the seed's 'ada', whose full name the script first makes very long (the case where
// a name wraps or is cut); the signed-out screens (login, register, a visitor's watch page
// and profile) come from a second, empty context. --manifest also writes the home shots used by
// manifest.webmanifest into public/screenshots/. Uses Debian's Chromium through playwright-core.
import { mkdir } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { launchChromium } from './chromium.js';

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

export const LONG_FULL_NAME = 'Augusta Ada King-Noel, Countess of Lovelace and Baroness Wentworth';

const args = process.argv.slice(2);
const option = (name: string): string | undefined => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const base = option('--base') ?? process.env.BASE_URL ?? 'http://127.0.0.1:3000';
const themes = (option('--theme') ?? 'dark') === 'both' ? (['dark', 'light'] as const) : ([option('--theme') === 'light' ? 'light' : 'dark'] as const);
const only = option('--only')?.split(',');
const forManifest = args.includes('--manifest');
const account = { email: option('--email') ?? 'ada@vidshare.test', password: option('--password') ?? 'vidshare-demo' };

async function api<T = any>(path: string, init: { method?: string; token?: string; json?: unknown } = {}): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${base}/api/v1${path}`, { method: init.method ?? 'GET', headers, body: init.json === undefined ? undefined : JSON.stringify(init.json) });
  return { status: response.status, body: (await response.json().catch(() => null)) as T };
}

/** Signs in, gives the account the long name, and finds a video of its own and another channel to visit. */
async function prepare() {
  const login = await api('/users/login', { method: 'POST', json: account });
  if (login.status !== 200) throw new Error(`login as ${account.email} failed (${login.status}): run npm run seed first, or pass --email/--password`);
  const token: string = login.body.data.accessToken;
  let user = login.body.data.loggedInUser;
  if (user.fullName !== LONG_FULL_NAME) {
    const updated = await api('/users/update-all-details', { method: 'POST', token, json: { fullName: LONG_FULL_NAME } });
    if (updated.status !== 200) throw new Error(`renaming failed (${updated.status}): ${JSON.stringify(updated.body)}`);
    user = { ...user, fullName: LONG_FULL_NAME };
  }
  const feed = await api('/videos/all-videos?page=1&limit=50', { token });
  const videos: { _id: string; owner: { username: string } | string; ownerDetails?: { username: string } }[] = feed.body?.data?.videos ?? [];
  const ownerOf = (video: (typeof videos)[number]) => (typeof video.owner === 'object' ? video.owner.username : video.ownerDetails?.username);
  const own = videos.find((video) => ownerOf(video) === user.username) ?? videos[0];
  const other = videos.find((video) => ownerOf(video) && ownerOf(video) !== user.username);
  const playlists = await api(`/playlist/user/${user.username}/playlists`, { token });
  const playlist = (playlists.body?.data?.playlists ?? [])[0] as { _id: string } | undefined;
  return { token, user, ownVideo: own?._id, visitedChannel: other ? ownerOf(other)! : 'grace', playlistId: playlist?._id };
}

/** Waits until the app has booted past 'Loading...' and lazy screens have rendered. */
async function settle(page: Page): Promise<void> {
  const booted = () => !document.querySelector('[role="status"]')?.textContent?.includes('Loading...') && !document.querySelector('.page-progress');
  await page.waitForFunction(booted, undefined, { timeout: 15_000 }).catch(async () => {
    const status = await page.evaluate(() => [document.querySelector('[role="status"]')?.textContent, Boolean(document.querySelector('.page-progress'))]);
    console.warn(`still loading after 15 s on ${page.url()} (status ${JSON.stringify(status)}): shooting anyway`);
  });
  await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined);
  await page.waitForTimeout(400);
}

type Shot = { name: string; path: string; beforeShot?: (page: Page) => Promise<void>; phoneOnly?: boolean };

async function shoot(browser: Browser, signedIn: { token: string; user: unknown } | null, shots: Shot[], viewport: (typeof VIEWPORTS)[number], theme: 'dark' | 'light') {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1, colorScheme: theme });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
  await context.addInitScript(
    ([preference, session]) => {
      localStorage.setItem('theme', preference);
      if (session && localStorage.getItem('token') === null) {
        const { token, user } = JSON.parse(session) as { token: string; user: { _id: string } };
        localStorage.setItem('token', token);
        localStorage.setItem('user', JSON.stringify({ ...user, id: user._id }));
      }
    },
    [theme, signedIn ? JSON.stringify(signedIn) : null] as const,
  );
  const page = await context.newPage();
  for (const shot of shots) {
    if (only && !only.some((wanted) => shot.name.startsWith(wanted))) continue;
    if (shot.phoneOnly && viewport.name !== 'phone') continue;
    await page.goto(`${base}${shot.path}`);
    await settle(page);
    if (shot.beforeShot) {
      await shot.beforeShot(page);
      await page.waitForTimeout(500);
    }
    const file = `screenshots/${shot.name}-${viewport.width}x${viewport.height}-${theme}.png`;
    await page.screenshot({ path: file });
    console.log('wrote', file);
    if (forManifest && shot.name === 'home' && theme === 'dark') {
      const target = `public/screenshots/home-${viewport.name === 'phone' ? 'narrow' : 'wide'}.png`;
      await mkdir('public/screenshots', { recursive: true });
      await sharp(file).png({ compressionLevel: 9, palette: true }).toFile(target);
      console.log('wrote', target);
    }
  }
  await context.close();
}

async function main(): Promise<void> {
  await mkdir('screenshots', { recursive: true });
  const { token, user, ownVideo, visitedChannel, playlistId } = await prepare();
  const signedInShots: Shot[] = [
    { name: 'home', path: '/home' },
    ...(ownVideo ? [{ name: 'watch-own', path: `/watch/${ownVideo}` }] : []),
    // The player's quality menu open (it lists the rungs the video was transcoded to).
    ...(ownVideo
      ? [
          {
            name: 'watch-quality',
            path: `/watch/${ownVideo}`,
            beforeShot: async (page: Page) => {
              await page.getByRole('button', { name: /^Quality: / }).click();
              await page.getByRole('menu').waitFor();
            },
          },
        ]
      : []),
    { name: 'subscriptions', path: '/subscriptions' },
    { name: 'notifications', path: '/notifications' },
    { name: 'profile-own', path: `/profile/${user.username}` },
    { name: 'profile-own-tabs', path: `/profile/${user.username}?tab=history` },
    { name: 'profile-visitor', path: `/profile/${visitedChannel}` },
    { name: 'settings', path: '/settings' },
    { name: 'settings-notifications', path: '/settings?tab=notifications' },
    { name: 'search', path: '/search?q=test' },
    {
      name: 'search-mobile',
      path: '/home',
      phoneOnly: true,
      beforeShot: async (page) => {
        await page.evaluate(() => localStorage.setItem('vidshare.recentSearches', JSON.stringify(['mandelbrot zoom', 'colour bars explained', 'game of life'])));
        await page.getByRole('button', { name: 'Open search' }).click();
        await page.getByRole('dialog').waitFor(); // a lazy chunk
        await page.waitForFunction(() => getComputedStyle(document.querySelector('.MuiDialog-container')!).opacity === '1');
      },
    },
    { name: 'upload', path: '/upload' },
    { name: 'my-videos', path: '/my-videos' },
    { name: 'playlists', path: `/profile/${user.username}?tab=playlists` },
    ...(playlistId ? [{ name: 'playlist', path: `/playlist/${playlistId}` }] : []),
    { name: 'history', path: '/watch-history' },
    { name: 'liked', path: '/liked-videos' },
    {
      name: 'avatar-menu',
      path: '/home',
      beforeShot: async (page) => {
        await page.getByRole('button', { name: 'Account menu' }).click();
        await page.getByRole('menu').waitFor(); // a lazy chunk
        await page.waitForFunction(() => getComputedStyle(document.querySelector('[role="menu"]')!.closest('.MuiPaper-root')!).opacity === '1');
      },
    },
    // A toast (the copied link) over the header's row: it must sit below it, small, at the right.
    { name: 'toast', path: `/profile/${visitedChannel}`, beforeShot: (page) => page.getByRole('main').getByRole('button', { name: 'Share' }).click() },
    { name: 'not-found-video', path: '/watch/not-a-real-id' },
  ];
  const signedOutShots: Shot[] = [
    { name: 'login', path: '/login' },
    { name: 'register', path: '/register' },
    ...(ownVideo ? [{ name: 'watch-visitor', path: `/watch/${ownVideo}` }] : []),
    { name: 'profile-signed-out', path: `/profile/${user.username}` },
  ];
  const browser = await launchChromium();
  try {
    for (const viewport of VIEWPORTS) {
      for (const theme of themes) {
        await shoot(browser, { token, user }, signedInShots, viewport, theme);
        await shoot(browser, null, signedOutShots, viewport, theme);
      }
    }
  } finally {
    await browser.close();
  }
}

await main();
