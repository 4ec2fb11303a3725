// Moderation > Users on a 390x844 phone in Debian's Chromium, against the real server and the built
// PWA: an admin finds an account by its email, changes its role, suspends it and lifts the
// suspension, then deletes it after the warning with a reason; the page never scrolls sideways, and
// a moderator has no Users tab. The Jobs tab filters by type and state and lists every failed attempt. The views are written to screenshots/moderation/ to be looked at.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, insertVideo, registerUser, startServer, type TestServer, type TestUser } from '../server/harness.js';
import { animationsEnded, chromiumMissingReason, APP_SERVER_ENV, ensureBuilt, eventually, launchChromium, signedInPage } from './chromium.js';

const missing = chromiumMissingReason();
if (missing) console.log(`[skip] browser tests skipped: ${missing}`);

const PHONE = { width: 390, height: 844 };

/** Whether anything on the page is wider than the phone's screen. */
const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

const toastSays = (page: Page, text: string) => page.locator('#notistack-snackbar', { hasText: text }).isVisible();

describe.skipIf(missing !== null)('the Users tab in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let admin: TestUser;
  let moderator: TestUser;
  let grace: TestUser;

  beforeAll(() => ensureBuilt());
  beforeAll(async () => {
    // Nothing runs the jobs: the Jobs tab's test drives one through the queue's own calls.
    server = await startServer({ env: { ...APP_SERVER_ENV, RUN_JOBS_IN_PROCESS: 'false' } });
    admin = await registerUser(server, { fullName: 'Ada Admin' });
    moderator = await registerUser(server, { fullName: 'Mona Moderator' });
    grace = await registerUser(server, { fullName: 'Grace Hopper', email: `grace.${Date.now()}.with.a.rather.long.address@example.com` });
    await server.app.db.db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin.id).execute();
    await server.app.db.db.updateTable('users').set({ role: 'moderator' }).where('id', '=', moderator.id).execute();
    await insertVideo(server, grace.id, { title: 'Compilers explained' });
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('an admin searches, changes a role, suspends and lifts, and deletes with a reason after the warning', async () => {
    const { context, page } = await signedInPage(browser, server, admin, { viewport: PHONE });
    try {
      await page.goto(`${server.url}/moderation?tab=users`);
      await eventually(() => page.getByRole('article', { name: 'Ada Admin' }).isVisible()).toBe(true);
      // The admin's own card has no actions.
      expect(await page.getByRole('article', { name: 'Ada Admin' }).getByRole('button').count()).toBe(0);

      await page.getByRole('searchbox', { name: 'Search users' }).fill(grace.email.slice(0, 20).toUpperCase());
      const card = page.getByRole('article', { name: 'Grace Hopper' });
      await eventually(() => page.getByRole('article').count()).toBe(1);
      await eventually(() => card.textContent()).toContain('1 video · 0 comments · 0 subscribers');
      await animationsEnded(page);
      expect(await scrollsSideways(page)).toBe(false);
      await page.screenshot({ path: 'screenshots/moderation/users-390.png', fullPage: true });

      await card.getByRole('combobox', { name: 'Role' }).click();
      await page.getByRole('option', { name: 'Moderator' }).click();
      await eventually(() => toastSays(page, `@${grace.username} is now moderator`)).toBe(true);
      expect((await server.app.repos.users.findById(grace.id))?.role).toBe('moderator');

      await card.getByRole('button', { name: 'Suspend' }).click();
      const suspendDialog = page.getByRole('dialog', { name: `Suspend @${grace.username}?` });
      await suspendDialog.getByRole('textbox', { name: /Reason/ }).fill('Spam links');
      await suspendDialog.getByRole('button', { name: 'Suspend' }).click();
      await eventually(() => card.textContent()).toContain('Reason: Spam links');
      await card.getByRole('button', { name: 'Lift suspension' }).click();
      await eventually(() => card.getByRole('button', { name: 'Suspend' }).isVisible()).toBe(true);

      await card.getByRole('button', { name: 'Delete' }).click();
      const deleteDialog = page.getByRole('dialog', { name: `Delete @${grace.username}?` });
      await eventually(() => deleteDialog.textContent()).toContain('1 video, 0 comments');
      expect(await deleteDialog.textContent()).toContain('It cannot be undone');
      const confirm = deleteDialog.getByRole('button', { name: 'Delete account' });
      expect(await confirm.isDisabled()).toBe(true);
      await deleteDialog.getByRole('textbox', { name: /Reason/ }).fill('Spam account');
      expect(await scrollsSideways(page)).toBe(false);
      await page.screenshot({ path: 'screenshots/moderation/users-delete-390.png' });
      await confirm.click();
      await eventually(() => toastSays(page, `@${grace.username} deleted`)).toBe(true);
      await eventually(() => page.getByText('No users found').isVisible()).toBe(true);
      expect(await server.app.repos.users.findById(grace.id)).toBeUndefined();
      expect((await call(server, 'GET', '/users/me', { token: grace.token })).status).toBe(401);
    } finally {
      await context.close();
    }
  }, 90_000);

  it('the Jobs tab filters by type and shows every failed attempt of a job', async () => {
    const store = server.app.repos.jobs;
    const id = await store.insert({ type: 'package-hls', payload: { videoId: 'v-jobs' }, maxAttempts: 2 });
    expect((await store.claimNext(['package-hls']))?.id).toBe(id);
    await store.markRetry(id, 'ffmpeg exited with code 1 (first try)', new Date(Date.now() - 1000));
    expect((await store.claimNext(['package-hls']))?.id).toBe(id);
    await store.markFailed(id, 'ffmpeg exited with code 1 (second try)');
    await store.insert({ type: 'deliver-push', payload: {}, maxAttempts: 1 });
    const { context, page } = await signedInPage(browser, server, admin, { viewport: PHONE });
    try {
      await page.goto(`${server.url}/moderation?tab=jobs`);
      const errors = page.getByRole('list', { name: 'Errors of package-hls job' });
      await eventually(() => errors.getByRole('listitem').count()).toBe(2);
      expect(await errors.textContent()).toMatch(/Attempt 1.*first try.*Attempt 2.*second try/s);
      await page.getByRole('combobox', { name: 'Type' }).click();
      expect(await page.getByRole('option').allTextContents()).toEqual(['All types', 'deliver-push', 'package-hls']);
      await page.getByRole('option', { name: 'deliver-push' }).click();
      await eventually(() => page.getByText('No failed jobs').isVisible()).toBe(true);
      await page.getByRole('button', { name: 'Queued' }).click();
      await eventually(() => page.getByRole('article', { name: /^deliver-push job/ }).isVisible()).toBe(true);
      expect(await scrollsSideways(page)).toBe(false);
      await page.screenshot({ path: 'screenshots/moderation/jobs-390.png', fullPage: true });
    } finally {
      await context.close();
    }
  }, 60_000);

  it('a moderator has no Users tab', async () => {
    const { context, page } = await signedInPage(browser, server, moderator, { viewport: PHONE });
    try {
      await page.goto(`${server.url}/moderation?tab=users`);
      await eventually(() => page.getByRole('tab', { name: 'Reports' }).isVisible()).toBe(true);
      expect(await page.getByRole('tab', { name: 'Users' }).count()).toBe(0);
      expect(await page.getByRole('tab', { name: 'Reports' }).getAttribute('aria-selected')).toBe('true');
    } finally {
      await context.close();
    }
  }, 60_000);
});
