// Moderation end to end in Debian's Chromium at 390x844, against the real server and the built PWA,
// on a real transcoded video: a viewer reports it (the watch screen's Report menu) and the open
// moderation queue shows it live; the moderator takes it down with a reason; the owner sees the
// reason in their videos; the viewer's page says it was removed and drops the download it had; the
// moderator resolves the report and the reporter is told; the moderator restores it and it plays
// again for the viewer. A viewer without the role gets the friendly 403 screen. Screenshots of
// /moderation at 390x844 and 1280x800.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, startServer, type TestServer, type TestUser } from '../server/harness.js';
import { makeClip, mp4Upload, uploadVideo, waitForVideo } from '../server/mediaFixtures.js';
import { chromiumMissingReason, APP_SERVER_ENV, ensureBuilt, eventually, launchChromium, persistedQueryKeys, signedInPage } from './chromium.js';

const missing = chromiumMissingReason();
if (missing) console.log(`[skip] browser tests skipped: ${missing}`);

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const TITLE = 'Miracle cure in 3 minutes';
const REASON = 'Dangerous medical misinformation';

type Session = { context: BrowserContext; page: Page };

describe.skipIf(missing !== null)('moderation in Chromium: report, take down, notify, restore', () => {
  let server: TestServer;
  let browser: Browser;
  let owner: TestUser;
  let viewer: TestUser;
  let moderator: TestUser;
  let ownerSession: Session;
  let viewerSession: Session;
  let moderatorSession: Session;
  let videoId = '';
  const pageErrors: string[] = [];

  const toastOn = (page: Page, text: string) => page.locator('#notistack-snackbar', { hasText: text });
  const reportCard = (page: Page) => page.getByRole('article', { name: TITLE });
  /** The saved-for-offline record of the video in the viewer's IndexedDB, and its file in Cache Storage. */
  const offlineCopy = (page: Page) =>
    page.evaluate(async (id) => {
      const keys = await (await caches.open('vidshare-downloads')).keys();
      const record = await new Promise<boolean>((resolve) => {
        const open = indexedDB.open('vidshare-downloads');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('videos')) return void (db.close(), resolve(false));
          const get = db.transaction('videos').objectStore('videos').get(id);
          get.onsuccess = () => (db.close(), resolve(get.result !== undefined));
          get.onerror = () => (db.close(), resolve(false));
        };
        open.onerror = () => resolve(false);
      });
      return { record, files: keys.filter((request) => new URL(request.url).pathname.startsWith('/media/video/')).length };
    }, videoId);

  beforeAll(async () => {
    ensureBuilt();
    server = await startServer({ env: APP_SERVER_ENV });
    owner = await registerUser(server, { fullName: 'Oscar Owner' });
    viewer = await registerUser(server, { fullName: 'Vera Viewer' });
    moderator = await registerUser(server, { fullName: 'Mona Moderator' });
    // Roles are given by an admin's command or SQL; the test sets it in the database before signing in.
    await server.app.db.db.updateTable('users').set({ role: 'moderator' }).where('id', '=', moderator.id).execute();
    const clip = await makeClip('moderation.mp4', { width: 854, height: 480, seconds: 3 });
    const upload = await uploadVideo(server, owner.token, await mp4Upload(clip, TITLE));
    expect(upload.status).toBe(201);
    videoId = upload.body.data._id;
    // Ready, with the 480p rung the watch page's Download takes.
    await waitForVideo(server.app.db.db, videoId, (state) => state.status === 'ready' && state.renditions.some((rendition) => rendition.height === 480), 90_000);
    browser = await launchChromium();
    ownerSession = await signedInPage(browser, server, owner, { viewport: PHONE });
    viewerSession = await signedInPage(browser, server, viewer, { viewport: PHONE });
    moderatorSession = await signedInPage(browser, server, moderator, { viewport: PHONE });
    for (const { page } of [ownerSession, viewerSession, moderatorSession]) page.on('pageerror', (error) => pageErrors.push(error.message));
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('a viewer without the role is told kindly that /moderation is not for them, and has no menu entry', async () => {
    const { page } = viewerSession;
    await page.goto(`${server.url}/moderation`);
    await eventually(() => page.getByRole('heading', { name: 'This page is for moderators' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await eventually(() => page.getByRole('menuitem', { name: 'Settings' }).isVisible()).toBe(true);
    expect(await page.getByRole('menuitem', { name: 'Moderation' }).count()).toBe(0);
    await page.keyboard.press('Escape');
  });

  it('the moderator finds Moderation in the avatar menu and on their own profile (the bottom bar\'s You)', async () => {
    const { page } = moderatorSession;
    await page.goto(`${server.url}/home`);
    await page.getByRole('navigation', { name: 'Bottom navigation' }).getByRole('link', { name: 'You' }).click();
    await eventually(() => page.getByRole('link', { name: 'Moderation' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Moderation' }).click();
    await eventually(() => page.getByRole('heading', { name: 'Moderation', level: 1 }).isVisible()).toBe(true);
    await eventually(() => page.getByText('No open reports').isVisible()).toBe(true);
    expect(await page.getByRole('tab').allTextContents()).toEqual(['Reports', 'Takedowns', 'Suspended accounts', 'Log']);
  });

  it('the viewer downloads the video and reports it; the open queue shows it live as one card', async () => {
    const { page } = viewerSession;
    await page.goto(`${server.url}/watch/${videoId}`);
    await eventually(() => page.getByRole('heading', { name: TITLE }).isVisible()).toBe(true);
    await page.getByTestId('download-button').click();
    await eventually(() => page.getByText('Saved for offline').isVisible(), 20_000).toBe(true);
    await eventually(() => offlineCopy(page)).toEqual({ record: true, files: 1 });

    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Report' }).click();
    await page.getByLabel('Misinformation').check();
    await page.getByLabel('Details (optional)').fill('Tells people to stop their medicine');
    await page.getByRole('dialog').getByRole('button', { name: 'Report' }).click();
    await eventually(() => toastOn(page, 'Thanks for reporting').isVisible()).toBe(true);

    // No reload: 'moderation-updated' reaches the moderators' room.
    const mod = moderatorSession.page;
    await eventually(() => reportCard(mod).isVisible()).toBe(true);
    const card = reportCard(mod);
    expect(await card.textContent()).toContain('1 report');
    expect(await card.getByRole('list', { name: 'Reporters' }).textContent()).toContain('Vera Viewer');
    expect(await card.getByRole('list', { name: 'Reporters' }).textContent()).toContain('Tells people to stop their medicine');
    await mod.screenshot({ path: 'screenshots/moderation/reports-390.png', fullPage: true });
  });

  it('the moderator takes it down with a reason; the owner sees the reason in their videos', async () => {
    const mod = moderatorSession.page;
    await reportCard(mod).getByRole('button', { name: 'Take down' }).click();
    const dialog = mod.getByRole('dialog', { name: 'Take down video' });
    const confirm = dialog.getByRole('button', { name: 'Take down' });
    expect(await confirm.isDisabled()).toBe(true); // a reason is required
    await dialog.getByLabel('Reason').fill(REASON);
    await confirm.click();
    await eventually(() => toastOn(mod, 'Video taken down').isVisible()).toBe(true);
    await eventually(() => reportCard(mod).getByTestId('report-taken-down').textContent()).toContain(REASON);
    expect(await reportCard(mod).getByRole('button', { name: 'Restore' }).isVisible()).toBe(true);

    const { page } = ownerSession;
    await page.goto(`${server.url}/my-videos`);
    const ownCard = page.locator('main article').filter({ hasText: TITLE });
    await eventually(() => ownCard.getByTestId('video-taken-down').textContent()).toBe(`Removed by a moderator: ${REASON}`);
    await page.screenshot({ path: 'screenshots/moderation/owner-videos-390.png' });
  });

  it("the viewer's watch page says it was removed, and the download and stored answers are gone", async () => {
    const { page } = viewerSession;
    await page.goto(`${server.url}/watch/${videoId}`);
    await eventually(() => page.getByRole('heading', { name: 'This video was removed by a moderator' }).isVisible()).toBe(true);
    expect(await page.locator('main video').count()).toBe(0);
    await eventually(() => offlineCopy(page)).toEqual({ record: false, files: 0 });
    await eventually(async () => (await persistedQueryKeys(page)).filter((key) => key.includes(videoId))).toEqual([]);
    await page.goto(`${server.url}/downloads`);
    await eventually(() => page.getByRole('heading', { name: 'Downloads' }).first().isVisible()).toBe(true);
    expect(await page.getByText(TITLE).count()).toBe(0);
  });

  it('the moderator resolves the report; the reporter gets the notification', async () => {
    const mod = moderatorSession.page;
    await reportCard(mod).getByRole('button', { name: 'Resolve' }).click();
    const dialog = mod.getByRole('dialog', { name: 'Resolve report' });
    await dialog.getByLabel('Note (optional)').fill('Taken down');
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    await eventually(() => toastOn(mod, 'Report resolved').isVisible()).toBe(true);
    await eventually(() => reportCard(mod).count()).toBe(0);
    await mod.getByRole('button', { name: 'Resolved' }).click();
    await eventually(() => reportCard(mod).isVisible()).toBe(true);

    const { page } = viewerSession;
    await page.goto(`${server.url}/notifications`);
    const notifications = page.getByRole('list', { name: 'Notifications' });
    // The video is taken down by now: the reporter learns the outcome, not its title any more.
    await eventually(() => notifications.textContent()).toContain('Your report of a video was reviewed and action was taken. This video was removed');
    expect(await notifications.textContent()).not.toContain(TITLE);
    await page.screenshot({ path: 'screenshots/moderation/reporter-notification-390.png' });
  });

  it('the log lists the takedown and the resolution; the moderator restores the video from Takedowns', async () => {
    const mod = moderatorSession.page;
    await mod.getByRole('tab', { name: 'Log' }).click();
    const log = mod.getByRole('list', { name: 'Moderation log' });
    await eventually(() => log.textContent()).toContain('took down a video');
    expect(await log.textContent()).toContain('resolved a report');
    expect(await log.textContent()).toContain(REASON);

    await mod.getByRole('tab', { name: 'Takedowns' }).click();
    const takedown = mod.getByRole('article', { name: TITLE });
    await eventually(() => takedown.textContent()).toContain(REASON);
    await mod.screenshot({ path: 'screenshots/moderation/takedowns-390.png', fullPage: true });
    await takedown.getByRole('button', { name: 'Restore' }).click();
    await eventually(() => toastOn(mod, 'Video restored').isVisible()).toBe(true);
    await eventually(() => mod.getByText('No videos taken down').isVisible()).toBe(true);
  });

  it('the restored video plays again for the viewer', async () => {
    const { page } = viewerSession;
    await page.goto(`${server.url}/watch/${videoId}`);
    await eventually(() => page.getByRole('heading', { name: TITLE }).isVisible()).toBe(true);
    const video = page.locator('main video');
    await eventually(() => video.count()).toBe(1);
    await video.evaluate((element: HTMLVideoElement) => {
      element.muted = true;
      return element.play().catch(() => undefined);
    });
    await eventually(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), 20_000).toBeGreaterThan(0.3);
    expect(await video.evaluate((element: HTMLVideoElement) => element.error)).toBeNull();
    expect(pageErrors).toEqual([]);
  });

  it('screenshots of /moderation at 1280x800', async () => {
    const desktop = await signedInPage(browser, server, moderator, { viewport: DESKTOP });
    desktop.page.on('pageerror', (error) => pageErrors.push(error.message));
    await desktop.page.goto(`${server.url}/moderation?tab=log`);
    await eventually(() => desktop.page.getByRole('list', { name: 'Moderation log' }).isVisible()).toBe(true);
    await desktop.page.screenshot({ path: 'screenshots/moderation/log-1280.png' });
    await desktop.page.goto(`${server.url}/moderation`);
    await desktop.page.getByRole('button', { name: 'Resolved' }).click();
    await eventually(() => reportCard(desktop.page).isVisible()).toBe(true);
    await desktop.page.screenshot({ path: 'screenshots/moderation/reports-1280.png' });
    await desktop.context.close();
    expect(pageErrors).toEqual([]);
  });
});
