// The client foundation in Debian's Chromium against the real server serving the built PWA:
// register with an avatar, log out and in, theme toggle, header search, then offline reload
// showing the shell and the cached home feed, and the queued re-auth check replayed online.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, insertVideo, pngBytes, registerUser, startServer, type TestServer } from '../server/harness.js';
import { chromiumMissingReason, APP_SERVER_ENV, ensureBuilt, launchChromium, persistedQueryKeys } from './chromium.js';

const missing = chromiumMissingReason();
if (missing) console.log(`[skip] browser tests skipped: ${missing}`);

/** Re-auth checks waiting in the offline queue (sw/sw.ts queues the offline /users/me there). */
function queuedReauthChecks(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('vidshare-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('actions')) return resolve(0);
          const all = db.transaction('actions').objectStore('actions').getAll();
          all.onsuccess = () => {
            db.close();
            resolve((all.result as { kind?: string }[]).filter((action) => action.kind === 'reauth').length);
          };
          all.onerror = () => reject(all.error);
        };
      }),
  );
}

describe.skipIf(missing !== null)('client foundation in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const suffix = Date.now().toString(36);
  const person = { fullName: 'Browser Tester', username: `bt_${suffix}`, email: `bt_${suffix}@example.com`, password: 'correct horse battery' };
  const feedTitle = `Cached feed video ${suffix}`;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    // CI builds before `npm test`; a bare checkout builds once here.
    await ensureBuilt();
    server = await startServer({ env: APP_SERVER_ENV });
    const owner = await registerUser(server, { fullName: 'Feed Owner' });
    await insertVideo(server, owner.id, { title: feedTitle, duration: 75 });
    browser = await launchChromium();
    // Chromium reports light when no preference is set, so the OS asks for dark here.
    context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'dark' });
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const toast = (text: string) => page.locator('#notistack-snackbar', { hasText: text });

  it('registers a user with an avatar and lands on the home feed', async () => {
    await page.goto(`${server.url}/register`);
    await expect.poll(() => page.getByText('Profile picture is required').isVisible()).toBe(true);
    await page.getByLabel('Avatar').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: Buffer.from(await pngBytes(96, 96, '#7e57c2')) });
    await expect.poll(() => page.getByAltText('Avatar preview').isVisible()).toBe(true);
    await page.getByLabel('Full name').fill(person.fullName);
    await page.getByLabel('Username').fill(person.username);
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL(`${server.url}/home`);
    await expect.poll(() => toast('Registration successful').isVisible()).toBe(true);
    await expect.poll(() => page.getByText(feedTitle).isVisible()).toBe(true);
    const stored = await page.evaluate(() => [localStorage.getItem('token'), JSON.parse(localStorage.getItem('user') ?? 'null')]);
    expect(stored[0]).toBeTruthy();
    expect(stored[1]).toMatchObject({ username: person.username, email: person.email, fullName: person.fullName });
    expect(stored[1].avatar).toMatch(/\/media\/image\/upload\//);
  });

  it('logs out from the avatar menu and back in, the live connection following who is signed in', async () => {
    const userId = (await server.app.repos.users.findByUsername(person.username))!.id;
    // Sockets in the user's room get their notifications and upload progress.
    const inUserRoom = async () => (await server.app.io.in(`user:${userId}`).fetchSockets()).length;
    await expect.poll(inUserRoom, { timeout: 20_000 }).toBe(1);
    await page.getByLabel('Account menu').click();
    await expect.poll(() => page.getByText('Premium Member').isVisible()).toBe(true);
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL(`${server.url}/login`);
    await expect.poll(() => toast('Logged out successfully').isVisible()).toBe(true);
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([null, null]);
    await expect.poll(inUserRoom).toBe(0);

    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${server.url}/home`);
    await expect.poll(() => toast('Login successful').isVisible()).toBe(true);
    await expect.poll(() => page.getByLabel('Account menu').isVisible()).toBe(true);
    // Without a reload: the socket signed in again.
    await expect.poll(inUserRoom).toBe(1);
  });

  it('toggles the theme and keeps the choice across a reload', async () => {
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    const darkBackground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await page.getByLabel('Switch to light mode').click();
    expect(await page.evaluate(() => [document.documentElement.classList.contains('dark'), localStorage.getItem('theme')])).toEqual([false, 'light']);
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe(darkBackground);
    await page.reload();
    await expect.poll(() => page.getByLabel('Switch to dark mode').isVisible()).toBe(true);
    await page.getByLabel('Switch to dark mode').click();
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
  });

  it('runs a search from the header', async () => {
    const box = page.getByLabel('Search videos, channels and playlists');
    await box.fill('   ');
    await box.press('Enter');
    expect(new URL(page.url()).pathname).toBe('/home');
    await box.fill('  React hooks ');
    await box.press('Enter');
    await page.waitForURL(`${server.url}/search?q=React%20hooks`);
    expect(await box.inputValue()).toBe('');
  });

  it('offline: a reload still shows the shell, the signed-in user and the last home feed', async () => {
    await page.goto(`${server.url}/home`);
    // The service worker is installed and controls the page (clientsClaim on first install).
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 }).toBe(true);
    await page.reload();
    await expect.poll(() => page.getByText(feedTitle).isVisible()).toBe(true);
    // Chromium's own installability check on the manifest, icons and service worker.
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    // Playwright's contexts are incognito, which Chromium reports too; nothing else may be wrong.
    expect(installabilityErrors.filter((error) => error.errorId !== 'in-incognito')).toEqual([]);
    await cdp.detach();
    // The feed is in the IndexedDB copy of the cache (written within a second).
    await expect.poll(async () => (await persistedQueryKeys(page)).some((key) => key.startsWith('getFeed(')), { timeout: 15_000 }).toBe(true);

    await context.setOffline(true);
    await page.reload();
    await expect.poll(() => page.getByLabel('Account menu').isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.getByText(feedTitle).isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.getByRole('link', { name: 'Vidshare home' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
  });

  it('the re-auth check queued offline is replayed online, and a 401 signs out', async () => {
    // Still offline: leave the feed (its own refetch on reconnect would also meet the 401) for a
    // screen without queries, and end the session on the server meanwhile.
    // (The header's unread-count query still refetches on reconnect and may meet the 401 first;
    // the replayed check must then still say the session expired.)
    await page.evaluate(() => {
      history.pushState({}, '', '/create-playlist');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.waitForURL(`${server.url}/create-playlist`);
    await expect.poll(() => page.getByRole('heading', { name: 'Create New Playlist' }).isVisible(), { timeout: 15_000 }).toBe(true);
    // The offline boot's /users/me sits in the offline queue, as a re-auth check.
    expect(await queuedReauthChecks(page)).toBe(1);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const logout = await call(server, 'POST', '/users/logout', { token: token! });
    expect(logout.status).toBe(200);
    await context.setOffline(false);
    await expect.poll(() => toast('Session expired. Please login again.').isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([null, null]);
    // Signed out on a signed-in-only screen: the guard sends the visitor to /login.
    await page.waitForURL(`${server.url}/login`, { timeout: 10_000 });
    expect(await queuedReauthChecks(page)).toBe(0);
  });

  it('threw no uncaught error in the page along the way', () => {
    expect(pageErrors).toEqual([]);
  });
});
