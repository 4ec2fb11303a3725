// The API process's metrics: every answer by route pattern (never the raw URL: ids would explode
// the label set) and status, live sockets, jobs by state; /metrics on METRICS_PORT when set.
import type { Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { Metrics } from './metrics.js';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

export function instrumentApi(app: FastifyInstance): void {
  const metrics = new Metrics('api');
  app.decorate('metrics', metrics);
  // Callback-style: an async hook would cost every request a promise and a microtask turn.
  app.addHook('onResponse', (request, reply, done) => {
    const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) };
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
    done();
  });
  metrics.gauge('vidshare_live_sockets', 'socket.io connections open on this process', [], (gauge) => gauge.set(app.io?.engine.clientsCount ?? 0));
  metrics.watchJobs(app.repos.jobs);

  const port = app.config.metricsPort;
  if (port === null) return;
  let server: Server | null = null;
  app.addHook('onReady', async () => {
    server = await metrics.serve(port, app.config.host);
    app.log.info({ port }, 'metrics at /metrics');
  });
  app.addHook('onClose', () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));
}
