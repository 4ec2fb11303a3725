// The HLS player in Chromium against the real server, its ffmpeg ladder and the built PWA: a 720p upload
// plays before transcoding ends (from its source, then its streamed lowest rung), then through HLS with Auto; a CDP throttle makes
// Auto step down; a manual quality keeps the time; the owner adds (SRT) and deletes captions in the
// edit dialog and they show; the speed changes; leaving and coming back (client navigation and a
// reload) resumes at the saved position; the up-next countdown and its Cancel. Its picture goes to PLAYER_SHOTS when set;
// the player's screenshots at 390x844 and 1280x800, quality menu open, come from scripts/screenshots.ts.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, insertVideo, registerUser, startServer, type TestUser } from '../server/harness.js';
import { makeClip, uploadVideo } from '../server/mediaFixtures.js';
import { chromiumMissingReason, APP_SERVER_ENV, ensureBuilt, eventually, launchChromium, mainVideoState, signedInPage } from './chromium.js';
import { PLAYER_CLIP, PLAYER_MOV_CLIP } from './playbackClips.js';

const missing = chromiumMissingReason();
if (missing) console.log(`[skip] browser tests skipped: ${missing}`);

const CLIP_SECONDS = PLAYER_CLIP.seconds;

/** The server's ffmpeg runs: their arguments name a work folder under its data folder. */
async function encoderPids(dataDir: string): Promise<number[]> {
  const pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name));
  const commands = await Promise.all(pids.map((pid) => readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')));
  return pids.filter((_, i) => commands[i]!.includes(join(dataDir, 'tmp', 'job-'))).map(Number);
}
const shots = process.env.PLAYER_SHOTS;

describe.skipIf(missing !== null)('the HLS player in Chromium', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let browser: Browser;
  let owner: TestUser;
  let context: BrowserContext;
  let page: Page;
  let token: string;
  let videoId = '';
  const pageErrors: string[] = [];
  const apiVideo = async () => (await call(server, 'GET', `/videos/${videoId}`, { token })).body.data;
  /**
   * The next visit starts at 0: a saved position would play on by itself (and on to the end and
   * the next video). Pauses, lets that pause's save land, then resets the position.
   */
  const startOver = async () => {
    const video = page.locator('main video');
    if (await video.count()) {
      await video.evaluate((element: HTMLVideoElement) => element.pause());
      const { time } = await mainVideoState(page);
      if (time >= 1) await expect.poll(async () => (await apiVideo()).resumeAt ?? 0, { timeout: 20_000, interval: 500 }).toBeCloseTo(time, 0);
    }
    expect((await call(server, 'PATCH', `/watch-history/position/${videoId}`, { token, json: { position: 0 } })).status).toBe(200);
  };

  beforeAll(async () => {
    await ensureBuilt();
    server = await startServer({ env: APP_SERVER_ENV });
    owner = await registerUser(server, { fullName: 'Player Owner' });
    browser = await launchChromium();
    ({ context, page, token } = await signedInPage(browser, server, owner, {
      viewport: { width: 1280, height: 800 },
      colorScheme: 'dark',
      // CDP throttles the page's own requests; a service worker's fetches would pass untouched.
      serviceWorkers: 'block',
    }));
    page.on('pageerror', (error) => pageErrors.push(error.message));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('plays a fresh 720p upload while the ladder is made: its source, then its start rung (360p) as it streams', async () => {
    const clip = await makeClip('player-720p.mp4', PLAYER_CLIP);
    const upload = await uploadVideo(server, token, { title: 'Adaptive clip', description: 'HLS', video: { bytes: await readFile(clip), type: 'video/mp4', name: 'clip.mp4' } });
    expect(upload.status).toBe(201);
    videoId = upload.body.data._id;
    await page.goto(`${server.url}/watch/${videoId}`);
    await eventually(() => page.getByRole('heading', { name: 'Adaptive clip' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Play video' }).click();
    await expect.poll(async () => (await mainVideoState(page)).time, { timeout: 20_000 }).toBeGreaterThan(0.5);
    // Playing, and the ladder is not done: the first seconds came before the last rung.
    const during = await apiVideo();
    expect(during.pendingQualities.length).toBeGreaterThan(0);
    expect(await page.getByTestId('qualities-notice').textContent()).toContain('Higher qualities are on their way');
    // The stream of the start rung takes over (hls.js), still before any rung is complete, and plays on.
    await eventually(async () => (await mainVideoState(page)).src, 20_000).toMatch(/^blob:/);
    const streaming = await mainVideoState(page);
    expect(await apiVideo()).toMatchObject({ qualities: [], pendingQualities: [720, 480, 360, 240, 144] });
    await expect.poll(async () => (await mainVideoState(page)).rung, { timeout: 10_000 }).toBe(360);
    await expect.poll(async () => (await mainVideoState(page)).time, { timeout: 10_000 }).toBeGreaterThan(streaming.time + 1);
    // The seek bar shows the whole video, not what has streamed so far.
    expect(Number(await page.getByRole('slider', { name: 'Seek' }).getAttribute('aria-valuemax'))).toBeGreaterThan(CLIP_SECONDS - 0.5);

    // The notice follows the ladder live and goes once it is complete; HLS has taken over.
    await expect.poll(async () => (await apiVideo()).pendingQualities?.length ?? 0, { timeout: 180_000, interval: 250 }).toBe(0);
    await eventually(() => page.getByTestId('qualities-notice').count(), 20_000).toBe(0);
    await eventually(async () => (await mainVideoState(page)).src, 20_000).toMatch(/^blob:/);
  });

  it('plays an upload browsers cannot play as it is (MOV) from its streamed start rung before any rung is complete', async () => {
    const mov = await makeClip('player.mov', PLAYER_MOV_CLIP);
    const upload = await uploadVideo(server, token, { title: 'Streamed MOV', description: 'No playable source', video: { bytes: await readFile(mov), type: 'video/quicktime', name: 'clip.mov' } });
    expect(upload.status).toBe(201);
    const movId: string = upload.body.data._id;
    expect(upload.body.data.sourceUrl).toBeUndefined();
    // Its first fragments are out (ready, no rung complete): the ladder is held there, so that how
    // fast this machine encodes cannot finish a rung before the page plays (on a quiet machine the
    // whole ladder once ended before the player reached 0.5 s).
    await expect.poll(async () => (await call(server, 'GET', `/videos/${movId}`, { token })).body.data.status, { timeout: 60_000, interval: 100 }).toBe('ready');
    const encoders = await encoderPids(server.dataDir);
    expect(encoders.length).toBeGreaterThan(0);
    encoders.forEach((pid) => process.kill(pid, 'SIGSTOP'));
    try {
      expect((await call(server, 'GET', `/videos/${movId}`, { token })).body.data).toMatchObject({ qualities: [], status: 'ready' });
      await page.goto(`${server.url}/watch/${movId}`);
      await eventually(() => page.getByRole('button', { name: 'Play video' }).isVisible(), 20_000).toBe(true);
      await page.getByRole('button', { name: 'Play video' }).click();
      await expect.poll(async () => (await mainVideoState(page)).time, { timeout: 20_000 }).toBeGreaterThan(0.5);
      expect((await mainVideoState(page)).src).toMatch(/^blob:/);
      expect((await call(server, 'GET', `/videos/${movId}`, { token })).body.data).toMatchObject({ qualities: [], status: 'ready' });
      expect(await page.getByTestId('qualities-notice').textContent()).toContain('Streaming 360p as it is made.');
    } finally {
      encoders.forEach((pid) => process.kill(pid, 'SIGCONT'));
    }
    // Its ladder stops before the next test, so that test's playback does not share the CPU with it:
    // deleting the video cancels the transcode and answers once it has stopped (no need to make the rest).
    await page.goto(`${server.url}/`);
    expect((await call(server, 'DELETE', `/videos/delete/${movId}`, { token })).status).toBe(200);
    expect(await encoderPids(server.dataDir)).toEqual([]);
  });

  it('plays through HLS with Auto, and Auto steps down under a throttled network', async () => {
    // Start from 0: the first test played on while the ladder was made, and a visit resumes where
    // the last one stopped; from there the whole rest of the clip would fit in the buffer. The first
    // page pauses and rewinds as a viewer does (k, Home), then closes (a closing page saves where it
    // stands: 0 now), and the position is set through the API: what the first page last saved is not
    // this test's subject (the resume test below is), and twice in CI it had not reached the server
    // 20 s after the rewind (cause not found: five runs here beside two busy cores all saved it).
    if (await page.getByRole('button', { name: 'Pause' }).isVisible()) await page.keyboard.press('k');
    await page.keyboard.press('Home');
    // A fresh session: nothing kept on the device (a mini player's time) may start it elsewhere.
    await context.close();
    expect((await call(server, 'PATCH', `/watch-history/position/${videoId}`, { token, json: { position: 0 } })).status).toBe(200);
    expect((await apiVideo()).resumeAt ?? 0).toBeLessThan(1);
    ({ context, page } = await signedInPage(browser, server, owner, { viewport: { width: 1280, height: 800 }, colorScheme: 'dark', serviceWorkers: 'block' }));
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${server.url}/watch/${videoId}`);
    await page.getByRole('button', { name: 'Play video' }).click();
    await eventually(async () => (await mainVideoState(page)).src, 20_000).toMatch(/^blob:/);
    await eventually(async () => (await mainVideoState(page)).time, 20_000).toBeGreaterThan(0.5);
    // Auto shows the rung it plays.
    await eventually(async () => (await mainVideoState(page)).rung, 20_000).toBeGreaterThanOrEqual(480);
    const { rung: start } = await mainVideoState(page);
    expect(await page.getByRole('button', { name: `Quality: Auto · ${start}p` }).isVisible()).toBe(true);

    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    // Half of what the rung on screen needs (the master playlist's BANDWIDTH, bits per second).
    const master = await (await fetch(`${server.url}${(await apiVideo()).hlsUrl}`)).text();
    const bandwidths = new Map(
      [...master.matchAll(/BANDWIDTH=(\d+),.*RESOLUTION=(\d+)x(\d+)/g)].map((match) => [Math.min(Number(match[2]), Number(match[3])), Number(match[1])]),
    );
    const needed = bandwidths.get(start)!;
    expect(needed).toBeGreaterThan(0);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 100, downloadThroughput: needed / 4 / 8, uploadThroughput: -1 });
    try {
      // Past what is buffered, the next fragments come over the slow link: Auto takes a lower rung.
      const { bufferedEnd } = await mainVideoState(page);
      expect(bufferedEnd).toBeLessThan(CLIP_SECONDS - 10);
      await page.locator('main video').evaluate((video: HTMLVideoElement, at: number) => void (video.currentTime = at), Math.min(bufferedEnd + 6, CLIP_SECONDS - 4));
      await expect.poll(async () => (await mainVideoState(page)).rung, { timeout: 60_000, interval: 500 }).toBeLessThan(start);
      const fallen = (await mainVideoState(page)).rung;
      await eventually(() => page.getByRole('button', { name: `Quality: Auto · ${fallen}p` }).isVisible()).toBe(true);
    } finally {
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
      await cdp.detach();
    }
  });

  it('switches to a manual quality keeping the time and the play', async () => {
    const before = await mainVideoState(page);
    await page.getByRole('button', { name: /^Quality: / }).click();
    const menu = page.getByRole('menu', { name: 'Quality' });
    // Each rung with its cost (the master's BANDWIDTH), then the spec's name.
    expect(await menu.getByRole('menuitemradio').allTextContents()).toEqual([
      expect.stringMatching(/^Auto/),
      expect.stringMatching(/^720p · [\d.]+ (M|k)bpsgood$/),
      expect.stringMatching(/^480p · [\d.]+ (M|k)bpseco$/),
      expect.stringMatching(/^360p · [\d.]+ (M|k)bpslow$/),
    ]);
    await menu.getByRole('menuitemradio', { name: /^720p/ }).click();
    await eventually(async () => (await mainVideoState(page)).rung, 30_000).toBe(720);
    const after = await mainVideoState(page);
    expect(after.time).toBeGreaterThanOrEqual(before.time - 0.2);
    expect(after.paused).toBe(false);
    await page.getByRole('button', { name: 'Quality: 720p' }).click();
    expect(await page.getByRole('menuitemradio', { name: /^720p/ }).getAttribute('aria-checked')).toBe('true');
    await page.keyboard.press('Escape');
  });

  it('lets the owner add and delete captions in the edit dialog, with the server refusal shown', async () => {
    await startOver();
    await page.goto(`${server.url}/watch/${videoId}`);
    await page.getByRole('button', { name: 'Edit video' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit video' });
    const addTrack = async (name: string, text: string, language: string, label: string) => {
      await dialog.getByLabel('Caption file').setInputFiles({ name, mimeType: 'application/x-subrip', buffer: Buffer.from(text) });
      await dialog.getByRole('textbox', { name: 'Language' }).fill(language);
      await dialog.getByRole('textbox', { name: 'Caption label' }).fill(label);
      await dialog.getByRole('button', { name: 'Add captions' }).click();
    };
    // Not captions: the server's reason, as a toast; nothing is listed.
    await addTrack('bad.srt', 'just some words\n', 'de', 'Deutsch');
    await eventually(() => page.getByText("Caption cue without a valid timing line: 'just some words'").isVisible()).toBe(true);
    expect(await dialog.getByText('No captions yet.').isVisible()).toBe(true);
    // An SRT (converted to WebVTT by the server) and a second track that is then deleted.
    await addTrack('en.srt', '1\n00:00:00,000 --> 00:01:00,000\nHello from the captions\n', 'en', 'English');
    await eventually(() => dialog.getByRole('list', { name: 'Caption tracks' }).getByText('English').isVisible()).toBe(true);
    await addTrack('fr.srt', '1\n00:00:00,000 --> 00:01:00,000\nBonjour\n', 'fr', 'Français');
    await eventually(() => dialog.getByRole('listitem').count()).toBe(2);
    await dialog.getByRole('button', { name: 'Delete captions Français' }).click();
    await eventually(() => dialog.getByRole('listitem').count()).toBe(1);
    const listed = (await call(server, 'GET', `/videos/${videoId}/captions`)).body.data as Array<{ language: string }>;
    expect(listed.map((track) => track.language)).toEqual(['en']);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    // The player's CC menu has the new track without a reload.
    await page.getByRole('button', { name: 'Captions: Off' }).click();
    // The languages, then the caption sizes.
    expect(await page.getByRole('menu', { name: 'Captions' }).getByRole('menuitemradio').allTextContents()).toEqual([
      'Off',
      expect.stringMatching(/^English/),
      'Small',
      'Medium',
      'Large',
      'Extra large',
    ]);
    await page.keyboard.press('Escape');
  });

  it('shows captions from the CC menu and remembers the choice', async () => {
    await startOver();
    await page.reload();
    await page.getByRole('button', { name: 'Captions: Off' }).click();
    await page.getByRole('menuitemradio', { name: /^English/ }).click();
    await page.getByRole('button', { name: 'Play video' }).click();
    // The player draws the active cue itself (the track runs hidden: the browser paints nothing).
    const cue = async () => {
      const drawn = page.getByTestId('player-captions');
      return (await drawn.count()) ? drawn.textContent() : 'no caption';
    };
    await eventually(cue).toBe('Hello from the captions');
    await startOver();
    await page.reload();
    await eventually(() => page.getByRole('button', { name: 'Captions: English' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Play video' }).click();
    await eventually(cue).toBe('Hello from the captions');
    await page.keyboard.press('k');
  });

  it('changes the speed', async () => {
    await page.getByRole('button', { name: 'Play video' }).click();
    await page.getByRole('button', { name: 'Playback speed: Normal' }).click();
    await page.getByRole('menuitemradio', { name: '0.25x' }).click();
    await eventually(async () => (await mainVideoState(page)).rate).toBe(0.25);
    await page.getByRole('button', { name: 'Playback speed: 0.25x' }).click();
    await page.getByRole('menuitemradio', { name: '2x' }).click();
    await eventually(async () => (await mainVideoState(page)).rate).toBe(2);
  });

  it('leaves and comes back to resume at the saved position: client navigation, reload, and after the mini player', async () => {
    const video = page.locator('main video');
    /** Plays from `from` for a moment, pauses, and returns where it stopped once the server has it. */
    const playThenPause = async (from: number) => {
      await video.evaluate((element: HTMLVideoElement, at: number) => {
        element.currentTime = at;
        void element.play();
      }, from);
      await eventually(async () => (await mainVideoState(page)).time, 20_000).toBeGreaterThan(from + 1.5);
      await video.evaluate((element: HTMLVideoElement) => element.pause());
      const { time } = await mainVideoState(page);
      await expect.poll(async () => (await apiVideo()).resumeAt ?? 0, { timeout: 20_000, interval: 500 }).toBeCloseTo(time, 0);
      return time;
    };
    /** The player came back at `at` and plays on from there by itself (never paused at the resume point). */
    const resumedAt = async (at: number) => {
      await eventually(async () => (await mainVideoState(page)).time, 20_000).toBeGreaterThan(at + 0.5);
      const state = await mainVideoState(page);
      expect(state.time).toBeLessThan(at + 10);
      expect(state.paused).toBe(false);
    };

    const left = await playThenPause(20);
    // Away through the app (no page load: the store, the mini player and the cached answer stay), and back from the feed.
    await page.getByRole('link', { name: 'Vidshare home' }).click();
    await page.waitForURL(`${server.url}/home`);
    await page.getByRole('link', { name: 'Adaptive clip' }).first().click();
    await page.waitForURL(`${server.url}/watch/${videoId}`);
    await resumedAt(left);

    // A later stop wins over the one before, also after a reload (the persisted cache holds the old answer).
    const later = await playThenPause(38);
    await page.reload();
    await resumedAt(later);

    // Down to the mini player and back up: Maximize hands over its time through the history entry's
    // state. A stop after that wins on a reload; the hand-over is not replayed.
    await page.getByRole('button', { name: 'Minimize' }).click();
    await page.waitForURL(`${server.url}/home`);
    await page.getByTestId('mini-player').getByRole('button', { name: 'Maximize' }).click();
    await page.waitForURL(`${server.url}/watch/${videoId}`);
    await eventually(async () => (await mainVideoState(page)).time, 20_000).toBeGreaterThan(later);
    const last = await playThenPause(50);
    await page.reload();
    await resumedAt(last);
    await video.evaluate((element: HTMLVideoElement) => element.pause());
  });

  it('counts down to the next video at the end, and Cancel stays', async () => {
    await insertVideo(server, owner.id, { title: 'Next in line', duration: 30 });
    // A fresh session, so the related list is not the one cached before the insert; from the start
    // (a saved position would play on by itself).
    await context.close();
    expect((await call(server, 'PATCH', `/watch-history/position/${videoId}`, { token, json: { position: 0 } })).status).toBe(200);
    ({ context, page } = await signedInPage(browser, server, owner, { viewport: { width: 1280, height: 800 }, colorScheme: 'dark', serviceWorkers: 'block' }));
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${server.url}/watch/${videoId}`);
    await eventually(() => page.getByRole('link', { name: 'Next in line' }).isVisible()).toBe(true);
    // The stream starts with the first play (nothing is fetched for a viewer who only reads).
    expect(await page.locator('main video').evaluate((video: HTMLVideoElement) => video.currentSrc)).toBe('');
    await page.getByRole('button', { name: 'Play video' }).click();
    await eventually(() => page.locator('main video').evaluate((video: HTMLVideoElement) => video.duration), 20_000).toBeGreaterThan(0);
    await page.locator('main video').evaluate((video: HTMLVideoElement) => {
      video.addEventListener('ended', () => ((window as { __endedAt?: number }).__endedAt = Date.now()), { once: true });
      video.currentTime = video.duration - 0.5;
      void video.play();
    });
    await eventually(() => page.getByTestId('up-next-countdown').textContent(), 20_000).toMatch(/^Up next in [12]$/);
    if (shots) await page.screenshot({ path: `${shots}/player-up-next-1280.png` });
    await page.getByRole('dialog', { name: 'Up next' }).getByRole('button', { name: 'Cancel' }).click();
    // Stays: still here 3 s after the end, past the countdown. The wait is the check itself (nothing happens).
    await page.waitForFunction(() => Date.now() > (window as { __endedAt?: number }).__endedAt! + 3000, undefined, { timeout: 10_000 });
    expect(page.url()).toBe(`${server.url}/watch/${videoId}`);
  });

  it('raised no page errors', () => {
    expect(pageErrors).toEqual([]);
  });
});
