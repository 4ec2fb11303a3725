// App updates in Debian's Chromium against the real server and the built PWA: a new deployment (the
// served sw.js changed) shows 'Update available'; its Reload action activates the new worker and
// reloads into it, and a like queued before (its request got no answer) is still queued afterwards
// and reaches the server once when replayed. Reload works while the old worker waits on a dead
// connection: that worker gives its requests up when the page asks for the update.
import { appendFileSync } from 'node:fs';
import { cp, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page, Request, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressFile } from '../../build/precompress.js';
import { call, insertVideo, registerUser, startServer, type TestServer } from '../server/harness.js';
import { animationsEnded, chromiumMissingReason, DIST, ensureBuilt, eventually, launchChromium, signedInPage } from './chromium.js';

const missing = chromiumMissingReason();
if (missing) console.log(`[skip] browser tests skipped: ${missing}`);


describe.skipIf(missing !== null)('update prompt in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let clientDir = '';
  let videoId = '';
  const pageErrors: string[] = [];
  /** What the workers did, as Chromium and the page saw it (seconds.ms), for a failure message. */
  const workerLog: string[] = [];
  const noteWorker = (line: string) => workerLog.push(`${new Date().toISOString().slice(17, 23)} ${line}`);

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
    await recordWorkers(page);
    // Each document notes whether its controlling worker changed while it ran.
    await page.context().addInitScript(() => {
      navigator.serviceWorker?.addEventListener('controllerchange', () => sessionStorage.setItem(`controller-changed-${performance.timeOrigin}`, 'yes'));
    });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /**
   * Notes each worker version's state changes as Chromium reports them (status/running status and
   * how many pages it controls), the workers' own requests (the app's chunks aside) and errors, and
   * the page's loads. Reading one: while a failed Background Sync waits for its retry (the like
   * queued below), Chromium installs one more version on the reload (sw.js answered 304), which
   * skips waiting and is activated about 1 s later; without that sync it does not.
   */
  const recordWorkers = async (watched: Page) => {
    const context = watched.context();
    const workerRequest = (what: string) => (request: Request) => {
      if (request.serviceWorker() && !new URL(request.url()).pathname.startsWith('/assets/')) noteWorker(`${what} ${request.method()} ${request.url()} ${request.failure()?.errorText ?? ''}`);
    };
    context.on('request', workerRequest('asked'));
    context.on('requestfinished', workerRequest('answered'));
    context.on('requestfailed', workerRequest('failed'));
    context.on('console', (message) => message.worker() && message.type() === 'error' && noteWorker(`worker error: ${message.text()}`));
    watched.on('load', () => noteWorker('page loaded'));
    const cdp = await context.newCDPSession(watched);
    const states = new Map<string, string>();
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      for (const version of versions) {
        const state = `${version.status}/${version.runningStatus}, controls ${version.controlledClients?.length ?? 0}`;
        if (states.get(version.versionId) !== state) noteWorker(`version ${version.versionId}: ${state}`);
        states.set(version.versionId, state);
      }
    });
    await cdp.send('ServiceWorker.enable');
  };
  const likeButton = () => page.getByRole('button', { name: /^Like \(/ });
  const banner = () => page.getByTestId('offline-banner');
  /** A new deployment: same app, changed worker script (and, as a build writes them, its compressed copies). */
  const deploy = async (release: string) => {
    appendFileSync(join(clientDir, 'sw.js'), `\n// ${release}\n`);
    await precompressFile(join(clientDir, 'sw.js'));
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration!.update()));
  };
  const updateToast = () => page.locator('#notistack-snackbar', { hasText: 'Update available' });
  const waitingWorker = () => page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration?.waiting?.state ?? null));
  /**
   * The loaded page runs under the newest worker, none waits, and its controller never changed
   * while it ran (a page that saw the takeover reloads itself: it is not the last one).
   */
  const settledOnNewestWorker = () =>
    page
      .evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return (
          document.readyState === 'complete' &&
          registration?.waiting === null &&
          registration.active?.state === 'activated' &&
          navigator.serviceWorker.controller === registration.active &&
          sessionStorage.getItem(`controller-changed-${performance.timeOrigin}`) === null
        );
      })
      .catch(() => false); // the page was reloading
  /** Clicks Reload: the waiting worker takes the page over, then the page reloads under it. */
  const reloadIntoUpdate = async () => {
    const clickedIn = await page.evaluate(() => performance.timeOrigin);
    const reloaded = page.waitForEvent('load', { timeout: 20_000 });
    noteWorker('Reload clicked');
    await page.getByRole('button', { name: 'Reload' }).click();
    await reloaded.catch((error: Error) => {
      throw new Error(`${error.message}\nwhat the workers did:\n${workerLog.slice(-80).join('\n')}`);
    });
    await eventually(settledOnNewestWorker).toBe(true);
    expect(await page.evaluate((origin) => sessionStorage.getItem(`controller-changed-${origin}`), clickedIn)).toBe('yes');
  };
  const servedWorker = () => page.evaluate(() => fetch('/sw.js', { cache: 'no-store' }).then((response) => response.text()));
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

    await deploy('release 2');
    await eventually(() => updateToast().isVisible(), 20_000).toBe(true);
    expect(await waitingWorker()).toBe('installed');
    // The toast's slide-in (a CSS transition) has ended before the picture is taken.
    await animationsEnded(page);
    await page.screenshot({ path: 'screenshots/update-available-phone.png' });

    await reloadIntoUpdate();
    await eventually(() => page.getByRole('heading', { name: 'Release notes' }).isVisible()).toBe(true);
    expect((await servedWorker()).trimEnd().endsWith('// release 2')).toBe(true);
    expect(await updateToast().count()).toBe(0);

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

  it('reloads into the update while the old worker still waits on the network, which it gives up', async () => {
    await eventually(settledOnNewestWorker).toBe(true);
    // An API read the old worker is handling, whose answer never comes (a dead connection): Chromium
    // activates the new worker, and lets the page reload, only once the old one has finished its events.
    let holdRead = (_request: Request) => {};
    const heldRead = new Promise<Request>((resolve) => (holdRead = resolve));
    await page.context().route(
      (url) => url.searchParams.get('held') === '1',
      (route) => holdRead(route.request()),
    );
    void page.evaluate(() => fetch('/api/v1/videos/all-videos?held=1').catch(() => null));
    const held = await heldRead;
    expect(held.serviceWorker()).not.toBeNull();
    const abandoned = page.context().waitForEvent('requestfailed', { predicate: (request) => request === held, timeout: 20_000 });

    await deploy('release 3');
    await eventually(() => updateToast().isVisible(), 20_000).toBe(true);
    await reloadIntoUpdate();
    expect((await abandoned).failure()?.errorText).toBe('net::ERR_ABORTED');
    expect((await servedWorker()).trimEnd().endsWith('// release 3')).toBe(true);
    await eventually(() => page.getByRole('heading', { name: 'Release notes' }).isVisible()).toBe(true);
    expect(await updateToast().count()).toBe(0);
    expect(pageErrors).toEqual([]);
  }, 120_000);
});
