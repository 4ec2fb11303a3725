import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, databases, pngBytes, registerUser, startServer, type TestServer } from '../support/server.js';

describe.each(databases)('auth on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ dialect });
  });
  afterAll(() => server?.close());

  it('answers the healthcheck in the envelope', async () => {
    const result = await call(server, 'GET', '/healthcheck');
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ statusCode: 200, success: true, data: { status: 'ok', database: dialect } });
    // Anonymous traffic carries no cookies: the XSRF cookie comes with a cookie session.
    expect(result.headers.getSetCookie()).toEqual([]);
  });

  it('registers with an avatar, returns the token at the top level, and never leaks the hash', async () => {
    const user = await registerUser(server, { fullName: 'Ada Lovelace' });
    expect(user.token).toMatch(/^ey/);
    const me = await call(server, 'GET', '/users/me', { token: user.token });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ _id: user.id, username: user.username, fullName: 'Ada Lovelace', email: user.email });
    expect(me.body.data.avatar).toMatch(/\/media\/image\/upload\/.+\.webp$/);
    expect(JSON.stringify(me.body)).not.toMatch(/argon2|"password(_hash|Hash)?"/i);
  });

  it('refuses duplicate usernames and emails case-insensitively with 409', async () => {
    const first = await registerUser(server);
    await expect(registerUser(server, { username: first.username.toUpperCase() })).rejects.toThrow(/409/);
    await expect(registerUser(server, { email: first.email.toUpperCase() })).rejects.toThrow(/409/);
  });

  it('validates register fields with the spec messages', async () => {
    const form = new FormData();
    form.set('username', 'someone');
    form.set('email', 'someone@example.com');
    form.set('password', 'long enough pass');
    form.set('avatar', new Blob([await pngBytes()], { type: 'image/png' }), 'a.png');
    const result = await call(server, 'POST', '/users/register', { form });
    expect(result.status).toBe(400);
    expect(result.body).toEqual({ statusCode: 400, message: 'Full name is required', success: false, errors: [] });

    const bad = new FormData();
    bad.set('fullName', 'X');
    bad.set('username', 'someone2');
    bad.set('email', 'someone2@example.com');
    bad.set('password', 'long enough pass');
    bad.set('avatar', new Blob(['<svg xmlns="http://www.w3.org/2000/svg"></svg>'], { type: 'image/svg+xml' }), 'a.svg');
    const svg = await call(server, 'POST', '/users/register', { form: bad });
    expect(svg.status).toBe(415);
    const after = await call(server, 'POST', '/users/login', { json: { email: 'someone2@example.com', password: 'long enough pass' } });
    expect(after.status).toBe(401);
  });

  it('logs in, and logout revokes the token', async () => {
    const user = await registerUser(server);
    const missing = await call(server, 'POST', '/users/login', { json: { email: user.email } });
    expect(missing.body.message).toBe('Password is required');
    const invalid = await call(server, 'POST', '/users/login', { json: { email: 'nope', password: 'x' } });
    expect(invalid.body.message).toBe('Invalid email address');
    const wrong = await call(server, 'POST', '/users/login', { json: { email: user.email, password: 'wrong password' } });
    expect(wrong.status).toBe(401);

    const login = await call(server, 'POST', '/users/login', { json: { email: user.email.toUpperCase(), password: user.password } });
    expect(login.status).toBe(200);
    expect(login.body.data.loggedInUser).toMatchObject({ _id: user.id, username: user.username });
    const token = login.body.data.accessToken;
    expect((await call(server, 'GET', '/users/me', { token })).status).toBe(200);
    expect((await call(server, 'POST', '/users/logout', { token })).status).toBe(200);
    const after = await call(server, 'GET', '/users/me', { token });
    expect(after.status).toBe(401);
    expect(after.body.success).toBe(false);
    // The registration session is independent and still works.
    expect((await call(server, 'GET', '/users/me', { token: user.token })).status).toBe(200);
  });

  it('requires the XSRF header for cookie-authenticated writes but not for bearer ones', async () => {
    const user = await registerUser(server);
    const login = await call(server, 'POST', '/users/login', { json: { email: user.email, password: user.password } });
    const cookies = login.headers.getSetCookie();
    const access = cookies.find((c) => c.startsWith('accessToken='))!.split(';')[0];
    const xsrfValue = cookies.find((c) => c.startsWith('XSRF-TOKEN='))!.split(';')[0]!.split('=')[1]!;
    const cookie = `${access}; XSRF-TOKEN=${xsrfValue}`;
    const withoutHeader = await call(server, 'POST', '/users/logout', { headers: { cookie } });
    expect(withoutHeader.status).toBe(403);
    const meByCookie = await call(server, 'GET', '/users/me', { headers: { cookie } });
    expect(meByCookie.status).toBe(200);
    const withHeader = await call(server, 'POST', '/users/logout', { headers: { cookie, 'x-xsrf-token': xsrfValue } });
    expect(withHeader.status).toBe(200);
  });

  it('answers 401 in the envelope without a token', async () => {
    const result = await call(server, 'GET', '/users/me');
    expect(result.status).toBe(401);
    expect(result.body).toMatchObject({ statusCode: 401, success: false });
  });
});
