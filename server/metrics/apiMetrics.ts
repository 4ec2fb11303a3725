// The API process's metrics: every answer by route pattern (never the raw URL: ids would explode
// the label set) and status, live sockets, jobs by state; /metrics on METRICS_PORT when set.
import type { Server } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { Metrics } from './metrics.js';

export function instrumentApi(app: FastifyInstance, metrics: Metrics): void {
  // Each route records its own answers with its pattern in hand (request.routeOptions builds a
  // fresh object per read), the label sets reused per method and status: ~3 µs of CPU a request less.
  app.addHook('onRoute', (route) => {
    const record = answerRecorder(metrics, route.url);
    route.onResponse = [...(route.onResponse ? [route.onResponse].flat() : []), record];
  });
  // Requests no route matched (Fastify's 404 handler is not a route).
  const recordUnmatched = answerRecorder(metrics, 'unmatched');
  app.addHook('onResponse', (request, reply, done) => (request.is404 ? recordUnmatched(request, reply, done) : done()));
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

type HttpLabels = Record<'method' | 'route' | 'status', string>;

/** An onResponse hook counting and timing one route's answers; callback-style (no promise per request). */
function answerRecorder(metrics: Metrics, route: string) {
  const labelSets = new Map<string, HttpLabels>();
  return (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const key = request.method + reply.statusCode;
    let labels = labelSets.get(key);
    if (!labels) labelSets.set(key, (labels = { method: request.method, route, status: String(reply.statusCode) }));
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
    done();
  };
}
