import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageStorageKey } from '../../server/media/images.js';
import { blobOf, call, databases, insertVideo, pngBytes, registerUser, startServer, type TestServer, type TestUser } from '../support/server.js';

/** The stored image name behind an image URL (the last path segment). */
const imageNameOf = (url: string) => url.split('/').pop()!;

function imageForm(field: string, bytes: Uint8Array, type = 'image/png', filename = 'picture.png'): FormData {
  const form = new FormData();
  form.set(field, blobOf(bytes, type), filename);
  return form;
}

describe.each(databases)('users and accounts on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ dialect });
  });
  afterAll(() => server?.close());

  const details = (user: TestUser, json: Record<string, unknown>) => call(server, 'POST', '/users/update-all-details', { token: user.token, json });

  it('shows a profile with its counts, signed out or in, and never the email', async () => {
    const owner = await registerUser(server, { fullName: 'Grace Hopper' });
    const fan = await registerUser(server);
    const first = await insertVideo(server, owner.id);
    const second = await insertVideo(server, owner.id);
    const unfinished = await insertVideo(server, owner.id);
    const db = server.app.db.db;
    await db.updateTable('videos').set({ views_count: 7, likes_count: 2 }).where('id', '=', first).execute();
    await db.updateTable('videos').set({ views_count: 5, likes_count: 1 }).where('id', '=', second).execute();
    await server.app.repos.videos.setStatus(unfinished, 'processing');
    await call(server, 'POST', `/subscription/toggle/sub/${owner.id}`, { token: fan.token });

    const visitor = await call(server, 'GET', `/users/c/${owner.username.toUpperCase()}`);
    expect(visitor.status).toBe(200);
    expect(visitor.body).toMatchObject({ statusCode: 200, success: true });
    expect(visitor.body.data).toMatchObject({
      _id: owner.id,
      username: owner.username,
      fullName: 'Grace Hopper',
      bio: '',
      totalVideos: 2,
      subscribersCount: 1,
      totalViews: 12,
      totalLikes: 3,
      isSubscribed: false,
      notify: false,
    });
    expect(visitor.body.data.avatar).toMatch(/\/media\/image\/upload\/.+\.webp$/);
    expect(visitor.body.data.coverImage).toBe('');
    expect(JSON.stringify(visitor.body)).not.toContain(owner.email);
    expect(JSON.stringify(visitor.body)).not.toMatch(/argon2|"password(_hash|Hash)?"/i);

    const asFan = await call(server, 'GET', `/users/c/${owner.username}`, { token: fan.token });
    expect(asFan.body.data).toMatchObject({ isSubscribed: true, notify: true, subscribersCount: 1 });

    // The owner also counts the video still processing, as their Videos tab lists it.
    const asOwner = await call(server, 'GET', `/users/c/${owner.username}`, { token: owner.token });
    expect(asOwner.body.data).toMatchObject({ totalVideos: 3, totalViews: 12, isSubscribed: false });

    const missing = await call(server, 'GET', '/users/c/nobody_here');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ statusCode: 404, message: 'User not found', success: false });
  });

  it('updates the full name alone from the profile page (multipart, 201) and keeps the email', async () => {
    const user = await registerUser(server);
    const form = new FormData();
    form.set('fullName', '  Katherine Johnson  ');
    const result = await call(server, 'POST', '/users/update-all-details', { token: user.token, form });
    expect(result.status).toBe(201);
    expect(result.body).toMatchObject({ statusCode: 201, success: true });
    expect(result.body.data).toMatchObject({ _id: user.id, fullName: 'Katherine Johnson', email: user.email, username: user.username });
    expect(JSON.stringify(result.body)).not.toMatch(/argon2|"password(_hash|Hash)?"/i);
    const me = await call(server, 'GET', '/users/me', { token: user.token });
    expect(me.body.data.fullName).toBe('Katherine Johnson');
  });

  it('updates name, email, username and bio from the settings form (urlencoded and JSON)', async () => {
    const user = await registerUser(server);
    const fresh = `set${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const form = await call(server, 'POST', '/users/update-all-details', {
      token: user.token,
      urlencoded: { fullName: 'Dorothy Vaughan', email: ` ${fresh.toUpperCase()}@Example.com `, username: ` ${fresh.toUpperCase()} `, bio: ' Computes things. ' },
    });
    expect(form.status).toBe(201);
    expect(form.body.data).toMatchObject({ fullName: 'Dorothy Vaughan', email: `${fresh}@example.com`, username: fresh, bio: 'Computes things.' });
    expect((await call(server, 'GET', `/users/c/${fresh}`)).body.data.bio).toBe('Computes things.');
    const login = await call(server, 'POST', '/users/login', { json: { email: `${fresh}@example.com`, password: user.password } });
    expect(login.status).toBe(200);

    // A blank username (the settings screen has no field for it) leaves it as it is.
    const json = await details(user, { fullName: 'Dorothy V.', email: `${fresh}@example.com`, username: '  ' });
    expect(json.status).toBe(201);
    expect(json.body.data).toMatchObject({ fullName: 'Dorothy V.', username: fresh });
  });

  it('rejects blank or invalid details with the spec messages', async () => {
    const user = await registerUser(server);
    const required = { statusCode: 400, message: 'Full name and email are required', success: false };
    expect((await details(user, { fullName: '   ', email: user.email })).body).toMatchObject(required);
    expect((await details(user, { fullName: 'Someone', email: '  ' })).body).toMatchObject(required);
    const missingName = await details(user, { email: user.email });
    expect(missingName.status).toBe(400);
    expect(missingName.body.message).toBe('Full name and email are required');
    const blankForm = await call(server, 'POST', '/users/update-all-details', { token: user.token, urlencoded: { fullName: '', email: '' } });
    expect(blankForm.status).toBe(400);
    expect(blankForm.body.message).toBe('Full name and email are required');

    const email = await details(user, { fullName: 'Someone', email: 'not-an-email' });
    expect(email.status).toBe(400);
    expect(email.body.message).toBe('Invalid email address');
    const username = await details(user, { fullName: 'Someone', username: 'no spaces!' });
    expect(username.status).toBe(400);
    expect(username.body.message).toMatch(/^Username must be 3-30 characters/);
    const long = await details(user, { fullName: 'x'.repeat(101) });
    expect(long.status).toBe(400);
    const bio = await details(user, { fullName: 'Someone', bio: 'b'.repeat(501) });
    expect(bio.status).toBe(400);

    const me = await call(server, 'GET', '/users/me', { token: user.token });
    expect(me.body.data).toMatchObject({ fullName: user.fullName, email: user.email, username: user.username });
  });

  it('answers 409 when the email or username belongs to someone else, case-insensitively', async () => {
    const user = await registerUser(server);
    const other = await registerUser(server);
    const email = await details(user, { fullName: 'Someone', email: other.email.toUpperCase() });
    expect(email.status).toBe(409);
    expect(email.body).toMatchObject({ statusCode: 409, success: false, message: 'Email is already registered' });
    const username = await details(user, { fullName: 'Someone', username: other.username.toUpperCase() });
    expect(username.status).toBe(409);
    expect(username.body.message).toBe('Username is already taken');
    // Keeping one's own email and username is no clash.
    const same = await details(user, { fullName: 'Someone', email: user.email, username: user.username });
    expect(same.status).toBe(201);
  });

  it('replaces the avatar and the cover, removing the old image files', async () => {
    const user = await registerUser(server);
    const before = (await call(server, 'GET', '/users/me', { token: user.token })).body.data;
    const oldAvatar = imageForm('avatar', await pngBytes(80, 80, '#ff0000'));
    const avatar = await call(server, 'POST', '/users/update-avatar', { token: user.token, form: oldAvatar });
    expect(avatar.status).toBe(200);
    expect(avatar.body).toMatchObject({ statusCode: 200, success: true, message: 'Avatar updated successfully' });
    expect(avatar.body.data._id).toBe(user.id);
    expect(avatar.body.data.avatar).toMatch(/\.webp$/);
    expect(avatar.body.data.avatar).not.toBe(before.avatar);
    expect(await server.app.storage.stat(imageStorageKey(imageNameOf(before.avatar)))).toBeNull();
    expect(await server.app.storage.stat(imageStorageKey(imageNameOf(avatar.body.data.avatar)))).not.toBeNull();

    const cover = await call(server, 'POST', '/users/update-coverImage', { token: user.token, form: imageForm('coverImage', await pngBytes(400, 100)) });
    expect(cover.status).toBe(200);
    expect(cover.body.message).toBe('Cover image updated successfully');
    const firstCover = cover.body.data.coverImage as string;
    expect(firstCover).toMatch(/\.webp$/);
    const again = await call(server, 'POST', '/users/update-coverImage', { token: user.token, form: imageForm('coverImage', await pngBytes(400, 100, '#00ff00')) });
    expect(again.status).toBe(200);
    expect(await server.app.storage.stat(imageStorageKey(imageNameOf(firstCover)))).toBeNull();
    const profile = await call(server, 'GET', `/users/c/${user.username}`);
    expect(profile.body.data.coverImage).toBe(again.body.data.coverImage);
  });

  it('refuses non-images (415), missing files (400) and images over 5 MB (413)', async () => {
    const user = await registerUser(server);
    const text = await call(server, 'POST', '/users/update-avatar', {
      token: user.token,
      form: imageForm('avatar', new TextEncoder().encode('just some text, not an image'), 'image/png', 'fake.png'),
    });
    expect(text.status).toBe(415);
    expect(text.body.success).toBe(false);

    const empty = new FormData();
    empty.set('note', 'no file here');
    const noAvatar = await call(server, 'POST', '/users/update-avatar', { token: user.token, form: empty });
    expect(noAvatar.status).toBe(400);
    expect(noAvatar.body.message).toBe('Please select an avatar');
    const noCover = await call(server, 'POST', '/users/update-coverImage', { token: user.token, form: empty });
    expect(noCover.status).toBe(400);
    expect(noCover.body.message).toBe('Please select a cover image');
    const notMultipart = await call(server, 'POST', '/users/update-avatar', { token: user.token, json: { avatar: 'x' } });
    expect(notMultipart.status).toBe(415);

    const big = new Uint8Array(6 * 1024 * 1024);
    big.set(await pngBytes(), 0);
    const huge = await call(server, 'POST', '/users/update-coverImage', { token: user.token, form: imageForm('coverImage', big) });
    expect(huge.status).toBe(413);
    expect(huge.body.success).toBe(false);

    const me = await call(server, 'GET', '/users/me', { token: user.token });
    expect(me.body.data.coverImage).toBe('');
  });

  it('changes the password: other sessions end, the caller stays, only the new password logs in', async () => {
    const user = await registerUser(server);
    const other = await call(server, 'POST', '/users/login', { json: { email: user.email, password: user.password } });
    const otherToken = other.body.data.accessToken as string;
    const change = (fields: Record<string, string>) => call(server, 'POST', '/users/update-password', { token: user.token, urlencoded: fields });

    const missing = await change({ currentPassword: user.password, newPassword: '   ' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Current password and new password are required');
    const wrong = await change({ currentPassword: 'not my password', newPassword: 'a brand new secret' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Current password is incorrect');
    const short = await change({ currentPassword: user.password, newPassword: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Password must be at least 8 characters');
    // Nothing above ended a session.
    expect((await call(server, 'GET', '/users/me', { token: otherToken })).status).toBe(200);

    const ok = await change({ currentPassword: ` ${user.password} `, newPassword: '  a brand new secret  ' });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ statusCode: 200, success: true, message: 'Password updated successfully' });
    expect((await call(server, 'GET', '/users/me', { token: user.token })).status).toBe(200);
    expect((await call(server, 'GET', '/users/me', { token: otherToken })).status).toBe(401);

    const old = await call(server, 'POST', '/users/login', { json: { email: user.email, password: user.password } });
    expect(old.status).toBe(401);
    const fresh = await call(server, 'POST', '/users/login', { json: { email: user.email, password: 'a brand new secret' } });
    expect(fresh.status).toBe(200);

    // JSON bodies work too.
    const back = await call(server, 'POST', '/users/update-password', {
      token: user.token,
      json: { currentPassword: 'a brand new secret', newPassword: user.password },
    });
    expect(back.status).toBe(200);
  });

  it('answers 401 without a token on every account write', async () => {
    const png = await pngBytes();
    const writes: Array<[string, Parameters<typeof call>[3]]> = [
      ['/users/update-all-details', { json: { fullName: 'X', email: 'x@example.com' } }],
      ['/users/update-avatar', { form: imageForm('avatar', png) }],
      ['/users/update-coverImage', { form: imageForm('coverImage', png) }],
      ['/users/update-password', { json: { currentPassword: 'whatever1', newPassword: 'whatever2' } }],
    ];
    for (const [path, options] of writes) {
      const result = await call(server, 'POST', path, options);
      expect(result.status, path).toBe(401);
      expect(result.body, path).toMatchObject({ statusCode: 401, success: false });
    }
  });
});
