// Profiles, playlists, search and settings in Debian's Chromium against the real server and the built PWA: the owner edits a profile
// (name, cover, avatar), creates a playlist, adds and removes a video, renames and deletes it,
// searches and follows a user, a video and a playlist, clears history and liked videos through
// their confirmations, changes the password and signs in with the new one; a second user sees
// none of the owner-only controls, and a signed-out visitor is told to log in for a private tab.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, insertVideo, pngBytes, registerUser, startServer, type TestServer, type TestUser } from '../server/harness.js';
import { chromiumMissingReason, APP_SERVER_ENV, ensureBuilt, eventually, launchChromium } from './chromium.js';

const missing = chromiumMissingReason();
if (missing) console.log(`[skip] browser tests skipped: ${missing}`);


const png = async (name: string, color: string) => ({ name, mimeType: 'image/png', buffer: Buffer.from(await pngBytes(320, 120, color)) });

describe.skipIf(missing !== null)('profile, playlists, search and settings in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let owner: TestUser;
  let viewer: TestUser;
  let ownerContext: BrowserContext;
  let page: Page;
  let ownerToken = '';
  let videoId = '';
  const videoTitle = 'Harbour lights at dusk';
  const pageErrors: string[] = [];

  const toast = (text: string) => page.locator('#notistack-snackbar', { hasText: text });
  const path = () => {
    const url = new URL(page.url());
    return url.pathname + url.search;
  };

  beforeAll(async () => {
    await ensureBuilt();
    server = await startServer({ env: APP_SERVER_ENV });
    owner = await registerUser(server, { fullName: 'Profile Owner' });
    viewer = await registerUser(server, { fullName: 'Zanzibar Viewer' });
    videoId = await insertVideo(server, owner.id, { title: videoTitle, duration: 3725 });
    browser = await launchChromium();
    ownerContext = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'dark' });
    page = await ownerContext.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('signs in and edits the full name in place, without a reload', async () => {
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Password', { exact: true }).fill(owner.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${server.url}/home`);
    ownerToken = (await page.evaluate(() => localStorage.getItem('token')))!;

    // From the avatar menu, as a user would.
    await page.getByLabel('Account menu').click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.waitForURL(`${server.url}/profile/${owner.username}`);
    await eventually(() => page.getByRole('heading', { name: 'Profile Owner' }).isVisible()).toBe(true);
    for (const label of ['Videos', 'Subscribers', 'Views', 'Likes']) {
      await eventually(() => page.getByLabel('Channel statistics').getByText(label, { exact: true }).isVisible()).toBe(true);
    }
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same page'));

    await page.getByLabel('Edit full name').click();
    await page.getByLabel('Full name', { exact: true }).fill('   ');
    await page.getByLabel('Save full name').click();
    await eventually(() => toast('Full name cannot be empty').isVisible()).toBe(true);
    await page.getByLabel('Full name', { exact: true }).fill('Renamed Owner');
    await page.getByLabel('Save full name').click();
    await eventually(() => toast('Full name updated successfully').isVisible()).toBe(true);
    await eventually(() => page.getByRole('heading', { name: 'Renamed Owner' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same page');
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('user')!).fullName)).toBe('Renamed Owner');
  });

  it('changes the cover and the avatar: choose, confirm or cancel', async () => {
    await page.getByRole('button', { name: 'Edit cover' }).click();
    await page.getByLabel('Save cover').click();
    await eventually(() => toast('Please select a cover image').isVisible()).toBe(true);
    await page.getByLabel('Choose cover image').setInputFiles(await png('cover.png', '#1e88e5'));
    await eventually(() => page.getByAltText('New cover preview').isVisible()).toBe(true);
    await page.getByLabel('Cancel cover edit').click();
    await eventually(() => page.getByAltText('New cover preview').count()).toBe(0);

    await page.getByRole('button', { name: 'Edit cover' }).click();
    await page.getByLabel('Choose cover image').setInputFiles(await png('cover.png', '#43a047'));
    await page.getByLabel('Save cover').click();
    await eventually(() => toast('Cover image updated successfully').isVisible()).toBe(true);
    await eventually(() => page.getByAltText("Renamed Owner's cover").getAttribute('src')).toMatch(/\/media\/image\/upload\//);

    const avatarBefore = await page.evaluate(() => JSON.parse(localStorage.getItem('user')!).avatar);
    await page.getByLabel('Change avatar').click();
    await page.getByLabel('Save avatar').click();
    await eventually(() => toast('Please select an avatar').isVisible()).toBe(true);
    await page.getByLabel('Choose avatar').setInputFiles(await png('me.png', '#f4511e'));
    await page.getByLabel('Save avatar').click();
    await eventually(() => toast('Avatar updated successfully').isVisible()).toBe(true);
    const avatarAfter = await page.evaluate(() => JSON.parse(localStorage.getItem('user')!).avatar);
    expect(avatarAfter).not.toBe(avatarBefore);
    // The header's account button follows the stored user.
    await eventually(() => page.getByLabel('Account menu').locator('img').getAttribute('src')).toBe(avatarAfter);
  });

  it('keeps the tab in the URL across reload and back', async () => {
    await page.getByRole('tab', { name: 'Playlists' }).click();
    await eventually(() => path()).toBe(`/profile/${owner.username}?tab=playlists`);
    await eventually(() => page.getByText('No playlists found').isVisible()).toBe(true);
    await page.reload();
    await eventually(() => page.getByRole('tab', { name: 'Playlists' }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('tab', { name: 'Watch History' }).click();
    await eventually(() => path()).toBe(`/profile/${owner.username}?tab=history`);
    await page.goBack();
    await eventually(() => page.getByRole('tab', { name: 'Playlists' }).getAttribute('aria-selected')).toBe('true');
  });

  it('creates a playlist, adds the video, removes it again', async () => {
    await page.getByRole('link', { name: 'Create Playlist' }).click();
    await page.waitForURL(`${server.url}/create-playlist`);
    const submit = page.getByRole('button', { name: 'Create Playlist' });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('Playlist Name *').fill('Evening walks');
    await eventually(() => page.getByText('13/100').isVisible()).toBe(true);
    await page.getByLabel('Description *').fill('Slow videos for slow evenings');
    await submit.click();
    await eventually(() => page.getByText('Playlist Created Successfully!').isVisible()).toBe(true);
    // Back one page after 1.5 s: the profile's Playlists tab.
    await page.waitForURL(`${server.url}/profile/${owner.username}?tab=playlists`);
    await page.getByRole('link', { name: 'Evening walks' }).click();
    await page.waitForURL(/\/playlist\/[^/]+$/);
    const playlistPath = path();
    await eventually(() => page.getByText('This playlist is empty').isVisible()).toBe(true);

    await page.getByRole('link', { name: 'Add Your First Video' }).click();
    await page.waitForURL(`${server.url}${playlistPath}/add-videos`);
    const add = page.getByRole('button', { name: 'Add to Playlist' });
    const tile = page.getByRole('button', { name: videoTitle });
    await tile.click();
    expect(await tile.getAttribute('aria-pressed')).toBe('true');
    await tile.click();
    expect(await tile.getAttribute('aria-pressed')).toBe('false');
    expect(await add.isDisabled()).toBe(true);
    await tile.click();
    await eventually(() => page.getByLabel('Selected video preview').getByText(videoTitle).isVisible()).toBe(true);
    await add.click();
    await eventually(() => page.getByText('Video Added Successfully!').isVisible()).toBe(true);
    await page.waitForURL(`${server.url}${playlistPath}`);
    await eventually(() => page.getByRole('link', { name: videoTitle, exact: true }).isVisible()).toBe(true);
    // Summary: one video of 3725 s, Total Duration as hours and minutes.
    await eventually(() => page.getByLabel('Playlist summary').getByText('1h 2m').isVisible()).toBe(true);

    await page.getByLabel(`Remove ${videoTitle} from playlist`).click();
    await eventually(() => page.getByText('This playlist is empty').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Back to Playlists' }).click();
    await eventually(() => path()).toBe(`/profile/${owner.username}?tab=playlists`);
  });

  it('renames the playlist inline and deletes it after the confirmation', async () => {
    await page.getByLabel('Rename Evening walks').click();
    await page.getByLabel('Playlist name').fill('Night walks');
    await page.getByLabel('Save name').click();
    await eventually(() => toast('Playlist name updated successfully').isVisible()).toBe(true);
    await eventually(() => page.getByRole('link', { name: 'Night walks' }).isVisible()).toBe(true);

    await page.getByLabel('Delete Night walks').click();
    const dialog = page.getByRole('dialog');
    await eventually(() => dialog.getByText('This action cannot be undone.', { exact: false }).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await eventually(() => toast('Playlist deleted successfully').isVisible()).toBe(true);
    await eventually(() => page.getByText('No playlists found').isVisible()).toBe(true);
  });

  it('searches and follows a user, a video and a playlist', async () => {
    const viewerVideo = await insertVideo(server, viewer.id, { title: 'Zanzibar harbour at noon' });
    const created = await call(server, 'POST', '/playlist/create', { token: viewer.token, json: { name: 'Zanzibar mornings', description: 'Early light' } });
    expect(created.status).toBe(201);
    const playlistId = created.body.data._id as string;

    const box = page.getByLabel('Search videos, channels and playlists');
    await box.fill('zanzibar');
    await box.press('Enter');
    await page.waitForURL(`${server.url}/search?q=zanzibar`);
    for (const heading of ['Users (1)', 'Videos (1)', 'Playlists (1)']) {
      await eventually(() => page.getByRole('heading', { name: heading }).isVisible()).toBe(true);
    }
    expect(await page.locator('main mark').first().textContent()).toBe('Zanzibar');

    await page.getByRole('link', { name: `Zanzibar Viewer (@${viewer.username})` }).click();
    await page.waitForURL(`${server.url}/profile/${viewer.username}`);
    await page.goBack();
    await page.getByRole('link', { name: 'Zanzibar harbour at noon' }).click();
    await page.waitForURL(`${server.url}/watch/${viewerVideo}`);
    await page.goBack();
    await page.getByRole('link', { name: 'Zanzibar mornings' }).click();
    await page.waitForURL(`${server.url}/playlist/${playlistId}`);
    // Not the owner's playlist: no owner controls.
    await eventually(() => page.getByRole('heading', { name: 'Zanzibar mornings' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Add Videos' }).count()).toBe(0);

    await page.goto(`${server.url}/search?q=nothing%20like%20this`);
    await eventually(() => page.getByText('No results found.').isVisible()).toBe(true);
    await page.goto(`${server.url}/search`);
    await eventually(() => page.getByText('Enter a search query.').isVisible()).toBe(true);
  });

  it('removes one history entry, then clears history and liked videos through their confirmations', async () => {
    const other = await insertVideo(server, viewer.id, { title: 'Lighthouse keeper', duration: 90 });
    for (const id of [videoId, other]) {
      expect((await call(server, 'POST', `/watch-history/add/${id}`, { token: ownerToken })).status).toBe(200);
      expect((await call(server, 'POST', `/likes/toggle/v/${id}?reactionType=like`, { token: ownerToken })).status).toBe(200);
    }
    // Following the search result to the watch screen may have added to the history too.
    const entries = (await call(server, 'GET', '/watch-history/get/?page=1', { token: ownerToken })).body.data.videos.length as number;
    expect(entries).toBeGreaterThanOrEqual(2);
    const countText = (n: number) => `${n} ${n === 1 ? 'video' : 'videos'}`;
    await page.goto(`${server.url}/profile/${owner.username}?tab=history`);
    await eventually(() => page.getByRole('heading', { name: 'My Watch History' }).isVisible()).toBe(true);
    await eventually(() => page.getByText(countText(entries), { exact: true }).isVisible()).toBe(true);
    await page.getByLabel('Remove Lighthouse keeper from history').click();
    await eventually(() => page.getByText(countText(entries - 1), { exact: true }).isVisible()).toBe(true);
    expect(await page.getByLabel('Remove Lighthouse keeper from history').count()).toBe(0);
    await page.getByRole('button', { name: 'Clear History' }).click();
    await eventually(() => page.getByRole('dialog').getByText('This action cannot be undone.', { exact: false }).isVisible()).toBe(true);
    await page.getByRole('dialog').getByRole('button', { name: 'Clear History' }).click();
    await eventually(() => page.getByText('No watch history yet').isVisible()).toBe(true);

    await page.goto(`${server.url}/liked-videos`);
    await eventually(() => page.getByRole('heading', { name: 'My Liked Videos' }).isVisible()).toBe(true);
    await eventually(() => page.getByRole('link', { name: 'Lighthouse keeper', exact: true }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Clear All' }).click();
    await eventually(() => page.getByRole('dialog').getByText('This action cannot be undone.', { exact: false }).isVisible()).toBe(true);
    await page.getByRole('dialog').getByRole('button', { name: 'Clear All' }).click();
    await eventually(() => page.getByText('No liked videos yet').isVisible()).toBe(true);
    const liked = await call(server, 'GET', '/likes/get/user/liked-videos?page=1', { token: ownerToken });
    expect(liked.body.data.videos).toEqual([]);
  });

  it("changes the photo in settings, then the password, and signs in with the new one", async () => {
    await page.goto(`${server.url}/settings`);
    const avatarBefore = await page.evaluate(() => JSON.parse(localStorage.getItem('user')!).avatar);
    await page.getByLabel('Change Photo').setInputFiles(await png('photo.png', '#8e24aa'));
    await eventually(() => toast('Avatar updated successfully').isVisible()).toBe(true);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('user')!).avatar)).not.toBe(avatarBefore);

    await page.getByLabel('Current Password').fill(owner.password);
    await page.getByLabel('New Password').fill('a brand new passphrase');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await eventually(() => toast('Password updated successfully').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${server.url}/login`);

    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Password', { exact: true }).fill(owner.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await eventually(() => toast('Invalid email or password').isVisible()).toBe(true);
    await page.getByLabel('Password', { exact: true }).fill('a brand new passphrase');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${server.url}/home`);
    // Logging out ended the old session.
    ownerToken = (await page.evaluate(() => localStorage.getItem('token')))!;
  });

  it('shows a second user none of the owner-only controls, and its own visitor buttons work', async () => {
    const created = await call(server, 'POST', '/playlist/create', { token: ownerToken, json: { name: 'Owner picks', description: 'Mine' } });
    const playlistId = created.body.data._id as string;
    await call(server, 'PATCH', `/playlist/add/${videoId}/${playlistId}`, { token: ownerToken });
    const login = await call(server, 'POST', '/users/login', { json: { email: viewer.email, password: viewer.password } });
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await context.addInitScript(
      ([token, user]) => {
        if (localStorage.getItem('token') === null) {
          localStorage.setItem('token', token);
          localStorage.setItem('user', user);
        }
      },
      [login.body.data.accessToken, JSON.stringify({ ...login.body.data.loggedInUser, id: login.body.data.loggedInUser._id })] as const,
    );
    const visitor = await context.newPage();
    visitor.on('pageerror', (error) => pageErrors.push(error.message));
    const visitorToast = (text: string) => visitor.locator('#notistack-snackbar', { hasText: text });
    // The header has its own Notifications and upload buttons: look inside the screen only.
    const main = visitor.locator('main');

    // A private tab in the URL falls back to videos for a non-owner.
    await visitor.goto(`${server.url}/profile/${owner.username}?tab=liked`);
    await eventually(() => visitor.getByRole('heading', { name: 'Renamed Owner' }).isVisible()).toBe(true);
    await eventually(() => new URL(visitor.url()).search).toBe('');
    expect(await visitor.getByRole('tab').allTextContents()).toEqual(['Videos', 'Playlists']);
    for (const label of ['Edit full name', 'Edit cover', 'Change avatar']) expect(await visitor.getByLabel(label).count()).toBe(0);
    await eventually(() => visitor.getByRole('link', { name: videoTitle, exact: true }).isVisible()).toBe(true);
    expect(await main.getByRole('link', { name: 'Upload Video' }).count()).toBe(0);

    await main.getByRole('button', { name: 'Subscribe', exact: true }).click();
    await eventually(() => main.getByRole('button', { name: 'Unsubscribe' }).isVisible()).toBe(true);
    await eventually(() => main.getByLabel('Channel statistics').getByText('1', { exact: true }).count()).toBeGreaterThan(0);
    // A new subscription notifies by default (server); the button toggles the stored preference.
    const bell = main.getByRole('button', { name: 'Notifications' });
    await eventually(() => bell.getAttribute('aria-pressed')).toBe('true');
    await bell.click();
    await eventually(() => visitorToast('Notifications turned off').isVisible()).toBe(true);
    await eventually(() => bell.getAttribute('aria-pressed')).toBe('false');
    const status = await call(server, 'GET', `/users/c/${owner.username}`, { token: login.body.data.accessToken });
    expect(status.body.data.notify).toBe(false);
    await bell.click();
    await eventually(() => visitorToast('Notifications turned on').isVisible()).toBe(true);
    await eventually(() => bell.getAttribute('aria-pressed')).toBe('true');
    await main.getByRole('button', { name: 'Share' }).click();
    await eventually(() => visitorToast('Link copied to clipboard!').isVisible()).toBe(true);
    expect(await visitor.evaluate(() => navigator.clipboard.readText())).toBe(`${server.url}/profile/${owner.username}`);

    await visitor.getByRole('tab', { name: 'Playlists' }).click();
    await eventually(() => visitor.getByRole('link', { name: 'Owner picks' }).isVisible()).toBe(true);
    expect(await main.getByRole('link', { name: 'Create Playlist' }).count()).toBe(0);
    expect(await visitor.getByLabel('Rename Owner picks').count()).toBe(0);
    expect(await visitor.getByLabel('Delete Owner picks').count()).toBe(0);
    await visitor.getByRole('link', { name: 'Owner picks' }).click();
    await eventually(() => visitor.getByRole('link', { name: videoTitle, exact: true }).isVisible()).toBe(true);
    expect(await visitor.getByRole('link', { name: 'Add Videos' }).count()).toBe(0);
    expect(await visitor.getByLabel(`Remove ${videoTitle} from playlist`).count()).toBe(0);
    await context.close();
  });

  it('tells a signed-out visitor to log in for a private tab and shows videos', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const guest = await context.newPage();
    await guest.goto(`${server.url}/profile/${owner.username}?tab=history`);
    await eventually(() => guest.getByText('Please log in to view Watch History.').isVisible()).toBe(true);
    await eventually(() => new URL(guest.url()).search).toBe('');
    expect(await guest.getByRole('tab', { name: 'Videos' }).getAttribute('aria-selected')).toBe('true');
    await guest.locator('main').getByRole('button', { name: 'Login to Subscribe' }).click();
    await guest.waitForURL(`${server.url}/login`);
    await context.close();
  });

  it('threw no uncaught error in the pages along the way', () => {
    expect(pageErrors).toEqual([]);
  });
});
