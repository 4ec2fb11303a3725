import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../build/precompress.js';
import { call, startServer, type TestServer } from '../support/server.js';

// Big enough to be worth compressing, and recognisable after decompression.
const APP_JS = `console.log(${JSON.stringify('vidshare '.repeat(400))});\n`;

describe('serving the built client from the API port', () => {
  let server: TestServer;
  beforeAll(async () => {
    const clientDir = await mkdtemp(join(tmpdir(), 'vidshare-client-'));
    await mkdir(join(clientDir, 'assets'));
    await writeFile(join(clientDir, 'index.html'), '<!doctype html><title>Vidshare shell</title>');
    await writeFile(join(clientDir, 'assets', 'app-123.js'), APP_JS);
    await writeFile(join(clientDir, 'sw.js'), `self.addEventListener('fetch', () => {});\n`.repeat(40));
    expect(await precompressDir(clientDir)).toBe(2); // app-123.js and sw.js; the tiny index.html stays plain
    server = await startServer({ env: { CLIENT_DIR: clientDir } });
  });
  afterAll(() => server?.close());

  it('answers client routes with the shell (SPA fallback), revalidated', async () => {
    for (const path of ['/', '/home', '/watch/abc', '/profile/someone?tab=videos']) {
      const response = await fetch(server.url + path);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('Vidshare shell');
    }
    const shell = await fetch(server.url + '/home');
    expect(shell.headers.get('cache-control')).toBe('no-cache');
  });

  it('serves hashed assets as immutable and 404s missing files and API routes in the envelope', async () => {
    const asset = await fetch(server.url + '/assets/app-123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(server.url + '/assets/missing-456.js')).status).toBe(404);
    const api = await call(server, 'GET', '/no-such-route');
    expect(api.status).toBe(404);
    expect(api.body).toMatchObject({ statusCode: 404, success: false });
  });

  it('sends the precompressed brotli or gzip file the browser accepts, varying on Accept-Encoding', async () => {
    for (const [accepted, expected] of [
      ['br, gzip', 'br'],
      ['gzip, deflate', 'gzip'],
      ['identity', null],
    ] as const) {
      const response = await fetch(server.url + '/assets/app-123.js', { headers: { 'Accept-Encoding': accepted } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding')).toBe(expected);
      expect(response.headers.get('content-type')).toMatch(/^text\/javascript|^application\/javascript/);
      expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(await response.text()).toBe(APP_JS); // fetch decodes: the bytes are the original file
    }
    const raw = await fetch(server.url + '/assets/app-123.js', { headers: { 'Accept-Encoding': 'br' } });
    expect(Number(raw.headers.get('content-length'))).toBeLessThan(APP_JS.length / 10);
  });

  it('revalidates the service worker and still compresses it', async () => {
    const sw = await fetch(server.url + '/sw.js', { headers: { 'Accept-Encoding': 'br' } });
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    expect(sw.headers.get('content-encoding')).toBe('br');
  });

  it('compresses JSON answers above 1 KB and leaves small ones alone', async () => {
    const big = await fetch(server.url + '/api/v1/openapi.json', { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(big.status).toBe(200);
    expect(big.headers.get('content-encoding')).toBe('br');
    expect(big.headers.get('vary')).toMatch(/accept-encoding/i);
    expect((await big.json()).openapi).toBe('3.0.3');
    const gzipOnly = await fetch(server.url + '/api/v1/openapi.json', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzipOnly.headers.get('content-encoding')).toBe('gzip');
    const small = await fetch(server.url + '/api/v1/healthcheck', { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(small.status).toBe(200);
    expect(small.headers.get('content-encoding')).toBeNull();
  });
});
