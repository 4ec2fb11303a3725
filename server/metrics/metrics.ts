// Prometheus metrics (prom-client), one registry per process. The instruments always exist (they
// cost a few counters); with METRICS_PORT the process's default metrics (CPU, memory, event loop
// lag, GC) are collected too and everything is served at :METRICS_PORT/metrics.
import { createServer, type Server } from 'node:http';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { JobRepository } from '../db/repositories/jobs.js';

export type ProcessRole = 'api' | 'worker';

/** An answer served beside /metrics: its status and JSON body. */
export type Probe = () => Promise<{ status: number; body: unknown }>;

export class Metrics {
  readonly registry = new Registry();
  readonly httpRequests: Counter<'method' | 'route' | 'status'>;
  readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  readonly jobDuration: Histogram<'type' | 'outcome'>;
  readonly transcodeSeconds: Histogram<'rung'>;
  readonly uploadBytes: Counter<'kind'>;

  constructor(readonly role: ProcessRole) {
    this.registry.setDefaultLabels({ process: role });
    const registers = [this.registry];
    this.httpRequests = new Counter({
      name: 'vidshare_http_requests_total',
      help: 'HTTP requests answered, by route pattern and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.httpDuration = new Histogram({
      name: 'vidshare_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    });
    this.jobDuration = new Histogram({
      name: 'vidshare_job_duration_seconds',
      help: 'Time a background job ran, by type and outcome (done, error, cancelled, interrupted)',
      labelNames: ['type', 'outcome'],
      buckets: [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800],
      registers,
    });
    this.transcodeSeconds = new Histogram({
      name: 'vidshare_transcode_seconds',
      help: 'Wall time of the ffmpeg run that produced a rendition, by rung height (rungs encoded together share one run)',
      labelNames: ['rung'],
      buckets: [0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800],
      registers,
    });
    this.uploadBytes = new Counter({
      name: 'vidshare_upload_bytes_total',
      help: 'Video bytes received, by upload kind (multipart, tus)',
      labelNames: ['kind'],
      registers,
    });
  }

  /** Jobs by state, and how long the oldest due job has waited (queue lag), from the jobs table. */
  watchJobs(jobs: Pick<JobRepository, 'countByState' | 'oldestDueRunAt'>): void {
    const registers = [this.registry];
    new Gauge({
      name: 'vidshare_jobs',
      help: 'Jobs in the jobs table, by state',
      labelNames: ['state'],
      registers,
      async collect() {
        const rows = await jobs.countByState();
        this.reset();
        for (const state of ['queued', 'running', 'done', 'failed']) this.set({ state }, 0);
        for (const row of rows) this.set({ state: row.state }, row.count);
      },
    });
    new Gauge({
      name: 'vidshare_queue_lag_seconds',
      help: 'How long the oldest due queued job has been waiting (0 when none waits)',
      registers,
      async collect() {
        const oldest = await jobs.oldestDueRunAt();
        this.set(oldest ? Math.max(0, (Date.now() - Date.parse(oldest)) / 1000) : 0);
      },
    });
  }

  /** A gauge read when scraped (live sockets, readiness...). */
  gauge<L extends string>(name: string, help: string, labelNames: L[], read: (gauge: Gauge<L>) => Promise<void> | void): void {
    new Gauge<L>({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        await read(this);
      },
    });
  }

  /**
   * Serves /metrics on `port`, and `probes` (a process without HTTP of its own, the worker, puts
   * its health answers there); collects the process's default metrics from then on.
   */
  async serve(port: number, host: string, probes: Record<string, Probe> = {}): Promise<Server> {
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 20 });
    const server = createServer((request, response) => {
      const path = request.url?.split('?')[0] ?? '';
      const probe = Object.hasOwn(probes, path) ? probes[path] : undefined;
      if (request.method === 'GET' && probe) {
        probe().then(
          ({ status, body }) => response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(JSON.stringify(body)),
          (error: Error) => response.writeHead(500, { 'content-type': 'text/plain' }).end(`${path} failed: ${error.message}\n`),
        );
        return;
      }
      if (request.method !== 'GET' || path !== '/metrics') {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: metrics are at /metrics\n');
        return;
      }
      this.registry.metrics().then(
        (text) => response.writeHead(200, { 'content-type': this.registry.contentType, 'cache-control': 'no-store' }).end(text),
        (error: Error) => response.writeHead(500, { 'content-type': 'text/plain' }).end(`metrics failed: ${error.message}\n`),
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    return server;
  }
}
