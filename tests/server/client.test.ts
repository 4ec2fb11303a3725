import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startServer, type TestServer } from './harness.js';

describe('serving the built client from the API port', () => {
  let server: TestServer;
  beforeAll(async () => {
    const clientDir = await mkdtemp(join(tmpdir(), 'vidshare-client-'));
    await mkdir(join(clientDir, 'assets'));
    await writeFile(join(clientDir, 'index.html'), '<!doctype html><title>Vidshare shell</title>');
    await writeFile(join(clientDir, 'assets', 'app-123.js'), 'console.log(1)');
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
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(server.url + '/assets/missing-456.js')).status).toBe(404);
    const api = await call(server, 'GET', '/no-such-route');
    expect(api.status).toBe(404);
    expect(api.body).toMatchObject({ statusCode: 404, success: false });
  });
});
