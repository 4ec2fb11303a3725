// App updates in Debian's Chromium against the real server and the built PWA: a new deployment (the
// served sw.js changed) shows 'Update available'; its Reload action activates the new worker and
// reloads into it, and a like queued before (its request got no answer) is still queued afterwards
// and reaches the server once when replayed.
import { appendFileSync } from 'node:fs';
import { cp, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressFile } from '../../build/precompress.js';
import { call, insertVideo, registerUser, startServer, type TestServer } from '../server/harness.js';
import { animationsEnded, chromiumMissing, DIST, ensureBuilt, eventually, launchChromium, signedInPage } from './chromium.js';

const missing = chromiumMissing();
if (missing) console.log(`[skip] browser tests skipped: ${missing}`);


describe.skipIf(missing !== null)('update prompt in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let clientDir = '';
  let videoId = '';
  const pageErrors: string[] = [];

  beforeAll(async () => {
    await ensureBuilt();
    // A copy of the build: the test deploys a "new version" by changing its sw.js.
    clientDir = join(await mkdtemp(join(tmpdir(), 'vidshare-update-')), 'client');
    await cp(DIST, clientDir, { recursive: true });
    server = await startServer({ env: { CLIENT_DIR: clientDir } });
    const owner = await registerUser(server, { fullName: 'Release Channel' });
    const viewer = await registerUser(server, { fullName: 'Loyal Viewer' });
    videoId = await insertVideo(server, owner.id, { title: 'Release notes', duration: 30 });
    browser = await launchChromium();
    ({ page } = await signedInPage(browser, server, viewer));
    page.on('pageerror', (error) => pageErrors.push(error.message));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const likeButton = () => page.getByRole('button', { name: /^Like \(/ });
  const banner = () => page.getByTestId('offline-banner');
  const likesOnServer = async () => (await call(server, 'GET', `/likes/get/video/likes/${videoId}`)).body.data.length as number;
  // The like's request gets no answer (a dropped connection), so the app queues it.
  const dropLikes = (route: Route) => (route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.continue());

  it("shows 'Update available' for a new worker and reloads into it keeping the queue", async () => {
    await page.goto(`${server.url}/watch/${videoId}`);
    await eventually(() => page.getByRole('heading', { name: 'Release notes' }).isVisible()).toBe(true);
    await eventually(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    // On the context: the service worker's own fetches too (it replays the queue on Background Sync).
    await page.context().route('**/api/v1/likes/toggle/**', dropLikes);
    await likeButton().click();
    await eventually(() => likeButton().getAttribute('aria-pressed')).toBe('true');
    await eventually(() => banner().textContent()).toContain('Pending sync (1)');
    expect(await likesOnServer()).toBe(0);

    // The new deployment: same app, changed worker script (and, as a build writes them, its compressed copies).
    appendFileSync(join(clientDir, 'sw.js'), '\n// release 2\n');
    await precompressFile(join(clientDir, 'sw.js'));
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration!.update()));
    const updateToast = page.locator('#notistack-snackbar', { hasText: 'Update available' });
    await eventually(() => updateToast.isVisible(), 20_000).toBe(true);
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration?.waiting !== null))).toBe(true);
    // The toast's slide-in (a CSS transition) has ended before the picture is taken.
    await animationsEnded(page);
    await page.screenshot({ path: 'screenshots/update-available-phone.png' });
    // Survives the reload: whether the controller changed before it.
    await page.evaluate(() => navigator.serviceWorker.addEventListener('controllerchange', () => sessionStorage.setItem('controller-changed', 'yes')));

    const reloaded = page.waitForEvent('load', { timeout: 20_000 });
    await page.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await eventually(() => page.getByRole('heading', { name: 'Release notes' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => sessionStorage.getItem('controller-changed'))).toBe('yes');
    // The waiting worker is now the active one and controls the page; nothing waits any more.
    const worker = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return { waiting: registration?.waiting ?? null, active: registration?.active?.state, controlled: navigator.serviceWorker.controller !== null };
    });
    expect(worker).toEqual({ waiting: null, active: 'activated', controlled: true });
    const served = await page.evaluate(() => fetch('/sw.js', { cache: 'no-store' }).then((response) => response.text()));
    expect(served.trimEnd().endsWith('// release 2')).toBe(true);
    expect(await page.locator('#notistack-snackbar', { hasText: 'Update available' }).count()).toBe(0);

    // The queued like came through the update and is sent once when the connection works.
    await eventually(() => banner().textContent()).toContain('Pending sync (1)');
    expect(await likeButton().getAttribute('aria-pressed')).toBe('true');
    expect(await likesOnServer()).toBe(0);
    await page.context().unroute('**/api/v1/likes/toggle/**', dropLikes);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await eventually(() => banner().count(), 15_000).toBe(0);
    await eventually(likesOnServer).toBe(1);
    // Sent once: no second copy arrives within a second. The wait is the check itself (nothing happens).
    await page.waitForTimeout(1000);
    expect(await likesOnServer()).toBe(1);
    expect(pageErrors).toEqual([]);
  }, 120_000);
});
