// Security headers computed once: a page, an API answer, a media answer and an error
// carry exactly the headers @fastify/helmet sets with the same options, CSP included.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import helmetPlugin from '@fastify/helmet';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELMET_OPTIONS } from '../../server/http/securityHeaders.js';
import { registerUser, startServer, type TestServer } from '../support/server.js';

/** What @fastify/helmet itself sends, per header, for the server's options. */
async function helmetReference(): Promise<Map<string, string>> {
  const reference = Fastify();
  await reference.register(helmetPlugin, HELMET_OPTIONS as never);
  reference.get('/', async (_request, reply) => reply.type('text/plain').send('x'));
  const response = await reference.inject({ method: 'GET', url: '/' });
  await reference.close();
  const plain = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);
  return new Map(Object.entries(response.headers).filter(([name]) => !plain.has(name)).map(([name, value]) => [name, String(value)]));
}

function securityHeadersOf(headers: Headers, names: Set<string>): Map<string, string> {
  return new Map([...headers].filter(([name]) => names.has(name)));
}

describe('security headers', () => {
  let server: TestServer & { dataDir: string };
  let reference: Map<string, string>;
  let clientRoot = '';

  beforeAll(async () => {
    reference = await helmetReference();
    // A client build of one page, so that the server serves pages too.
    clientRoot = await mkdtemp(join(tmpdir(), 'vidshare-headers-'));
    const clientDir = join(clientRoot, 'client');
    await mkdir(clientDir, { recursive: true });
    await writeFile(join(clientDir, 'index.html'), '<!doctype html><html><head><title>t</title></head><body><div id="root"></div></body></html>');
    server = await startServer({ env: { CLIENT_DIR: clientDir } });
  });
  afterAll(async () => {
    await server?.close();
    if (clientRoot) await rm(clientRoot, { recursive: true, force: true });
  });

  it('match helmet on a page, an API answer, a media answer and an error', async () => {
    expect(reference.get('content-security-policy')).toContain("default-src 'self'");
    expect(reference.size).toBeGreaterThanOrEqual(10);
    const names = new Set(reference.keys());
    const user = await registerUser(server);
    const profile = await fetch(`${server.url}/api/v1/users/c/${user.username}`);
    const avatar = ((await profile.json()) as { data: { avatar: string } }).data.avatar;
    expect(avatar).toMatch(/\/media\//);
    const answers = {
      page: await fetch(`${server.url}/home`),
      api: await fetch(`${server.url}/api/v1/videos/all-videos?page=1`),
      media: await fetch(new URL(avatar, server.url)),
      error: await fetch(`${server.url}/api/v1/videos/nope`),
    };
    expect(answers.page.headers.get('content-type')).toContain('text/html');
    expect(answers.api.status).toBe(200);
    expect(answers.media.status).toBe(200);
    expect(answers.error.status).toBe(404);
    for (const [kind, response] of Object.entries(answers)) {
      await response.arrayBuffer();
      expect({ kind, headers: Object.fromEntries(securityHeadersOf(response.headers, names)) }).toEqual({ kind, headers: Object.fromEntries(reference) });
      expect(response.headers.get('x-powered-by')).toBeNull();
    }
  });
});
