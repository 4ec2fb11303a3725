// Comment reports and creators' comment notifications in Debian's Chromium at 390x844, against the
// real server and the built PWA: a viewer reports someone's comment from its ⋮ menu with the same
// dialog as a video report (their own comment offers no Report); the moderator finds it in the queue
// as a comment card with its text and removes it; the video's owner reads "commented on" in their
// notifications, one row for the video's comments.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, insertVideo, registerUser, startServer, type TestServer, type TestUser } from '../server/harness.js';
import { chromiumMissingReason, APP_SERVER_ENV, ensureBuilt, eventually, launchChromium, signedInPage } from './chromium.js';

const missing = chromiumMissingReason();
if (missing) console.log(`[skip] browser tests skipped: ${missing}`);

const PHONE = { width: 390, height: 844 };
const TITLE = 'Sourdough from scratch';
const COMMENT = 'Cheap followers at spam.example';

describe.skipIf(missing !== null)('comment reports and comment notifications in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let owner: TestUser;
  let author: TestUser;
  let viewer: TestUser;
  let moderator: TestUser;
  let videoId = '';
  let commentId = '';
  const pageErrors: string[] = [];

  const toastOn = (page: Page, text: string) => page.locator('#notistack-snackbar', { hasText: text });

  beforeAll(() => ensureBuilt());
  beforeAll(async () => {
    server = await startServer({ env: APP_SERVER_ENV });
    owner = await registerUser(server, { fullName: 'Olga Owner' });
    author = await registerUser(server, { fullName: 'Sam Spammer' });
    viewer = await registerUser(server, { fullName: 'Vera Viewer' });
    moderator = await registerUser(server, { fullName: 'Mona Moderator' });
    await server.app.db.db.updateTable('users').set({ role: 'moderator' }).where('id', '=', moderator.id).execute();
    videoId = await insertVideo(server, owner.id, { title: TITLE, duration: 60 });
    const posted = await call(server, 'POST', `/comments/add/${videoId}`, { token: author.token, json: { content: COMMENT } });
    expect(posted.status).toBe(201);
    commentId = posted.body.data._id;
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("reports someone's comment from its menu with the video report's dialog, once; their own comment offers no Report", async () => {
    const { context, page } = await signedInPage(browser, server, viewer, { viewport: PHONE });
    page.on('pageerror', (error) => pageErrors.push(error.message));
    try {
      await page.goto(`${server.url}/watch/${videoId}`);
      await eventually(() => page.getByText(COMMENT).isVisible(), 15_000).toBe(true);
      const menuButton = page.getByRole('button', { name: "More actions for Sam Spammer's comment" });
      await menuButton.click();
      expect(await page.getByRole('menuitem').allTextContents()).toEqual(['Report', 'Block user']);
      await page.getByRole('menuitem', { name: 'Report' }).click();

      const dialog = page.getByRole('dialog', { name: 'Report comment' });
      await eventually(() => dialog.isVisible()).toBe(true);
      const submit = dialog.getByRole('button', { name: 'Report', exact: true });
      expect(await submit.isDisabled()).toBe(true);
      // The same reasons as a video's report.
      expect(await dialog.getByRole('radio').count()).toBe(7);
      await dialog.getByLabel('Spam or misleading links').check();
      await dialog.getByLabel('Details (optional)').fill('The same link under every video');
      await page.screenshot({ path: 'screenshots/moderation/comment-report-dialog-390.png' });
      await submit.click();
      await eventually(() => toastOn(page, 'Thanks for reporting. We will review this comment.').isVisible()).toBe(true);
      await eventually(() => dialog.count()).toBe(0);
      expect((await call(server, 'GET', `/reports/comment/${commentId}/mine`, { token: viewer.token })).body.data).toEqual({ reported: true });

      // A second report is refused with the server's word.
      await menuButton.click();
      await page.getByRole('menuitem', { name: 'Report' }).click();
      await dialog.getByLabel('Hateful or abusive content').check();
      await dialog.getByRole('button', { name: 'Report', exact: true }).click();
      await eventually(() => toastOn(page, 'You have already reported this comment').isVisible()).toBe(true);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
    } finally {
      await context.close();
    }

    const own = await signedInPage(browser, server, author, { viewport: PHONE });
    try {
      await own.page.goto(`${server.url}/watch/${videoId}`);
      await eventually(() => own.page.getByText(COMMENT).isVisible(), 15_000).toBe(true);
      expect(await own.page.getByRole('button', { name: "More actions for Sam Spammer's comment" }).count()).toBe(0);
    } finally {
      await own.context.close();
    }
    expect(pageErrors).toEqual([]);
  }, 90_000);

  it('the moderator sees the comment card in the queue and removes the comment; the owner was told of the comment', async () => {
    const { context, page } = await signedInPage(browser, server, moderator, { viewport: PHONE });
    try {
      await page.goto(`${server.url}/moderation`);
      const card = page.getByRole('article', { name: 'Comment by Sam Spammer' });
      await eventually(() => card.isVisible(), 15_000).toBe(true);
      expect(await card.getByTestId('reported-comment').textContent()).toBe(COMMENT);
      expect(await card.textContent()).toContain(TITLE);
      expect(await card.getByRole('list', { name: 'Reporters' }).textContent()).toContain('The same link under every video');
      await page.screenshot({ path: 'screenshots/moderation/comment-report-card-390.png', fullPage: true });
      await card.getByRole('button', { name: 'Remove comment' }).click();
      const dialog = page.getByRole('dialog', { name: 'Remove comment' });
      await eventually(() => dialog.isVisible()).toBe(true);
      await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
      await eventually(() => toastOn(page, 'Comment removed').isVisible()).toBe(true);
      await eventually(() => card.count()).toBe(0);
      expect((await call(server, 'GET', `/comments/all/${videoId}`)).body.data).toEqual([]);
    } finally {
      await context.close();
    }

    const ownerSession = await signedInPage(browser, server, owner, { viewport: PHONE });
    try {
      // The comment is gone, and its notification with it (the row follows the comment); a new one is told.
      expect((await call(server, 'POST', `/comments/add/${videoId}`, { token: viewer.token, json: { content: 'Lovely crumb' } })).status).toBe(201);
      await ownerSession.page.goto(`${server.url}/notifications`);
      await eventually(() => ownerSession.page.getByText('Vera Viewer commented on "Sourdough from scratch": "Lovely crumb"').first().isVisible(), 15_000).toBe(true);
      // More comments on the same video fold into that row (it arrives live: no reload).
      expect((await call(server, 'POST', `/comments/add/${videoId}`, { token: moderator.token, json: { content: 'Welcome!' } })).status).toBe(201);
      const list = ownerSession.page.getByRole('list', { name: 'Notifications' });
      await eventually(() => list.getByText('Mona Moderator and 1 other commented on "Sourdough from scratch"').first().isVisible(), 15_000).toBe(true);
      expect(await list.getByRole('listitem').count()).toBe(1);
    } finally {
      await ownerSession.context.close();
    }
  }, 90_000);
});
