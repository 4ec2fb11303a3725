// Watch and upload in Debian's Chromium against the real server and the built PWA: upload a generated video
// (real byte progress, thumbnail captured in the page), wait until it plays, play, seek, switch
// quality keeping the time, like, comment / edit / delete, share, report, a second user's
// subscription and like seen live on the first user's page (the like without refetching the video),
// and the mini player there and back.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, insertVideo, registerUser, startServer, type TestServer, type TestUser } from '../server/harness.js';
import { makeClip } from '../server/mediaFixtures.js';
import { chromiumMissingReason, APP_SERVER_ENV, ensureBuilt, eventually, launchChromium, mainVideoState, signedInPage } from './chromium.js';

const missing = chromiumMissingReason();
if (missing) console.log(`[skip] browser tests skipped: ${missing}`);

describe.skipIf(missing !== null)('watch, upload, comments and mini player in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let owner: TestUser;
  let viewer: TestUser;
  let ownerContext: BrowserContext;
  let page: Page;
  let ownerToken: string;
  let videoId = '';
  let nextId = '';
  const pageErrors: string[] = [];
  const clipName = `sunset-${Date.now().toString(36)}`;

  beforeAll(async () => {
    await ensureBuilt();
    server = await startServer({ env: APP_SERVER_ENV });
    owner = await registerUser(server, { fullName: 'Channel Owner' });
    viewer = await registerUser(server, { fullName: 'Second Viewer' });
    browser = await launchChromium();
    ({ context: ownerContext, page, token: ownerToken } = await signedInPage(browser, server, owner, { viewport: { width: 1280, height: 800 }, colorScheme: 'dark' }));
    await ownerContext.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    page.on('pageerror', (error) => pageErrors.push(error.message));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const toast = (text: string) => page.locator('#notistack-snackbar', { hasText: text });

  it('uploads a generated video with real progress and opens it once it plays', async () => {
    // 854x480 gives two renditions (480p and 360p): a 640x360 source has only one quality to offer.
    const clip = await makeClip(`${clipName}.mp4`, { width: 854, height: 480, seconds: 3 });
    await page.goto(`${server.url}/upload`);
    await eventually(() => page.getByText('MP4, WebM, or MOV up to 100MB').isVisible()).toBe(true);
    expect(await page.getByText('PNG, JPG, or JPEG up to 5MB').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Upload Video' }).isDisabled()).toBe(true);

    await page.getByLabel('Video file').setInputFiles(clip);
    await eventually(() => page.getByLabel('Title').inputValue()).toBe(clipName);
    expect(await page.getByLabel('Description').inputValue()).toBe(`Uploaded video: ${clipName}.mp4`);
    // The frame at 1 s, captured in the page as a JPEG.
    await expect.poll(() => page.getByAltText('Thumbnail preview').isVisible(), { timeout: 15_000 }).toBe(true);

    // Removing the video clears the form; choosing it again fills it again.
    await page.getByRole('button', { name: 'Remove video file' }).click();
    expect(await page.getByLabel('Title').inputValue()).toBe('');
    expect(await page.getByAltText('Thumbnail preview').count()).toBe(0);
    await page.getByLabel('Video file').setInputFiles(clip);
    await expect.poll(() => page.getByAltText('Thumbnail preview').isVisible(), { timeout: 15_000 }).toBe(true);

    // A slow uplink, so the progress bar shows values between 0 and 100.
    const cdp = await ownerContext.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 150 * 1024 });
    // Every percentage the page shows, recorded in the page as it changes (no sampling from outside).
    await page.evaluate(() => {
      const shown: string[] = ((window as { __uploadPercents?: string[] }).__uploadPercents = []);
      new MutationObserver(() => {
        const text = document.querySelector('[data-testid="upload-percent"]')?.textContent;
        if (text && shown.at(-1) !== text) shown.push(text);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    // Without a picked thumbnail the video goes up over tus; the last PATCH answers 204 with Video-Id.
    const answer = page.waitForResponse((response) => response.url().includes('/api/v1/uploads/tus/') && response.request().method() === 'PATCH', { timeout: 60_000 });
    await page.getByRole('button', { name: 'Upload Video' }).click();
    await eventually(() => page.getByRole('button', { name: 'Uploading...' }).isVisible()).toBe(true);
    const response = await answer;
    const seen = new Set((await page.evaluate(() => (window as { __uploadPercents?: string[] }).__uploadPercents ?? [])).map((text) => Number.parseInt(text, 10)));
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    expect(response.status()).toBe(204);
    expect([...seen].some((percent) => percent > 0 && percent < 100)).toBe(true);
    videoId = (await response.headerValue('video-id'))!;

    await eventually(() => toast('Video uploaded successfully').isVisible()).toBe(true);
    await page.waitForURL(`${server.url}/watch/${videoId}`, { timeout: 60_000 });
    await eventually(() => page.getByRole('heading', { name: clipName }).isVisible()).toBe(true);
    // Opening it signed in registered a view.
    await eventually(async () => (await call(server, 'GET', `/views/${videoId}`)).body.data.totalViews).toBe(1);
  });

  it('plays, seeks, and switches quality keeping the time and the play state', async () => {
    // The 480p rendition arrives after the first one: the menu grows live.
    await expect.poll(() => page.locator('main video').count(), { timeout: 30_000 }).toBe(1);
    await page.getByRole('button', { name: /^Quality: / }).waitFor({ timeout: 30_000 });
    const options = async () => {
      await page.getByRole('button', { name: /^Quality: / }).click();
      const labels = await page.getByRole('menu', { name: 'Quality' }).getByRole('menuitemradio').allTextContents();
      await page.keyboard.press('Escape');
      return labels.map((label) => label.replace(/(best|good|eco|low|\d+p)$/, ''));
    };
    // Auto first (the default, checked), then the renditions the video has.
    await expect.poll(options, { timeout: 60_000, interval: 1000 }).toEqual(['Auto', '480p', '360p']);

    await page.getByRole('button', { name: 'Play video' }).click();
    await expect.poll(async () => (await mainVideoState(page)).time, { timeout: 15_000 }).toBeGreaterThan(0.3);
    // The first play signed in adds it to the watch history.
    await eventually(async () => (await call(server, 'GET', '/watch-history/get/', { token: ownerToken })).body.data.videos.map((v: { _id: string }) => v._id)).toContain(videoId);

    await page.keyboard.press('k'); // pause
    await eventually(async () => (await mainVideoState(page)).paused).toBe(true);
    // Seek by clicking the seek bar at about half of 3 s.
    const bar = (await page.locator('main .MuiSlider-root').boundingBox())!;
    await page.mouse.click(bar.x + bar.width * 0.5, bar.y + bar.height / 2);
    await eventually(async () => Math.abs((await mainVideoState(page)).time - 1.5)).toBeLessThan(0.35);
    const seekedTo = (await mainVideoState(page)).time;
    expect(await page.getByTestId('player-time').textContent()).toBe('0:01 / 0:03');
    // The seek bar shows what is buffered.
    expect(await page.getByTestId('buffered-range').count()).toBeGreaterThan(0);

    // Paused: the other quality loads at the same time and stays paused.
    // HLS through hls.js (a MediaSource blob), Auto by default.
    const before = await mainVideoState(page);
    expect(before.src).toMatch(/^blob:/);
    const other = before.rung === 480 ? 360 : 480;
    await page.getByRole('button', { name: /^Quality: / }).click();
    expect(await page.getByRole('menuitemradio', { name: /^Auto/ }).getAttribute('aria-checked')).toBe('true');
    await page.getByRole('menuitemradio', { name: new RegExp(`^${other}p`) }).click();
    await eventually(async () => (await mainVideoState(page)).rung).toBe(other);
    await eventually(async () => (await mainVideoState(page)).ready).toBeGreaterThan(0);
    const after = await mainVideoState(page);
    expect(Math.abs(after.time - seekedTo)).toBeLessThan(0.2);
    expect(after.paused).toBe(true);

    // Playing: the switch goes on playing from where it was.
    await page.keyboard.press('ArrowLeft'); // back 5 s -> 0
    await page.keyboard.press('k');
    await eventually(async () => (await mainVideoState(page)).paused).toBe(false);
    const back = other === 480 ? 360 : 480;
    const playingAt = (await mainVideoState(page)).time;
    await page.getByRole('button', { name: /^Quality: / }).click();
    await page.getByRole('menuitemradio', { name: new RegExp(`^${back}p`) }).click();
    expect(await page.getByRole('button', { name: `Quality: ${back}p` }).isVisible()).toBe(true);
    await eventually(async () => (await mainVideoState(page)).rung).toBe(back);
    await eventually(async () => {
      const state = await mainVideoState(page);
      return state.time >= playingAt && (!state.paused || state.time > 2.9);
    }).toBe(true);
    await page.keyboard.press('k');

    // f toggles fullscreen on the player.
    await page.keyboard.press('f');
    await eventually(() => page.evaluate(() => document.fullscreenElement?.contains(document.querySelector('main video')) ?? false)).toBe(true);
    await page.keyboard.press('f');
    await eventually(() => page.evaluate(() => document.fullscreenElement === null)).toBe(true);
  });

  it('likes the video, shares the link, saves it to a new playlist and files a report', async () => {
    await page.getByRole('button', { name: 'Like (0)', exact: true }).click();
    await eventually(() => page.getByRole('button', { name: 'Like (1)', exact: true }).getAttribute('aria-pressed')).toBe('true');
    // The button turns pressed optimistically, before the request lands: poll the server.
    await eventually(async () => (await call(server, 'GET', `/videos/${videoId}`, { token: ownerToken })).body.data).toMatchObject({
      likes: 1,
      disLikes: 0,
      userReaction: 'like',
    });
    // Dislike takes the like's place.
    await page.getByRole('button', { name: 'Dislike (0)', exact: true }).click();
    await eventually(() => page.getByRole('button', { name: 'Dislike (1)', exact: true }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByRole('button', { name: 'Like (0)', exact: true }).getAttribute('aria-pressed')).toBe('false');
    await page.getByRole('button', { name: 'Dislike (1)', exact: true }).click();
    await page.getByRole('button', { name: 'Like (0)', exact: true }).click();
    await eventually(async () => (await call(server, 'GET', `/videos/${videoId}`, { token: ownerToken })).body.data.likes).toBe(1);

    await page.getByRole('button', { name: 'Share' }).click();
    await eventually(() => toast('Link copied to clipboard!').isVisible()).toBe(true);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${server.url}/watch/${videoId}`);

    // Save opens the playlists at once (Download has its own button): a new playlist made from the dialog, with the video in it.
    await page.getByRole('button', { name: 'Save' }).click();
    const save = page.getByRole('dialog', { name: 'Save to playlist' });
    await eventually(() => save.getByText('No playlists found').isVisible()).toBe(true);
    await save.getByRole('button', { name: 'New playlist' }).click();
    await save.getByLabel('Playlist Name').fill('Test patterns');
    await save.getByLabel('Description').fill('Bars, tones and friends');
    await save.getByRole('button', { name: 'Create and save' }).click();
    await eventually(() => toast('Video added to playlist successfully').isVisible()).toBe(true);
    const playlists = await call(server, 'GET', `/playlist/user/${owner.username}/playlists`, { token: ownerToken });
    expect(playlists.body.data.playlists.map((p: { name: string; videos: { _id: string }[] }) => [p.name, p.videos.map((v) => v._id)])).toEqual([['Test patterns', [videoId]]]);

    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Report' }).click();
    await page.getByLabel('Spam or misleading links').check();
    await page.getByRole('dialog').getByRole('button', { name: 'Report' }).click();
    await eventually(async () => (await call(server, 'GET', `/reports/video/${videoId}/mine`, { token: ownerToken })).body.data.reported).toBe(true);
  });

  it('comments, edits and deletes the comment', async () => {
    const box = page.getByRole('textbox', { name: 'Add a comment...' });
    await box.fill('What a lovely test pattern');
    await page.getByRole('button', { name: 'Comment', exact: true }).click();
    await eventually(() => page.getByRole('heading', { name: 'Comments (1)' }).isVisible()).toBe(true);
    const list = page.getByRole('list', { name: 'Comments' });
    await eventually(() => list.getByText('What a lovely test pattern').isVisible()).toBe(true);
    expect(await box.inputValue()).toBe('');

    await list.getByRole('button', { name: 'Edit comment' }).click();
    const editBox = page.getByRole('textbox', { name: 'Edit your comment...' });
    expect(await editBox.inputValue()).toBe('What a lovely test pattern');
    await editBox.fill('What a lovely test pattern, and that tone!');
    await page.getByRole('button', { name: 'Update' }).click();
    await eventually(() => list.getByText('What a lovely test pattern, and that tone!').isVisible()).toBe(true);
    const stored = await call(server, 'GET', `/comments/all/${videoId}`);
    expect(stored.body.data.map((c: { content: string }) => c.content)).toEqual(['What a lovely test pattern, and that tone!']);

    await list.getByRole('button', { name: 'Delete comment' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await eventually(() => page.getByText('No comments yet. Be the first to comment!').isVisible()).toBe(true);
    expect((await call(server, 'GET', `/comments/all/${videoId}`)).body.data).toEqual([]);
  });

  it("sees a second user's subscription live, without a reload", async () => {
    const count = page.getByTestId('subscriber-count');
    expect(await count.textContent()).toBe('0 subscribers');
    // One's own channel offers no Subscribe button.
    expect(await page.getByRole('button', { name: 'Subscribe', exact: true }).count()).toBe(0);
    const marker = await page.evaluate(() => ((window as { __noReload?: number }).__noReload = Math.random()));

    const second = await signedInPage(browser, server, viewer, { viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
    try {
      await second.page.goto(`${server.url}/watch/${videoId}`);
      await second.page.getByRole('button', { name: 'Subscribe', exact: true }).click();
      await eventually(() => second.page.getByRole('button', { name: 'Unsubscribe' }).isVisible()).toBe(true);
      await expect.poll(() => count.textContent(), { timeout: 15_000 }).toBe('1 subscriber');
      expect(await page.evaluate(() => (window as { __noReload?: number }).__noReload)).toBe(marker);
    } finally {
      await second.context.close();
    }
  });

  it("sees a second user's like live from the event's counts: neither page fetches the video again", async () => {
    // The owner liked it in an earlier test.
    await eventually(() => page.getByRole('button', { name: 'Like (1)', exact: true }).isVisible()).toBe(true);
    const videoPath = `/api/v1/videos/${videoId}`;
    const videoFetches: string[] = [];
    const countFetch = (request: { method?: string; url?: string }) => {
      if (request.method === 'GET' && request.url?.split('?')[0] === videoPath) videoFetches.push(request.url);
    };
    const second = await signedInPage(browser, server, viewer, { viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
    try {
      await second.page.goto(`${server.url}/watch/${videoId}`);
      const like = second.page.getByRole('button', { name: 'Like (1)', exact: true });
      await eventually(() => like.isVisible()).toBe(true);
      // Counted from here on: the viewer's own load of the video is behind us.
      server.app.server.on('request', countFetch);
      await like.click();
      await eventually(() => second.page.getByRole('button', { name: 'Like (2)', exact: true }).getAttribute('aria-pressed')).toBe('true');
      await expect.poll(() => page.getByRole('button', { name: 'Like (2)', exact: true }).isVisible(), { timeout: 15_000 }).toBe(true);
      // The owner's own reaction stays theirs: the event changed the counts only.
      expect(await page.getByRole('button', { name: 'Like (2)', exact: true }).getAttribute('aria-pressed')).toBe('true');
      // A refetch would start as the event lands; a second on, none has.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(videoFetches).toEqual([]);
    } finally {
      server.app.server.off('request', countFetch);
      await second.context.close();
    }
  });

  it('minimizes to a draggable mini player over other screens and maximizes back at the same time', async () => {
    await page.getByRole('button', { name: 'Play video' }).click();
    await expect.poll(async () => (await mainVideoState(page)).time, { timeout: 10_000 }).toBeGreaterThan(0.5);
    await page.getByRole('button', { name: 'Minimize' }).click();
    await page.waitForURL(`${server.url}/home`);
    const mini = page.getByTestId('mini-player');
    await eventually(() => mini.isVisible()).toBe(true);
    const box = (await mini.boundingBox())!;
    expect([box.width, box.height]).toEqual([320, 180]);
    // It resumes from the stored time (not from 0).
    const miniTime = () => mini.locator('video').evaluate((video: HTMLVideoElement) => video.currentTime);
    await eventually(miniTime).toBeGreaterThan(0.4);

    // Dropped 30 px from the top-left corner, it snaps to the 10 px margin.
    await page.mouse.move(box.x + 40, box.y + 120);
    await page.mouse.down();
    await page.mouse.move(box.x / 2, box.y / 2, { steps: 4 });
    await page.mouse.move(30 + 40, 30 + 120, { steps: 4 });
    await page.mouse.up();
    await eventually(async () => (await mini.boundingBox())!.x).toBe(10);
    expect((await mini.boundingBox())!.y).toBe(10);
    // A smaller window keeps it inside.
    await page.setViewportSize({ width: 700, height: 500 });
    await page.mouse.move(20 + 40, 20 + 120);
    await page.mouse.down();
    await page.mouse.move(650, 450, { steps: 6 });
    await page.mouse.up();
    await page.setViewportSize({ width: 600, height: 400 });
    await eventually(async () => {
      const b = (await mini.boundingBox())!;
      return b.x >= 0 && b.y >= 0 && b.x + b.width <= 600 && b.y + b.height <= 400;
    }).toBe(true);
    await page.setViewportSize({ width: 1280, height: 800 });

    await mini.locator('video').evaluate((video: HTMLVideoElement) => video.pause());
    const at = await miniTime();
    await page.getByRole('button', { name: 'Maximize' }).click();
    await page.waitForURL(`${server.url}/watch/${videoId}`);
    await eventually(() => mini.isVisible()).toBe(false);
    await expect.poll(async () => (await mainVideoState(page)).ready, { timeout: 10_000 }).toBeGreaterThan(0);
    await eventually(async () => (await mainVideoState(page)).time).toBeGreaterThanOrEqual(at - 0.05);
  });

  it('opens the first related video 2 s after the end', async () => {
    nextId = await insertVideo(server, viewer.id, { title: 'Up next', duration: 12 });
    // A fresh session, so the related list is not the one cached before the insert.
    const fresh = await signedInPage(browser, server, viewer, { viewport: { width: 1280, height: 800 }, colorScheme: 'dark' });
    const tab = fresh.page;
    tab.on('pageerror', (error) => pageErrors.push(error.message));
    try {
      await tab.goto(`${server.url}/watch/${videoId}`);
      await eventually(() => tab.getByRole('link', { name: 'Up next' }).isVisible()).toBe(true);
      await tab.getByRole('button', { name: 'Play video' }).click();
      await eventually(async () => (await mainVideoState(tab)).paused).toBe(false);
      await tab.locator('main video').evaluate((video: HTMLVideoElement) => {
        video.addEventListener('ended', () => ((window as { __endedAt?: number }).__endedAt = Date.now()), { once: true });
        video.currentTime = Math.max(0, video.duration - 0.3);
      });
      // The up-next card counts the 2 s down.
      await eventually(() => tab.getByTestId('up-next-countdown').textContent()).toMatch(/^Up next in [12]$/);
      await tab.waitForURL(`${server.url}/watch/${nextId}`, { timeout: 15_000 });
      const waited = await tab.evaluate(() => Date.now() - (window as { __endedAt?: number }).__endedAt!);
      expect(waited).toBeGreaterThanOrEqual(1900);
      expect(waited).toBeLessThan(4000);
      await eventually(() => tab.getByRole('heading', { name: 'Up next' }).isVisible()).toBe(true);
    } finally {
      await fresh.context.close();
    }
  });

  it('changes speed; the up-next card cancels, plays now, and autoplay off is remembered', async () => {
    const fresh = await signedInPage(browser, server, viewer, { viewport: { width: 1280, height: 800 }, colorScheme: 'dark' });
    const tab = fresh.page;
    tab.on('pageerror', (error) => pageErrors.push(error.message));
    const card = tab.getByRole('dialog', { name: 'Up next' });
    const endVideo = () =>
      tab.locator('main video').evaluate((video: HTMLVideoElement) => {
        video.addEventListener('ended', () => ((window as { __endedAt?: number }).__endedAt = Date.now()), { once: true });
        video.currentTime = Math.max(0, video.duration - 0.3);
        void video.play();
      });
    try {
      await tab.goto(`${server.url}/watch/${videoId}`);
      await eventually(() => tab.getByRole('link', { name: 'Up next' }).isVisible()).toBe(true);
      // Picture-in-Picture and Minimize do not look alike.
      const icon = (name: string) => tab.getByRole('button', { name, exact: true }).locator('svg path').first().getAttribute('d');
      expect(await icon('Minimize')).toBeTruthy();
      expect(await icon('Minimize')).not.toBe(await icon('Picture-in-Picture'));

      // The speed is chosen before playing: the clip lasts 3 s, and on a loaded machine it could end
      // (and up next open the next video) while the menu is still opening.
      await tab.getByRole('button', { name: 'Playback speed: Normal' }).click();
      expect(await tab.getByRole('menuitemradio', { name: 'Normal' }).getAttribute('aria-checked')).toBe('true');
      await tab.getByRole('menuitemradio', { name: '1.5x' }).click();
      expect(await tab.getByRole('button', { name: 'Playback speed: 1.5x' }).isVisible()).toBe(true);
      // It holds once playback has loaded the source (a load resets playbackRate).
      await tab.getByRole('button', { name: 'Play video' }).click();
      await eventually(() => tab.locator('main video').evaluate((video: HTMLVideoElement) => (video.played.length > 0 ? video.playbackRate : 0))).toBe(1.5);

      // Cancel: the card goes and the next video never opens.
      await endVideo();
      await eventually(() => card.isVisible()).toBe(true);
      await card.getByRole('button', { name: 'Cancel' }).click();
      await eventually(() => card.count()).toBe(0);
      await tab.waitForFunction(() => Date.now() > (window as { __endedAt?: number }).__endedAt! + 3000, undefined, { timeout: 10_000 });
      expect(tab.url()).toBe(`${server.url}/watch/${videoId}`);

      // Autoplay off: the card waits without a countdown, and Play now opens the next video.
      // The label toggles the switch (its input is visually hidden).
      await tab.getByText('Autoplay', { exact: true }).click();
      await eventually(() => tab.getByRole('switch', { name: 'Autoplay' }).isChecked()).toBe(false);
      await endVideo();
      await eventually(() => tab.getByTestId('up-next-countdown').textContent()).toBe('Up next');
      await tab.waitForFunction(() => Date.now() > (window as { __endedAt?: number }).__endedAt! + 2500, undefined, { timeout: 10_000 });
      expect(tab.url()).toBe(`${server.url}/watch/${videoId}`);
      await card.getByRole('button', { name: 'Play now' }).click();
      await tab.waitForURL(`${server.url}/watch/${nextId}`);
      // Remembered for this user.
      await tab.reload();
      await eventually(() => tab.getByRole('switch', { name: 'Autoplay' }).isVisible()).toBe(true);
      expect(await tab.getByRole('switch', { name: 'Autoplay' }).isChecked()).toBe(false);
      await tab.getByText('Autoplay', { exact: true }).click();
      await eventually(() => tab.getByRole('switch', { name: 'Autoplay' }).isChecked()).toBe(true);
    } finally {
      await fresh.context.close();
    }
  });

  it('raised no page errors', () => {
    expect(pageErrors).toEqual([]);
  });
});
