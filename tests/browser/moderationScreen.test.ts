// The /moderation screen in Debian's Chromium against the real server and the built PWA: axe-core
// finds no serious or critical violation on the reports queue (its Take down, Resolve, Dismiss and
// Suspend owner buttons, and a reported comment's card) and the log (with its Undo buttons), in the dark and the light theme, at
// 390x844 and 1280x800. The log names people, and a takedown is undone from its line with a reason.
// Each view is written to screenshots/moderation/ to be looked at.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, insertVideo, registerUser, startServer, type TestServer, type TestUser } from '../server/harness.js';
import { axeProblems } from './axe.js';
import { animationsEnded, chromiumMissingReason, APP_SERVER_ENV, ensureBuilt, eventually, launchChromium, signedInPage } from './chromium.js';

const missing = chromiumMissingReason();
if (missing) console.log(`[skip] browser tests skipped: ${missing}`);

const TITLE = 'Compilers explained in ten minutes';

describe.skipIf(missing !== null)('the moderation screen in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let moderator: TestUser;
  let owner: TestUser;
  let viewer: TestUser;

  beforeAll(() => ensureBuilt());
  beforeAll(async () => {
    server = await startServer({ env: APP_SERVER_ENV });
    moderator = await registerUser(server, { fullName: 'Mona Moderator' });
    owner = await registerUser(server, { fullName: 'Grace Hopper' });
    viewer = await registerUser(server, { fullName: 'Vera Viewer' });
    await server.app.db.db.updateTable('users').set({ role: 'moderator' }).where('id', '=', moderator.id).execute();
    const videoId = await insertVideo(server, owner.id, { title: TITLE, duration: 600 });
    expect((await call(server, 'POST', `/reports/video/${videoId}`, { token: viewer.token, json: { reason: 'spam', details: 'Links everywhere' } })).status).toBe(201);
    // A reported comment: its card (Remove comment, Dismiss, Suspend author) is checked with the rest.
    const commentId = (await call(server, 'POST', `/comments/add/${videoId}`, { token: owner.token, json: { content: 'Subscribe for more' } })).body.data._id;
    expect((await call(server, 'POST', `/reports/comment/${commentId}`, { token: viewer.token, json: { reason: 'spam' } })).status).toBe(201);
    const other = await insertVideo(server, owner.id, { title: 'Another one', duration: 60 });
    expect((await call(server, 'POST', `/moderation/videos/${other}/takedown`, { token: moderator.token, json: { reason: 'Spam links' } })).status).toBe(200);
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const passes = [
    { theme: 'dark', viewport: { width: 390, height: 844 } },
    { theme: 'light', viewport: { width: 390, height: 844 } },
    { theme: 'light', viewport: { width: 1280, height: 800 } },
    { theme: 'dark', viewport: { width: 1280, height: 800 } },
  ] as const;

  for (const { theme, viewport } of passes) {
    it(`${theme} theme at ${viewport.width}x${viewport.height}: no serious or critical violation on the queue and the log`, async () => {
      const { context, page } = await signedInPage(browser, server, moderator, { viewport, colorScheme: theme });
      await context.addInitScript((preference) => localStorage.setItem('theme', preference), theme);
      const problems: string[] = [];
      try {
        await page.goto(`${server.url}/moderation`);
        const card = page.getByRole('article', { name: TITLE });
        await eventually(() => card.getByRole('button', { name: 'Suspend owner' }).isVisible()).toBe(true);
        await eventually(() => page.getByRole('article', { name: 'Comment by Grace Hopper' }).getByRole('button', { name: 'Remove comment' }).isVisible()).toBe(true);
        await animationsEnded(page);
        await page.screenshot({ path: `screenshots/moderation/reports-${viewport.width}-${theme}.png`, fullPage: true });
        for (const problem of await axeProblems(page)) problems.push(`reports: ${problem}`);

        await page.getByRole('tab', { name: 'Log' }).click();
        await eventually(() => page.getByRole('list', { name: 'Moderation log' }).isVisible()).toBe(true);
        await animationsEnded(page);
        await page.screenshot({ path: `screenshots/moderation/log-${viewport.width}-${theme}.png`, fullPage: true });
        for (const problem of await axeProblems(page)) problems.push(`log: ${problem}`);
      } finally {
        await context.close();
      }
      expect(problems).toEqual([]);
    }, 60_000);
  }

  it('the log names the people; a takedown is undone from its line with a reason, and the line says Undone', async () => {
    const { context, page } = await signedInPage(browser, server, moderator, { viewport: { width: 390, height: 844 } });
    try {
      await page.goto(`${server.url}/moderation?tab=log`);
      const log = page.getByRole('list', { name: 'Moderation log' });
      const takedownLine = log.getByRole('listitem').filter({ hasText: 'took down a video by' });
      await eventually(() => takedownLine.textContent()).toContain(`@${moderator.username} took down a video by @${owner.username}`);
      await takedownLine.getByRole('button', { name: /^Undo/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Undo this action?' });
      await eventually(() => dialog.isVisible()).toBe(true);
      const confirm = dialog.getByRole('button', { name: 'Undo', exact: true });
      expect(await confirm.isDisabled()).toBe(true);
      await dialog.getByRole('textbox', { name: /Reason for undoing/ }).fill('A tutorial about spam, not spam');
      await page.screenshot({ path: 'screenshots/moderation/undo-dialog-390.png' });
      await confirm.click();
      await eventually(() => page.locator('#notistack-snackbar', { hasText: 'Action undone' }).isVisible()).toBe(true);
      await eventually(() => takedownLine.textContent()).toContain('Undone');
      expect(await takedownLine.getByRole('button', { name: /^Undo/ }).count()).toBe(0);
      const restoredLine = log.getByRole('listitem').filter({ hasText: 'restored a video by' });
      await eventually(() => restoredLine.textContent()).toContain('A tutorial about spam, not spam');
      await page.screenshot({ path: 'screenshots/moderation/log-undone-390.png', fullPage: true });
    } finally {
      await context.close();
    }
  }, 60_000);
});
