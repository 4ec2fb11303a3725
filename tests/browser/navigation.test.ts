// Navigation and notifications in Debian's Chromium against the real server and the built PWA, at 390x844 and 1280x800:
// the bottom navigation (phones) and the header bell (desktop), the subscriptions feed with its
// channel strip and empty state, a notification arriving live from another session and being read,
// and the document title of every main screen.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, insertVideo, registerUser, startServer, type TestServer, type TestUser } from '../server/harness.js';
import { chromiumMissingReason, APP_SERVER_ENV, ensureBuilt, eventually, launchChromium, signedInPage } from './chromium.js';

const missing = chromiumMissingReason();
if (missing) console.log(`[skip] browser tests skipped: ${missing}`);

/** Screenshots to look at (screenshots/ is git-ignored). */
async function shot(page: Page, name: string): Promise<void> {
  const { width } = page.viewportSize()!;
  await page.screenshot({ path: `screenshots/layout/${name}-${width}.png` });
}

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

describe.skipIf(missing !== null)('bottom navigation, subscriptions, notifications and titles in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let me: TestUser;
  let creator: TestUser;
  let fan: TestUser;
  let phone: { context: BrowserContext; page: Page };
  let desktop: { context: BrowserContext; page: Page };
  let videoId = '';
  const videoTitle = 'Tidepools at low water';
  const pageErrors: string[] = [];

  beforeAll(async () => {
    await ensureBuilt();
    server = await startServer({ env: APP_SERVER_ENV });
    me = await registerUser(server, { fullName: 'Mira Phone' });
    creator = await registerUser(server, { fullName: 'Coral Creator' });
    fan = await registerUser(server, { fullName: 'Felix Fan' });
    videoId = await insertVideo(server, creator.id, { title: videoTitle, duration: 95 });
    browser = await launchChromium();
    phone = await signedInPage(browser, server, me, { viewport: PHONE });
    desktop = await signedInPage(browser, server, me, { viewport: DESKTOP, colorScheme: 'dark' });
    for (const { page } of [phone, desktop]) page.on('pageerror', (error) => pageErrors.push(error.message));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('phones get the bottom navigation; wide screens the side bar and the header bell', async () => {
    const { page } = phone;
    await page.goto(`${server.url}/home`);
    const bottom = page.getByRole('navigation', { name: 'Bottom navigation' });
    await eventually(() => bottom.isVisible()).toBe(true);
    for (const name of ['Home', 'Subscriptions', 'Upload', 'Notifications', 'You']) {
      await eventually(() => bottom.getByRole('link', { name, exact: true }).isVisible()).toBe(true);
    }
    expect(await bottom.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
    // The last card clears the bar: the main column ends above it.
    await eventually(() => page.locator('main article').filter({ hasText: videoTitle }).isVisible()).toBe(true);
    const barTop = (await bottom.boundingBox())!.y;
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const lastCardBottom = await page.evaluate(() => {
      const cards = [...document.querySelectorAll('main article')];
      return cards.at(-1)!.getBoundingClientRect().bottom;
    });
    expect(lastCardBottom).toBeLessThanOrEqual(barTop);
    await shot(page, 'home-bottom');
    await bottom.getByRole('link', { name: 'You' }).click();
    await page.waitForURL(`${server.url}/profile/${me.username}`);

    const wide = desktop.page;
    await wide.goto(`${server.url}/home`);
    await eventually(() => wide.getByRole('link', { name: 'Notifications', exact: true }).first().isVisible()).toBe(true);
    expect(await wide.getByRole('navigation', { name: 'Bottom navigation' }).isVisible()).toBe(false);
    await wide.getByLabel('Open navigation').click();
    await eventually(() => wide.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Subscriptions' }).isVisible()).toBe(true);
    await wide.keyboard.press('Escape');
  });

  it('the subscriptions feed: empty state with channels worth following, then the followed channel and its videos', async () => {
    const { page } = phone;
    await page.getByRole('navigation', { name: 'Bottom navigation' }).getByRole('link', { name: 'Subscriptions' }).click();
    await page.waitForURL(`${server.url}/subscriptions`);
    await eventually(() => page.getByText('You are not following any channels yet').isVisible()).toBe(true);
    const suggested = page.getByRole('navigation', { name: 'Channels worth following' });
    await eventually(() => suggested.getByRole('link', { name: 'Coral Creator' }).isVisible()).toBe(true);
    await suggested.getByRole('link', { name: 'Coral Creator' }).click();
    await page.waitForURL(`${server.url}/profile/${creator.username}`);
    await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
    await eventually(() => page.getByRole('button', { name: 'Unsubscribe' }).isVisible()).toBe(true);

    await page.getByRole('navigation', { name: 'Bottom navigation' }).getByRole('link', { name: 'Subscriptions' }).click();
    const following = page.getByRole('navigation', { name: 'Channels you follow' });
    await eventually(() => following.getByRole('link', { name: 'Coral Creator' }).isVisible()).toBe(true);
    await eventually(() => page.locator('main article').filter({ hasText: videoTitle }).isVisible()).toBe(true);
    expect(await page.title()).toBe('Subscriptions - Vidshare');
    await shot(page, 'subscriptions');

    const wide = desktop.page;
    await wide.goto(`${server.url}/subscriptions`);
    await eventually(() => wide.locator('main article').filter({ hasText: videoTitle }).isVisible()).toBe(true);
    await shot(wide, 'subscriptions');
  });

  it('a notification arrives live from another session and is read', async () => {
    const { page } = phone;
    await page.goto(`${server.url}/notifications`);
    await eventually(() => page.getByText('No notifications yet').isVisible()).toBe(true);
    const wide = desktop.page;
    await wide.goto(`${server.url}/home`);
    await eventually(() => wide.getByRole('link', { name: 'Notifications', exact: true }).isVisible()).toBe(true);

    // Felix, in his own browser, subscribes to me.
    const other = await signedInPage(browser, server, fan, { viewport: DESKTOP });
    await other.page.goto(`${server.url}/profile/${me.username}`);
    await other.page.getByRole('button', { name: 'Subscribe', exact: true }).click();
    await eventually(() => other.page.getByRole('button', { name: 'Unsubscribe' }).isVisible()).toBe(true);
    await other.context.close();

    const row = page.getByRole('listitem').filter({ hasText: 'Felix Fan subscribed to your channel' });
    await eventually(() => row.isVisible()).toBe(true);
    expect(await row.getAttribute('data-read')).toBe('false');
    const bottomBell = page.getByRole('navigation', { name: 'Bottom navigation' }).getByRole('link', { name: 'Notifications, 1 unread' });
    await eventually(() => bottomBell.isVisible()).toBe(true);
    // The other open page (desktop) shows the badge too, without a reload.
    await eventually(() => wide.getByRole('link', { name: 'Notifications, 1 unread' }).isVisible()).toBe(true);

    await shot(page, 'notifications-unread');
    await shot(wide, 'home-badge');
    await row.getByRole('button', { name: /^Mark read/ }).click();
    await eventually(() => row.getAttribute('data-read')).toBe('true');
    await eventually(() => page.getByRole('navigation', { name: 'Bottom navigation' }).getByRole('link', { name: 'Notifications', exact: true }).isVisible()).toBe(true);
    await eventually(() => wide.getByRole('link', { name: 'Notifications', exact: true }).isVisible()).toBe(true);
    const list = await call(server, 'GET', '/notifications', { token: me.token });
    expect(list.body.data.unreadCount).toBe(0);

    // The row links to the thing: Felix's channel.
    await row.getByRole('link').click();
    await page.waitForURL(`${server.url}/profile/${fan.username}`);
  });

  it('every main screen sets its document title', async () => {
    const { page } = desktop;
    const screens: [string, string][] = [
      ['/home', 'Home - Vidshare'],
      [`/watch/${videoId}`, `${videoTitle} - Vidshare`],
      [`/profile/${creator.username}`, `Coral Creator (@${creator.username}) - Vidshare`],
      ['/search?q=tidepools', 'tidepools - Search - Vidshare'],
      ['/subscriptions', 'Subscriptions - Vidshare'],
      ['/notifications', 'Notifications - Vidshare'],
      ['/upload', 'Upload - Vidshare'],
      ['/my-videos', 'My Videos - Vidshare'],
      ['/liked-videos', 'Liked Videos - Vidshare'],
      ['/watch-history', 'Watch History - Vidshare'],
      ['/downloads', 'Downloads - Vidshare'],
      ['/settings', 'Settings - Vidshare'],
      ['/create-playlist', 'Create Playlist - Vidshare'],
      ['/no-such-screen', 'Page not found - Vidshare'],
    ];
    for (const [path, title] of screens) {
      await page.goto(`${server.url}${path}`);
      await eventually(() => page.title()).toBe(title);
    }
    expect(pageErrors).toEqual([]);
  });
});
