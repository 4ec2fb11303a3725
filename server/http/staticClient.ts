// Serves the built PWA from the API's own port, with SPA fallback for client routes. Assets go out
// precompressed (build/precompress.ts wrote .br and .gz beside each one); hashed assets are
// immutable for a year, everything else (the shell, sw.js, the manifest) revalidates.
import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { COLOR_SCHEME_HINT, loadSsrRenderer } from '../ssr/render.js';
import { sendRouteNotFound } from './errorHandler.js';
import { redactQuery } from './requestLog.js';

const SERVER_PREFIXES = ['/api/', '/media/', '/socket.io/'];
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

export async function serveClient(app: FastifyInstance): Promise<void> {
  const root = app.config.clientDir;
  if (!existsSync(root)) {
    app.log.info({ root }, 'no built client found: serving the API only (run `npm run build`)');
    app.setNotFoundHandler(sendRouteNotFound);
    return;
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders(reply, path) {
      reply.header('Cache-Control', path.includes('/assets/') ? IMMUTABLE : REVALIDATE);
    },
  });
  const ssr = await loadSsrRenderer(app);
  // A route rather than the not-found handler, so that @fastify/compress (which hooks routes) compresses rendered pages.
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const path = request.url.split('?')[0]!;
    const isServerPath = SERVER_PREFIXES.some((prefix) => path.startsWith(prefix));
    if (isServerPath || /\.[a-z0-9]+$/i.test(path)) return sendRouteNotFound(request, reply);
    // First screens come rendered (server/ssr/); any other route, or a failed render, gets the shell.
    const html = await ssr?.render(request).catch((error: unknown) => {
      request.log.error({ err: error, url: redactQuery(request.url) }, 'server rendering failed: sending the shell');
      return null;
    });
    if (html) {
      reply.header('Accept-CH', COLOR_SCHEME_HINT).header('Vary', COLOR_SCHEME_HINT);
      return reply.header('Cache-Control', REVALIDATE).type('text/html; charset=utf-8').send(html);
    }
    return reply.header('Cache-Control', REVALIDATE).sendFile('index.html');
  });
  app.setNotFoundHandler(sendRouteNotFound);
}
