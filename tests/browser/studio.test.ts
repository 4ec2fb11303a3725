// The creator studio in Chromium at 390x844: scripted viewers' heartbeats and subscriptions, the
// rollup job, then the creator's /studio and the video's page show those numbers (subscribers gained
// and lost, the chapters under the retention curve), with no serious axe violation, in both themes;
// the way in from the 'You' page and the avatar menu. Screenshots at 390x844 and 1280x800 go to
// screenshots/studio/.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Heartbeat } from '../../contract/analytics.js';
import { analyticsRollupJob } from '../../server/jobs/handlers/analyticsRollup.js';
import type { JobContext, JobDeps } from '../../server/jobs/types.js';
import { call, insertVideo, registerUser, startServer, type TestServer, type TestUser } from '../server/harness.js';
import { axeProblems } from './axe.js';
import { animationsEnded, chromiumMissingReason, APP_SERVER_ENV, ensureBuilt, eventually, launchChromium, signedInPage } from './chromium.js';

const missing = chromiumMissingReason();
if (missing) console.log(`[skip] browser tests skipped: ${missing}`);

async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForFunction(() => !document.querySelector('.page-progress') && !document.querySelector('[aria-label="Loading analytics"]'));
  await animationsEnded(page);
}

/** The value of the stat tile labelled `label`. */
const tile = (page: Page, label: string) => page.locator('dl', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd').textContent();

describe.skipIf(missing !== null)('creator studio', () => {
  let server: TestServer;
  let browser: Browser;
  let creator: TestUser;
  let videoId = '';

  beforeAll(() => ensureBuilt());
  beforeAll(async () => {
    server = await startServer({ env: APP_SERVER_ENV });
    creator = await registerUser(server, { fullName: 'Ada Lovelace' });
    const viewer = await registerUser(server);
    videoId = await insertVideo(server, creator.id, { title: 'Notes on the analytical engine', duration: 120, description: 'Chapters:\n0:00 Intro\n0:30 The mill\n1:30 The store' });
    await insertVideo(server, creator.id, { title: 'A video nobody watched yet', duration: 60 });
    // Three viewers: one signed in on a phone from home, two signed out (search on a phone, an outside link on a computer).
    const at = new Date(Date.now() - 60_000).toISOString();
    const beat = (playbackId: string, ranges: number[][], source: Heartbeat['source'], device: Heartbeat['device']): Heartbeat => ({ id: `beat-${playbackId}`, videoId, playbackId, at, ranges, source, device });
    const sent = [
      await call(server, 'POST', '/analytics/heartbeats', { token: viewer.token, json: { heartbeats: [beat('playback-signed-in', [[0, 120]], 'home', 'phone')] } }),
      await call(server, 'POST', '/analytics/heartbeats', { json: { heartbeats: [beat('playback-search', [[0, 60]], 'search', 'phone')] } }),
      await call(server, 'POST', '/analytics/heartbeats', { json: { heartbeats: [beat('playback-outside', [[0, 30]], 'external', 'desktop')] } }),
    ];
    expect(sent.map((answer) => answer.body.data.accepted)).toEqual([1, 1, 1]);
    // Two subscribe, one of them leaves: two gained, one lost, one subscriber now.
    const leaver = await registerUser(server);
    for (const fan of [viewer, leaver, leaver]) expect((await call(server, 'POST', `/subscription/toggle/sub/${creator.id}`, { token: fan.token })).status).toBe(200);
    // The job the intake queued may have run already; running it again changes nothing.
    const deps = { config: server.config, repos: server.app.repos, log: server.app.log } as unknown as JobDeps;
    await analyticsRollupJob.run(deps, { id: 'analytics-rollup', payload: {}, attempt: 1, signal: new AbortController().signal, progress: async () => undefined } as JobContext<'analytics-rollup'>);
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  for (const theme of ['dark', 'light'] as const) {
    it(`shows the viewers' numbers on /studio and the video's page at 390x844 (${theme}), axe clean`, async () => {
      const { context, page } = await signedInPage(browser, server, creator, { viewport: { width: 390, height: 844 }, colorScheme: theme });
      await context.addInitScript((preference) => localStorage.setItem('theme', preference), theme);
      await page.goto(`${server.url}/studio?range=7d`);
      await eventually(() => tile(page, 'Views')).toBe('3');
      expect(await tile(page, 'Avg. view')).toBe('1:10');
      expect(await tile(page, 'Watch time')).toBe('0h 3m');
      expect(await page.getByRole('figure', { name: /Views per day/ }).isVisible()).toBe(true);
      expect(await page.getByRole('figure', { name: /Traffic sources/ }).textContent()).toContain('Home 33%, Search 33%, Outside links 33%');
      expect(await page.getByRole('figure', { name: /Devices/ }).textContent()).toContain('Phone 67%, Computer 33%');
      // The charts are drawn (x-charts' SVG), not only described.
      expect(await page.locator('figure svg path').count()).toBeGreaterThan(0);
      expect([await tile(page, 'Gained'), await tile(page, 'Lost'), await tile(page, 'Total')]).toEqual(['+2', '−1', '1']);
      expect(await page.getByRole('figure', { name: /Subscribers per day/ }).textContent()).toContain('2 gained and 1 lost over 7 days (net +1).');
      // No horizontal scrolling on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await settled(page);
      await page.screenshot({ path: `screenshots/studio/studio-390-${theme}.png`, fullPage: true });
      expect(await axeProblems(page)).toEqual([]);

      await page.getByRole('link', { name: /Notes on the analytical engine/ }).click();
      await eventually(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Notes on the analytical engine');
      expect(await tile(page, 'Views')).toBe('3');
      expect(await tile(page, 'Avg. view')).toBe('1:10');
      // Everyone saw the start, two of three the middle, one the end.
      const retention = page.getByRole('figure', { name: /Audience retention/ });
      expect(await retention.textContent()).toContain('100% of views watched the start, 67% reached the middle and 33% the end.');
      // The chapters, as a list, and as marks spanning the chart's plot area, each from where it starts.
      expect(await retention.getByRole('list', { name: 'Chapters' }).getByRole('listitem').allTextContents()).toEqual([
        '0:00 Intro · 100% still watching',
        '0:30 The mill · 67% still watching',
        '1:30 The store · 33% still watching',
      ]);
      const axis = await retention.locator('.MuiChartsAxis-directionX .MuiChartsAxis-line').boundingBox();
      const marks = await retention.locator('[aria-hidden] > [title]').evaluateAll((nodes) => nodes.map((node) => node.getBoundingClientRect()).map(({ left, right }) => ({ left, right })));
      expect(marks).toHaveLength(3);
      expect(Math.abs(marks[0]!.left - axis!.x)).toBeLessThan(2);
      expect(Math.abs(marks[2]!.right - (axis!.x + axis!.width))).toBeLessThan(4);
      // 90 s of 120: three quarters along (bucket 75 of the axis' 0..99).
      expect(Math.abs(marks[2]!.left - (axis!.x + (axis!.width * 75) / 99))).toBeLessThan(2);
      await settled(page);
      await page.screenshot({ path: `screenshots/studio/studio-video-390-${theme}.png`, fullPage: true });
      expect(await axeProblems(page)).toEqual([]);
      await context.close();
    });
  }

  it("opens from the phone's 'You' page, for its owner only", async () => {
    const { context, page } = await signedInPage(browser, server, creator, { viewport: { width: 390, height: 844 } });
    await page.goto(`${server.url}/home`);
    await page.getByRole('navigation', { name: 'Bottom navigation' }).getByRole('link', { name: 'You' }).click();
    const studioLink = page.getByRole('link', { name: 'Studio' });
    await studioLink.waitFor();
    await settled(page);
    await page.screenshot({ path: 'screenshots/studio/you-390.png' });
    await studioLink.click();
    await page.waitForURL(`${server.url}/studio`);
    await eventually(() => tile(page, 'Views')).toBe('3');
    await context.close();

    const visitor = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await visitor.goto(`${server.url}/profile/${creator.username}`);
    await visitor.getByRole('heading', { name: 'Ada Lovelace' }).waitFor();
    expect(await visitor.getByRole('link', { name: 'Studio' }).count()).toBe(0);
    await visitor.close();
  });

  it('lays out at 1280x800, opens from the avatar menu and refuses another creator\'s video page', async () => {
    const { page, context } = await signedInPage(browser, server, creator, { viewport: { width: 1280, height: 800 }, colorScheme: 'dark' });
    await page.goto(`${server.url}/home`);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Studio' }).click();
    await page.waitForURL(`${server.url}/studio`);
    await page.goto(`${server.url}/studio?range=28d`);
    await eventually(() => tile(page, 'Views')).toBe('3');
    await settled(page);
    await page.screenshot({ path: 'screenshots/studio/studio-1280-dark.png', fullPage: true });
    await page.goto(`${server.url}/studio/videos/${videoId}?range=28d`);
    await eventually(() => tile(page, 'Views')).toBe('3');
    await settled(page);
    await page.screenshot({ path: 'screenshots/studio/studio-video-1280-dark.png', fullPage: true });
    expect(await axeProblems(page)).toEqual([]);
    await context.close();

    const stranger = await registerUser(server);
    const other = await signedInPage(browser, server, stranger, { viewport: { width: 390, height: 844 } });
    await other.page.goto(`${server.url}/studio/videos/${videoId}`);
    await eventually(() => other.page.getByRole('alert').textContent()).toContain('Only the video');
    await other.context.close();
  });
});
