// Every endpoint of the client's one api slice calls a method and path the server documents in
// /api/v1/openapi.json: each endpoint is dispatched through a real store (its own query code and
// the offline queue's), the request it sends is recorded, and matched against the served spec.
import 'fake-indexeddb/auto';
import { configureStore } from '@reduxjs/toolkit';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from '../../src/api/api';
import '../../src/api/endpoints';
import { queueSpecOf } from '../../src/api/offlineEndpoints';
import { createOfflineQueue } from '../../src/api/offlineQueue';
import { call, startServer, type TestServer } from '../support/server.js';

/** A stand-in argument: every field, and the value itself in a URL, reads 'x1'. */
const anyArg: unknown = new Proxy(
  {},
  {
    get: (_target, key) => (key === Symbol.toPrimitive || key === 'toString' ? () => 'x1' : key === 'toJSON' ? undefined : 'x1'),
  },
);
/** Arguments the stand-in cannot play (a progress callback would switch the upload to XMLHttpRequest). */
const ARGS: Record<string, unknown> = { uploadVideo: { form: new FormData() }, register: new FormData() };

type Operation = { method: string; template: string };

function operationsOf(spec: { paths: Record<string, Record<string, unknown>> }): Operation[] {
  return Object.entries(spec.paths).flatMap(([template, methods]) => Object.keys(methods).map((method) => ({ method: method.toUpperCase(), template })));
}

/** A documented path template ('/videos/{videoId}', or '/videos/' for a prefix's own route) matches a sent path. */
const matches = (template: string, path: string) => new RegExp(`^${template.replace(/\/$/, '').replace(/\{[^}]+\}/g, '[^/]+')}/?$`).test(path);

describe('client endpoints against the OpenAPI document', () => {
  let server: TestServer;
  let operations: Operation[];

  beforeAll(async () => {
    server = await startServer();
    const spec = await call(server, 'GET', '/openapi.json');
    expect(spec.status).toBe(200);
    operations = operationsOf(spec.body);
  });
  afterAll(() => server?.close());

  it('finds every endpoint’s method and path in the served spec', async () => {
    const sent: { endpoint: string; method: string; path: string }[] = [];
    let current = '';
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string | URL, init: RequestInit = {}) => {
        sent.push({ endpoint: current, method: init.method ?? 'GET', path: new URL(String(input)).pathname });
        return new Response(JSON.stringify({ statusCode: 200, data: {}, message: 'OK', success: true }), { status: 200, headers: { 'Content-Type': 'application/json' } });
      }),
    );
    // A store per endpoint: one endpoint's answer must not fill another's cache.
    // As the app's makeStore() does: queueable writes go through the store's offline queue (the thunk extra argument).
    const extra = { offlineQueue: createOfflineQueue({ specOf: queueSpecOf }) };
    const makeStore = () =>
      configureStore({ reducer: { [api.reducerPath]: api.reducer }, middleware: (getDefault) => getDefault({ immutableCheck: false, thunk: { extraArgument: extra } }).concat(api.middleware) });
    const names = Object.keys(api.endpoints);
    expect(names.length).toBeGreaterThan(40);
    for (const name of names) {
      current = name;
      const endpoint = (api.endpoints as unknown as Record<string, { initiate: (arg: unknown) => unknown }>)[name]!;
      const result = makeStore().dispatch(endpoint.initiate(name in ARGS ? ARGS[name] : anyArg) as never) as { unwrap?: () => Promise<unknown>; unsubscribe?: () => void };
      await Promise.resolve(result).then((r) => (r as { unwrap?: () => Promise<unknown> }).unwrap?.()).catch(() => undefined);
      result.unsubscribe?.();
    }
    vi.unstubAllGlobals();

    // Each endpoint sent exactly its request; none is missing from the spec.
    expect(new Set(sent.map((request) => request.endpoint))).toEqual(new Set(names));
    const undocumented = sent.filter((request) => !operations.some((op) => op.method === request.method && matches(op.template, request.path)));
    expect(undocumented).toEqual([]);
  });
});
