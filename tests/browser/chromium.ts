// Debian's Chromium through playwright-core, as every browser test and the screenshot script use it.
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { expect } from 'vitest';
import { buildApp } from '../../build/buildApp.js';
import { call, type TestServer, type TestUser } from '../server/harness.js';
import { DIST, untilAppBuilt } from './builtApp.js';

export { DIST };

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

/** expect.poll with room for a loaded machine: the browser project's 10 s (vitest.config.ts), or `timeout`. */
export const eventually = <T>(read: () => T | Promise<T>, timeout?: number) => expect.poll(read, { timeout });

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
