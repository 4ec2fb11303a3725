// On-screen polish in Debian's Chromium against the real server and the built PWA: toasts stay
// small, below the header at 1280x800 (top right) and above the bottom navigation at 390x844; the
// phone search is full screen with its whole placeholder, removable recent searches and the
// catalogue's popular searches; a very long name
// keeps the edit pencil beside it in two lines at most; a visitor's Subscribe, Notifications and
// Share share one row; the profile and settings tabs are never cut and start in line with the content.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, insertVideo, registerUser, startServer, type TestServer, type TestUser } from '../server/harness.js';
import { chromiumMissingReason, APP_SERVER_ENV, ensureBuilt, eventually, launchChromium, signedInPage } from './chromium.js';

const missing = chromiumMissingReason();
if (missing) console.log(`[skip] browser tests skipped: ${missing}`);

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const LONG_NAME = 'Augusta Ada King-Noel, Countess of Lovelace and Baroness Wentworth';

type Box = { x: number; y: number; width: number; height: number };
const intersects = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Boxes of every button and link in the header (menu, logo, search, upload, bell, theme, avatar). */
function headerControls(page: Page): Promise<Box[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('header.MuiAppBar-root :is(button, a)')]
      .map((element) => element.getBoundingClientRect())
      .filter((rect) => rect.width > 0 && rect.height > 0)
      .map(({ x, y, width, height }) => ({ x, y, width, height })),
  );
}

/** Labels of the visible tabs of a tab list that are cut (wider than their box) or outside the window. */
function cutTabs(page: Page, listLabel: string): Promise<string[]> {
  return page.evaluate((label) => {
    const list = document.querySelector(`[role="tablist"][aria-label="${label}"]`) ?? document.querySelector('nav[aria-label="Settings sections"] [role="tablist"]');
    if (!list) return ['no tab list'];
    return [...list.querySelectorAll('[role="tab"]')]
      .filter((tab) => {
        const rect = tab.getBoundingClientRect();
        return tab.scrollWidth > tab.clientWidth + 1 || rect.left < 0 || rect.right > window.innerWidth;
      })
      .map((tab) => tab.textContent ?? '');
  }, listLabel);
}

