// Serves the built PWA from the API's own port, with SPA fallback for client routes.
import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendRouteNotFound } from './errorHandler.js';

const SERVER_PREFIXES = ['/api/', '/media/', '/socket.io/', '/files'];

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
    setHeaders(res, path) {
      // Hashed assets never change; the shell, manifest and service worker must revalidate.
      res.header('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    const isServerPath = SERVER_PREFIXES.some((prefix) => path.startsWith(prefix));
    if (request.method !== 'GET' || isServerPath || /\.[a-z0-9]+$/i.test(path)) return sendRouteNotFound(request, reply);
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
