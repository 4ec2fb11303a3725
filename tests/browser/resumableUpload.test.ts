// Resumable uploads in Debian's Chromium against the real server and the built PWA: a video sent over tus on a
// slow uplink is cut off by a reload at about a third, chosen again, resumes from the server's
// offset ('Resuming upload...'), finishes, and opens on /watch/{id} once transcoded.
import { execFile } from 'node:child_process';
import { statSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerUser, startServer, type TestServer, type TestUser } from '../server/harness.js';
import { tools } from '../server/mediaFixtures.js';
import { chromiumMissingReason, APP_SERVER_ENV, ensureBuilt, eventually, launchChromium, signedInPage } from './chromium.js';

const missing = chromiumMissingReason();
if (missing) console.log(`[skip] browser tests skipped: ${missing}`);

/**
 * About 3 MB, so a throttled uplink takes a while: 3 s of noisy 640x360 at 8 Mbit/s (noise defeats
 * compression). Short and small, its ladder (360p and the slow-link rungs) is quick to transcode.
 */
async function makeLargeClip(): Promise<string> {
  const path = join(await mkdtemp(join(tmpdir(), 'vidshare-tus-')), 'harbour.mp4');
  await promisify(execFile)(tools.ffmpeg, [
    '-hide_banner', '-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=25:duration=3', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=3',
    '-vf', 'noise=alls=30:allf=t', '-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '8M', '-maxrate', '8M', '-bufsize', '4M', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', path,
  ]);
  return path;
}

describe.skipIf(missing !== null)('resumable upload in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let owner: TestUser;
  let page: Page;
  let token = '';
  const pageErrors: string[] = [];

  beforeAll(async () => {
    await ensureBuilt();
    server = await startServer({ env: APP_SERVER_ENV });
    owner = await registerUser(server, { fullName: 'Harbour Channel' });
    browser = await launchChromium();
    ({ page, token } = await signedInPage(browser, server, owner));
    page.on('pageerror', (error) => pageErrors.push(error.message));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const percent = async () => {
    const text = await page.getByTestId('upload-percent').textContent({ timeout: 500 }).catch(() => null);
    return text ? Number.parseInt(text, 10) : null;
  };
  const throttle = async (uploadThroughput: number) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: uploadThroughput > 0 ? 20 : 0, downloadThroughput: -1, uploadThroughput });
  };

  // The frame captured at 1 s lands late under load and replaces the empty thumbnail picker with a
  // taller preview, moving the Upload button: a click during that shift lands on the old spot and
  // nothing is sent. So each click waits for the captured thumbnail.
  const thumbnailCaptured = () => eventually(() => page.getByRole('img', { name: 'Thumbnail preview' }).isVisible(), 60_000).toBe(true);

  it('resumes an upload cut off by a reload and opens the finished video', { timeout: 240_000 }, async () => {
    const clip = await makeLargeClip();
    const size = statSync(clip).size;
    expect(size).toBeGreaterThan(2_000_000);
    const patchOffsets: number[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH' && request.url().includes('/api/v1/uploads/tus/')) patchOffsets.push(Number(request.headers()['upload-offset']));
    });

    await page.goto(`${server.url}/upload`);
    await page.getByLabel('Video file').setInputFiles(clip);
    await eventually(() => page.getByLabel('Title').inputValue()).toBe('harbour');
    await page.getByLabel('Title').fill('Harbour at dusk');
    await thumbnailCaptured();
    await throttle(120 * 1024);
    await page.getByRole('button', { name: 'Upload Video' }).click();
    await eventually(() => page.getByRole('button', { name: 'Uploading...' }).isVisible()).toBe(true);
    expect(await page.getByRole('status').getByText('Uploading...', { exact: true }).isVisible()).toBe(true);
    await expect.poll(percent, { timeout: 60_000, interval: 100 }).toBeGreaterThanOrEqual(30);
    const cutAt = (await percent())!;
    expect(cutAt).toBeLessThan(90);

    // A reload drops the connection mid-PATCH: the server keeps the bytes it got.
    await page.reload();
    await page.getByLabel('Video file').setInputFiles(clip);
    // The unfinished upload is found: its title comes back, and uploading goes on.
    await eventually(() => page.getByLabel('Title').inputValue()).toBe('Harbour at dusk');
    expect(await page.getByText('Part of this file is already uploaded: uploading continues where it stopped.').isVisible()).toBe(true);
    await thumbnailCaptured();
    const seen: number[] = [];
    const finalAnswer = page.waitForResponse((response) => response.request().method() === 'PATCH' && response.status() === 204, { timeout: 90_000 });
    await page.getByRole('button', { name: 'Upload Video' }).click();
    await eventually(() => page.getByRole('status').getByText('Resuming upload...', { exact: true }).isVisible()).toBe(true);
    await page.screenshot({ path: 'screenshots/resumable-upload-resuming.png' });
    const sample = async () => {
      const value = await percent();
      if (value !== null) seen.push(value);
      return seen.length;
    };
    await expect.poll(sample, { timeout: 30_000, interval: 50 }).toBeGreaterThanOrEqual(3);
    // Progress starts where the server stopped, not at 0.
    expect(Math.min(...seen)).toBeGreaterThan(10);
    await throttle(-1);
    const answer = await finalAnswer;
    const videoId = (await answer.headerValue('video-id'))!;
    expect(videoId).toMatch(/^[A-Za-z0-9_-]+$/);
    // The second PATCH went on from a non-zero offset: the first third was not sent again.
    expect(patchOffsets[0]).toBe(0);
    expect(patchOffsets.at(-1)).toBeGreaterThan(size * 0.1);

    await page.waitForURL(`${server.url}/watch/${videoId}`, { timeout: 90_000 });
    await eventually(() => page.getByRole('heading', { name: 'Harbour at dusk' }).isVisible(), 30_000).toBe(true);
    await expect.poll(async () => (await call(server, 'GET', `/videos/${videoId}`, { token })).body.data.status, { timeout: 90_000, interval: 250 }).toBe('ready');
    const video = (await call(server, 'GET', `/videos/${videoId}`, { token })).body.data;
    expect(video).toMatchObject({ title: 'Harbour at dusk', description: 'Uploaded video: harbour.mp4' });
    // A finished upload is forgotten: choosing the file again would start a new one.
    expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('tus::')).length)).toBe(0);
    await page.screenshot({ path: 'screenshots/resumable-upload-watch.png' });
    expect(pageErrors).toEqual([]);
  });
});