describe.skipIf(missing !== null)('toasts, the phone search, long names and tabs in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let me: TestUser;
  let channel: TestUser;

  beforeAll(async () => {
    await ensureBuilt();
    server = await startServer({ env: APP_SERVER_ENV });
    me = await registerUser(server, { fullName: LONG_NAME });
    channel = await registerUser(server, { fullName: LONG_NAME });
    await insertVideo(server, channel.id, { title: 'Tidepools at low water', duration: 95 });
    // A new subscriber: one unread notification for me, with the long name in it.
    expect((await call(server, 'POST', `/subscription/toggle/sub/${me.id}`, { token: channel.token })).status).toBe(200);
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  for (const viewport of [PHONE, DESKTOP]) {
    const phone = viewport === PHONE;
    it(`a toast at ${viewport.width}x${viewport.height} is small and clear of the bars: ${phone ? 'bottom centre' : 'top right'}`, async () => {
      const { context, page } = await signedInPage(browser, server, me, { viewport });
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
      await page.goto(`${server.url}/profile/${channel.username}`);
      await page.getByRole('button', { name: 'Share' }).click();
      const toast = page.locator('.notistack-MuiContent').filter({ hasText: 'Link copied to clipboard!' });
      await eventually(() => toast.isVisible()).toBe(true);
      // Wait for the slide-in (from beyond an edge) to finish: the box is inside the viewport
      // and stops moving. Not moving alone is not enough: a busy page can hold the toast still where
      // the slide starts, off screen, where elementFromPoint below finds nothing.
      let box = (await toast.boundingBox())!;
      await eventually(async () => {
        const previous = box;
        box = (await toast.boundingBox())!;
        const moved = Math.abs(previous.x - box.x) + Math.abs(previous.y - box.y);
        return moved === 0 && box.x + box.width <= viewport.width && box.y + box.height <= viewport.height;
      }).toBe(true);
      const header = (await page.locator('header.MuiAppBar-root').boundingBox())!;
      const controls = await headerControls(page);
      expect(controls.length).toBeGreaterThanOrEqual(5);
      for (const control of controls) expect(intersects(box, control)).toBe(false);
      expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
      expect(box.width).toBeLessThanOrEqual(360);
      if (phone) {
        const nav = (await page.getByRole('navigation', { name: 'Bottom navigation' }).boundingBox())!;
        expect(box.y + box.height).toBeLessThanOrEqual(nav.y);
        expect(Math.abs(box.x + box.width / 2 - viewport.width / 2)).toBeLessThan(2); // centred
      } else {
        expect(box.x + box.width).toBeGreaterThan(viewport.width - 24); // right-aligned
        expect(box.x).toBeGreaterThan(viewport.width / 3); // not spanning the width
      }
      // Taps pass through a toast to the page under it.
      const under = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('.notistack-SnackbarContainer') === null, { x: box.x + box.width / 2, y: box.y + box.height / 2 });
      expect(under).toBe(true);
      await context.close();
    });
  }

  it('the phone search is full screen, shows its whole placeholder, keeps removable recent searches and runs the popular searches', async () => {
    const { context, page } = await signedInPage(browser, server, me, { viewport: PHONE });
    await page.goto(`${server.url}/home`);
    await page.getByRole('button', { name: 'Open search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Search Vidshare' });
    await eventually(() => dialog.isVisible()).toBe(true);
    const box = (await dialog.boundingBox())!;
    expect(box).toEqual({ x: 0, y: 0, width: PHONE.width, height: PHONE.height });
    expect(await dialog.getByRole('button', { name: 'Cancel' }).isVisible()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Search', exact: true }).isVisible()).toBe(true);
    const input = dialog.getByLabel('Search query');
    const room = await input.evaluate((element: HTMLInputElement) => {
      const style = getComputedStyle(element);
      const context2d = document.createElement('canvas').getContext('2d')!;
      context2d.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      return { text: context2d.measureText(element.placeholder).width, box: element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) };
    });
    expect(room.text).toBeGreaterThan(0);
    expect(room.text).toBeLessThanOrEqual(room.box);
    expect(await dialog.getByRole('heading', { name: 'Recent searches' }).count()).toBe(0);
    // The catalogue's one video gives the popular searches (server/search/popularSearches.ts).
    await eventually(() => dialog.getByRole('region', { name: 'Popular searches' }).getByRole('button').allTextContents()).toEqual(['Tidepools', 'low', 'water']);

    await input.fill('  tide pools ');
    await input.press('Enter');
    await page.waitForURL(`${server.url}/search?q=tide%20pools`);
    await eventually(() => dialog.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open search' }).click();
    await eventually(() => dialog.getByRole('heading', { name: 'Recent searches' }).isVisible()).toBe(true);
    expect(await input.inputValue()).toBe('');
    await dialog.getByRole('button', { name: 'Tidepools' }).click();
    await page.waitForURL(`${server.url}/search?q=Tidepools`);

    await page.getByRole('button', { name: 'Open search' }).click();
    const recent = dialog.getByRole('button', { name: /^Remove ".*" from recent searches$/ });
    await eventually(() => recent.count()).toBe(2);
    // Newest first; a recent search runs again with a tap.
    expect(await dialog.locator('section').first().getByRole('listitem').allTextContents()).toEqual(['Tidepools', 'tide pools']);
    await dialog.getByRole('button', { name: 'Remove "tide pools" from recent searches' }).click();
    await eventually(() => recent.count()).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem('vidshare.recentSearches'))).toBe('["Tidepools"]');
    await page.reload();
    await page.getByRole('button', { name: 'Open search' }).click();
    await eventually(() => dialog.getByRole('button', { name: 'Remove "Tidepools" from recent searches' }).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await eventually(() => dialog.isVisible()).toBe(false);
    await context.close();
  });

  it('a long name stays within two lines with its pencil beside it; a visitor sees one row of actions; tabs are whole and in line', async () => {
    const { context, page } = await signedInPage(browser, server, me, { viewport: PHONE });
    await page.goto(`${server.url}/profile/${me.username}`);
    const name = page.getByRole('heading', { level: 1, name: LONG_NAME });
    await eventually(() => name.isVisible()).toBe(true);
    const nameBox = (await name.boundingBox())!;
    const lineHeight = await name.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight));
    expect(nameBox.height).toBeLessThanOrEqual(lineHeight * 2 + 1);
    const pencil = (await page.getByRole('button', { name: 'Edit full name' }).boundingBox())!;
    expect(pencil.x).toBeGreaterThanOrEqual(nameBox.x + nameBox.width - 1);
    expect(pencil.x - (nameBox.x + nameBox.width)).toBeLessThan(16);
    expect(pencil.y).toBeLessThan(nameBox.y + lineHeight);
    expect(await cutTabs(page, 'Profile sections')).toEqual([]);
    const firstTab = (await page.getByRole('tab', { name: 'Videos', exact: true }).boundingBox())!;
    const content = (await page.locator('#profile-panel').boundingBox())!;
    expect(Math.abs(firstTab.x - content.x)).toBeLessThanOrEqual(2);

    await page.goto(`${server.url}/profile/${channel.username}`);
    const main = page.getByRole('main');
    await eventually(() => main.getByRole('button', { name: 'Share' }).isVisible()).toBe(true);
    const rows = await Promise.all(['Subscribe', 'Notifications', 'Share'].map(async (label) => (await main.getByRole('button', { name: label, exact: true }).boundingBox())!.y));
    expect(new Set(rows.map(Math.round)).size).toBe(1);

    // A notification's text keeps clear of its 'Mark read' button.
    await page.goto(`${server.url}/notifications`);
    const markRead = page.getByRole('button', { name: /^Mark read: / });
    await eventually(() => markRead.isVisible()).toBe(true);
    const button = (await markRead.boundingBox())!;
    const textRight = await page.locator('[data-read="false"] .MuiTypography-root').first().evaluate((element) => element.getBoundingClientRect().right);
    expect(textRight).toBeLessThanOrEqual(button.x);

    await page.goto(`${server.url}/settings`);
    await eventually(() => page.getByRole('tab', { name: 'Privacy' }).isVisible()).toBe(true);
    expect(await cutTabs(page, 'Settings sections')).toEqual([]);
    const settingsTab = (await page.getByRole('tab', { name: 'Account' }).boundingBox())!;
    const heading = (await page.getByRole('heading', { name: 'Settings', level: 1 }).boundingBox())!;
    expect(Math.abs(settingsTab.x - heading.x)).toBeLessThanOrEqual(2);
    await context.close();
  });
});
