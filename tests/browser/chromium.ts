// Debian's Chromium through playwright-core, as every browser test and the screenshot script use it.
import type { Browser, BrowserContext, CDPSession, Page, Worker } from 'playwright-core';
import { expect, type ExpectStatic } from 'vitest';
import { buildApp } from '../../build/buildApp.js';
import { call, type TestServer, type TestUser } from '../server/harness.js';
import { DIST, untilAppBuilt } from './builtApp.js';

export { DIST };

/** A test server's settings for the browser files: the built app (startServer hashes passwords cheaply already). */
export const APP_SERVER_ENV = { CLIENT_DIR: DIST };

export { chromiumMissingReason, launchChromium } from '../../scripts/chromium.js';

/**
 * Builds the client and its server-rendering build (`<DIST>-ssr`, where the server looks) when missing;
 * returns the client's folder. In a run with the browser projects their global setup (builtApp.ts)
 * is building both in the background: this waits for it, then only checks; other callers
 * (ssrText.test.ts run alone) build here.
 */
export async function ensureBuilt(): Promise<string> {
  await untilAppBuilt();
  buildApp(DIST, { missingOnly: true });
  return DIST;
}

/**
 * Waits until every animation on the page is over. A transition cut short by a newer style change
 * rejects its `finished` with an AbortError: it is over too.
 */
export async function animationsEnded(page: Page): Promise<void> {
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
}

/**
 * expect.poll with room for a loaded machine: the browser project's 10 s (vitest.config.ts), or
 * `timeout`. A concurrent test polls on its own `expect` (its poll must know its test).
 */
export const pollingWith =
  (on: ExpectStatic) =>
  <T>(read: () => T | Promise<T>, timeout?: number) =>
    on.poll(read, { timeout });
export const eventually = pollingWith(expect);

/**
 * A browser context already signed in as `user`: logs in through the API, then stores the token
 * and user as the login screen leaves them (only if the page has none, so sign-outs stick).
 */
export async function signedInPage(
  browser: Browser,
  server: TestServer,
  user: TestUser,
  options: { viewport?: { width: number; height: number }; colorScheme?: 'dark' | 'light'; serviceWorkers?: 'allow' | 'block'; hasTouch?: boolean; isMobile?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page; token: string }> {
  const login = await call(server, 'POST', '/users/login', { json: { email: user.email, password: user.password } });
  expect(login.status).toBe(200);
  const { accessToken, loggedInUser } = login.body.data;
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 390, height: 844 },
    colorScheme: options.colorScheme,
    serviceWorkers: options.serviceWorkers,
    hasTouch: options.hasTouch,
    isMobile: options.isMobile,
  });
  await context.addInitScript(
    ([token, stored]) => {
      if (localStorage.getItem('token') === null) {
        localStorage.setItem('token', token);
        localStorage.setItem('user', stored);
      }
    },
    [accessToken, JSON.stringify({ ...loggedInUser, id: loggedInUser._id })] as const,
  );
  return { context, page: await context.newPage(), token: accessToken as string };
}

/**
 * The keys of the RTK Query entries the page has stored in IndexedDB (persist.ts saves within a
 * second of a change). The database is only opened when it exists: opening it first would create
 * it without its store.
 */
export async function persistedQueryKeys(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    if (!(await indexedDB.databases()).some((db) => db.name === 'vidshare-cache')) return [];
    return new Promise<string[]>((resolve) => {
      const open = indexedDB.open('vidshare-cache');
      open.onerror = () => resolve([]);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('queries')) return void (db.close(), resolve([]));
        const keys = db.transaction('queries').objectStore('queries').getAllKeys();
        keys.onsuccess = () => (db.close(), resolve(keys.result.map(String)));
        keys.onerror = () => (db.close(), resolve([]));
      };
    });
  });
}

/** The watch page's player as the viewer has it now. */
export function mainVideoState(page: Page) {
  return page.locator('main video').evaluate((video: HTMLVideoElement) => ({
    time: video.currentTime,
    paused: video.paused,
    src: video.currentSrc,
    rate: video.playbackRate,
    ready: video.readyState,
    /** The rung on screen: the frame's short side. */
    rung: Math.min(video.videoWidth, video.videoHeight),
    /** End of the buffered range being played (later ranges, e.g. from a resume point, do not count). */
    bufferedEnd:
      Array.from({ length: video.buffered.length }, (_, i): [number, number] => [video.buffered.start(i), video.buffered.end(i)]).find(
        ([start, end]) => start <= video.currentTime + 0.5 && video.currentTime <= end,
      )?.[1] ?? video.currentTime,
  }));
}

/** The service worker's registration id, as CDP's ServiceWorker domain names it. */
export async function registrationIdOf(session: CDPSession, origin: string): Promise<string> {
  const found = new Promise<string>((resolve) => {
    session.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const registration = registrations.find((item) => item.scopeURL.startsWith(origin) && !item.isDeleted);
      if (registration) resolve(registration.registrationId);
    });
  });
  await session.send('ServiceWorker.enable');
  return found;
}

/** The registration id read through a CDP session of its own on `page`, closed again. */
export async function appRegistrationId(page: Page, origin: string): Promise<string> {
  const session = await page.context().newCDPSession(page);
  try {
    return await registrationIdOf(session, origin);
  } finally {
    await session.detach();
  }
}

/**
 * A CDP session on the service worker's own target (Playwright offers them for pages only): its
 * Network domain (emulation, requests), Runtime bindings. `on` hears the target's events by method.
 */
export async function workerSession(browser: Browser, workerUrl: string) {
  const root = await browser.newBrowserCDPSession();
  const { targetInfos } = await root.send('Target.getTargets');
  const target = targetInfos.find((info) => info.type === 'service_worker' && info.url === workerUrl);
  if (!target) throw new Error(`no service worker target at ${workerUrl}`);
  const { sessionId } = await root.send('Target.attachToTarget', { targetId: target.targetId, flatten: false });
  let nextId = 0;
  const answers = new Map<number, (message: { result?: unknown; error?: unknown }) => void>();
  const listeners = new Map<string, Array<(params: any) => void>>();
  const bindingCalls: string[] = [];
  root.on('Target.receivedMessageFromTarget', (event) => {
    if (event.sessionId !== sessionId) return;
    const message = JSON.parse(event.message) as { id?: number; method?: string; params?: { payload?: string }; result?: unknown; error?: unknown };
    if (message.id !== undefined) answers.get(message.id)?.(message);
    else if (message.method === 'Runtime.bindingCalled') bindingCalls.push(message.params!.payload!);
    else if (message.method) for (const listener of listeners.get(message.method) ?? []) listener(message.params);
  });
  const send = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve, reject) => {
      const id = ++nextId;
      answers.set(id, (message) => (message.error ? reject(new Error(JSON.stringify(message.error))) : resolve(message.result)));
      void root.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) });
    });
  const on = (method: string, listener: (params: any) => void) => listeners.set(method, [...(listeners.get(method) ?? []), listener]);
  return { send, on, bindingCalls, detach: () => root.detach() };
}

/** The app's service worker as Playwright sees it (to evaluate inside it). */
export async function appWorker(context: BrowserContext, origin: string): Promise<Worker> {
  await eventually(() => context.serviceWorkers().some((worker) => worker.url().startsWith(origin))).toBe(true);
  return context.serviceWorkers().find((worker) => worker.url().startsWith(origin))!;
}
