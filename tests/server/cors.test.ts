// Browsers on another origin (CORS_ORIGINS): a preflight for every route and method the server
// has (read from Fastify's own route tree), real cross-origin calls
// (a DELETE, a tus upload) and media a page on that origin may embed.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_LIMITS } from '../../contract/limits.js';
import { TUS_UPLOADS_PATH } from '../../contract/offline.js';
import { call, registerUser, startServer, type TestServer } from '../support/server.js';
import { makeClip } from './mediaFixtures.js';

const ORIGIN = 'https://app.example.com';
const TUS_HEADERS = 'tus-resumable,upload-length,upload-offset,upload-metadata,content-type';
const API_HEADERS = 'authorization,content-type,idempotency-key,x-xsrf-token';

/** Every route and method, from printRoutes' tree ('├── segment (GET, HEAD)', four columns a level). */
function routesOf(server: TestServer): { path: string; method: string }[] {
  const stack: string[] = [];
  const routes: { path: string; method: string }[] = [];
  for (const line of server.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^(.*?)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    const path = stack.join('').replace(/:\w+/g, 'abc123').replace(/\*$/, 'anything');
    for (const method of match[3]?.split(', ') ?? []) routes.push({ path, method });
  }
  return routes;
}

describe('CORS for another origin', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ env: { CORS_ORIGINS: `${ORIGIN},https://other.example.com` } });
  });
  afterAll(() => server?.close());

  function preflight(path: string, method: string, headers: string, origin = ORIGIN) {
    return fetch(`${server.url}${path}`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': headers },
    });
  }

  it('answers the preflight of every route and method with that method and the headers it needs', async () => {
    const operations = routesOf(server).filter((operation) => operation.method !== 'OPTIONS');
    expect(operations.length).toBeGreaterThan(40);
    const methods = new Set(operations.map((operation) => operation.method));
    for (const expected of ['GET', 'POST', 'PATCH', 'DELETE', 'HEAD']) expect(methods).toContain(expected);
    for (const { path, method } of operations) {
      const headers = path.startsWith(TUS_UPLOADS_PATH) ? TUS_HEADERS : API_HEADERS;
      const response = await preflight(path, method, headers);
      const context = `${method} ${path}`;
      expect(response.status, context).toBe(204);
      expect(response.headers.get('access-control-allow-origin'), context).toBe(ORIGIN);
      expect(response.headers.get('access-control-allow-credentials'), context).toBe('true');
      expect(response.headers.get('access-control-allow-methods')!.split(',').map((name) => name.trim()), context).toContain(method);
      const allowed = response.headers.get('access-control-allow-headers')!.toLowerCase().split(',').map((name) => name.trim());
      for (const header of headers.split(',')) expect(allowed, `${context}: ${header}`).toContain(header);
    }
  });

  it('answers no CORS headers to an origin that is not configured', async () => {
    const response = await preflight('/api/v1/videos/abc123', 'DELETE', API_HEADERS, 'https://evil.example.com');
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers an over-long path parameter with a 414 envelope, CORS and security headers, without echoing it', async () => {
    const user = await registerUser(server);
    const crossOrigin = { origin: ORIGIN };
    const atLimit = 'a'.repeat(REQUEST_LIMITS.pathParamMax);
    const unknown = await call(server, 'GET', `/users/c/${atLimit}`, { headers: crossOrigin });
    expect(unknown).toMatchObject({ status: 404, body: { statusCode: 404, success: false } });
    const long = 'b'.repeat(REQUEST_LIMITS.pathParamMax + 1);
    for (const [method, path] of [
      ['GET', `/users/c/${long}`],
      ['GET', `/videos/${long}`],
      ['DELETE', `/playlist/${long}`],
      ['PATCH', `/playlist/add/${long}/abc123`],
      ['GET', `/comments/all/${'c'.repeat(5000)}`],
    ] as const) {
      const answer = await call(server, method, path, { token: user.token, headers: crossOrigin });
      const context = `${method} ${path.slice(0, 40)}`;
      expect(answer.status, context).toBe(414);
      expect(answer.body, context).toEqual({ statusCode: 414, success: false, message: `A path parameter is too long: at most ${REQUEST_LIMITS.pathParamMax} characters`, errors: [] });
      expect(answer.headers.get('access-control-allow-origin'), context).toBe(ORIGIN);
      expect(answer.headers.get('x-content-type-options'), context).toBe('nosniff');
    }
  });

  it('lets that origin delete, resume a tus upload, and read the headers it needs', async () => {
    const user = await registerUser(server);
    const crossOrigin = { origin: ORIGIN };
    const playlist = await call(server, 'POST', '/playlist/create', { token: user.token, json: { name: 'Cross origin', description: 'From another site' }, headers: crossOrigin });
    expect(playlist.status).toBe(201);
    const removed = await call(server, 'DELETE', `/playlist/${playlist.body.data._id}`, { token: user.token, headers: crossOrigin });
    expect(removed.status).toBe(200);
    expect(removed.headers.get('access-control-allow-origin')).toBe(ORIGIN);

    const bytes = await readFile(await makeClip('cors.mp4', { width: 320, height: 180, seconds: 1 }));
    const meta = `title ${Buffer.from('Cross').toString('base64')},description ${Buffer.from('Origin').toString('base64')}`;
    const tusHeaders = { origin: ORIGIN, authorization: `Bearer ${user.token}`, 'tus-resumable': '1.0.0' };
    const created = await fetch(`${server.url}${TUS_UPLOADS_PATH}`, { method: 'POST', headers: { ...tusHeaders, 'upload-length': String(bytes.length), 'upload-metadata': meta } });
    expect(created.status).toBe(201);
    expect(created.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(created.headers.get('access-control-expose-headers')!.toLowerCase()).toContain('location');
    const patched = await fetch(`${server.url}${created.headers.get('location')}`, {
      method: 'PATCH',
      headers: { ...tusHeaders, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      body: new Uint8Array(bytes),
    });
    expect(patched.status).toBe(204);
    expect(patched.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(patched.headers.get('access-control-expose-headers')!.toLowerCase()).toContain('video-id');

    // Media a page on that origin embeds: CORP lets it, CORS lets it read (canvas, fetch).
    const me = await call(server, 'GET', '/users/me', { token: user.token });
    const avatar = await fetch(new URL(me.body.data.avatar, server.url), { headers: crossOrigin });
    expect(avatar.status).toBe(200);
    expect(avatar.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(avatar.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    // The API itself keeps helmet's same-site policy.
    expect(removed.headers.get('cross-origin-resource-policy')).toBe('same-site');
  });
});

describe('without CORS_ORIGINS', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server?.close());

  it('keeps media same-site and answers no CORS headers', async () => {
    const user = await registerUser(server);
    const me = await call(server, 'GET', '/users/me', { token: user.token });
    const avatar = await fetch(new URL(me.body.data.avatar, server.url), { headers: { origin: ORIGIN } });
    expect(avatar.headers.get('cross-origin-resource-policy')).toBe('same-site');
    expect(avatar.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers a preflight from any origin without CORS headers, and a same-origin call as usual', async () => {
    const response = await fetch(`${server.url}/api/v1/videos/abc123`, {
      method: 'OPTIONS',
      headers: { origin: ORIGIN, 'access-control-request-method': 'DELETE', 'access-control-request-headers': API_HEADERS },
    });
    expect(response.status).toBe(404);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    const feed = await fetch(`${server.url}/api/v1/videos/all-videos?page=1`, { headers: { origin: ORIGIN } });
    expect(feed.status).toBe(200);
    expect(feed.headers.get('access-control-allow-origin')).toBeNull();
  });
});
