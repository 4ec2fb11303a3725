// The served OpenAPI document: lints with @redocly/cli (0 errors), lists every route Fastify has with an
// operationId, a summary and its security, and names the shared schemas.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server.js';

const run = promisify(execFile);
const redocly = join(process.cwd(), 'node_modules', '.bin', 'redocly');

describe('OpenAPI document', () => {
  let server: TestServer & { dataDir: string };
  let document: any;
  let dir: string;

  beforeAll(async () => {
    server = await startServer();
    const response = await fetch(`${server.url}/api/v1/openapi.json`);
    expect(response.status).toBe(200);
    document = await response.json();
    dir = await mkdtemp(join(tmpdir(), 'vidshare-openapi-'));
  });
  afterAll(async () => {
    await server?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('lints with no errors', async () => {
    const file = join(dir, 'openapi.json');
    await writeFile(file, JSON.stringify(document, null, 2));
    if (process.env.OPENAPI_DUMP) await writeFile(process.env.OPENAPI_DUMP, JSON.stringify(document, null, 2));
    const result = await run(redocly, ['lint', file, '--format=json', `--config=${join(process.cwd(), 'redocly.yaml')}`], {
      maxBuffer: 32 * 1024 * 1024,
    }).catch((error: { stdout: string }) => error);
    const report = JSON.parse(result.stdout);
    const errors = report.problems.filter((problem: { severity: string }) => problem.severity === 'error');
    expect(errors.map((problem: any) => `${problem.ruleId}: ${problem.message} @ ${problem.location?.[0]?.pointer}`)).toEqual([]);
  }, 60_000);

  it('documents every route Fastify serves under /api/v1 and /media', () => {
    const documented = new Set<string>();
    for (const [path, item] of Object.entries<Record<string, unknown>>(document.paths)) {
      for (const method of Object.keys(item)) documented.add(`${method.toUpperCase()} ${path}`);
    }
    const missing = server.app.vidshareRoutes
      .filter((route) => route.url.startsWith('/api/v1/') || route.url.startsWith('/media/'))
      .filter((route) => route.url !== '/api/v1/openapi.json' && !route.url.startsWith('/api/v1/docs'))
      .filter((route) => route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url.replace(/:([A-Za-z_]+)/g, '{$1}').replace(/\*$/, '{*}').replace(/(.)\/$/, '$1')}`)
      .filter((key) => !documented.has(key));
    expect(missing).toEqual([]);
  });

  it('gives every operation its own operationId and a summary, and marks each route that needs a signed-in caller', () => {
    const operations = Object.values<Record<string, { operationId?: string; summary?: string }>>(document.paths).flatMap((item) => Object.values(item));
    const ids = operations.map((operation) => operation.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operations.filter((operation) => !operation.summary)).toEqual([]);
    // The route schemas declare their security; requireUser must never be left undocumented.
    const undeclared = server.app.vidshareRoutes
      .filter((route) => route.authenticated && route.method !== 'HEAD')
      .map((route) => [route.method.toLowerCase(), route.url.replace(/:([A-Za-z_]+)/g, '{$1}').replace(/(.)\/$/, '$1')] as const)
      .filter(([method, path]) => JSON.stringify(document.paths[path]?.[method]?.security) !== JSON.stringify([{ bearer: [] }]))
      .map(([method, path]) => `${method} ${path}`);
    expect(undeclared).toEqual([]);
  });

  it('names the entities and the error envelope as component schemas', () => {
    for (const name of ['ErrorEnvelope', 'Video', 'User', 'Comment', 'Playlist']) {
      expect(document.components.schemas, name).toHaveProperty(name);
    }
    expect(document.paths['/api/v1/users/register'].post.responses['201'].content['application/json'].schema.required).toContain('token');
    const upload = document.paths['/api/v1/videos/upload-Video'].post.requestBody.content['multipart/form-data'].schema;
    expect(upload.properties.videoFile).toMatchObject({ type: 'string', format: 'binary' });
    const video = document.paths['/api/v1/videos/{videoId}'].get.responses['200'].content['application/json'].schema;
    expect(video.properties.data).toEqual({ $ref: '#/components/schemas/Video' });
    const me = document.paths['/api/v1/users/me'].get;
    expect(me.security).toEqual([{ bearer: [] }]);
    expect(me.responses['401'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ErrorEnvelope' });
    expect(document.servers).toHaveLength(1);
  });

  it('documents 413 and 507 on every route that stores an upload, and the log redaction', () => {
    const uploads: [string, string][] = [
      ['post', '/api/v1/videos/upload-Video'],
      ['post', '/api/v1/users/update-avatar'],
      ['post', '/api/v1/users/update-coverImage'],
      ['post', '/api/v1/users/register'],
      ['post', '/api/v1/uploads/tus'],
      ['patch', '/api/v1/uploads/tus/{uploadId}'],
    ];
    for (const [method, path] of uploads) {
      const responses = document.paths[path][method].responses;
      for (const code of ['413', '507']) {
        expect({ path, code, schema: responses[code]?.content['application/json'].schema }).toEqual({ path, code, schema: { $ref: '#/components/schemas/ErrorEnvelope' } });
      }
    }
    expect(document.paths['/api/v1/users/me'].get.responses['507']).toBeUndefined();
    expect(document.info.description).toContain('[redacted]');
  });
});
