// Slow clients: headers must arrive within HEADERS_TIMEOUT_MS (Node's own check) and an idle
// connection closes after IDLE_TIMEOUT_MS; a body must keep arriving at MIN_BODY_BYTES_PER_SECOND
// over each BODY_RATE_WINDOW_MS. Rather than a cap on a request's total time, which would cut a
// long upload on a slow but steady link, the rate check only stops bodies that trickle or stall.
import type { FastifyInstance } from 'fastify';

export function guardSlowBodies(app: FastifyInstance): void {
  const { minBodyBytesPerSecond, bodyRateWindowMs } = app.config;
  if (minBodyBytesPerSecond <= 0 || bodyRateWindowMs <= 0) return;
  const minBytesPerWindow = (minBodyBytesPerSecond * bodyRateWindowMs) / 1000;
  // Callback-style (every request passes here; most have no body): no promise per request.
  app.addHook('onRequest', (request, _reply, done) => {
    const raw = request.raw;
    const hasBody = Number(raw.headers['content-length'] ?? 0) > 0 || raw.headers['transfer-encoding'] !== undefined;
    if (!hasBody || raw.complete) return done();
    const socket = raw.socket;
    let lastRead = socket.bytesRead;
    const timer = setInterval(() => {
      if (raw.complete || socket.destroyed) return clearInterval(timer);
      const received = socket.bytesRead - lastRead;
      lastRead = socket.bytesRead;
      if (received >= minBytesPerWindow) return;
      clearInterval(timer);
      request.log.warn({ received, windowMs: bodyRateWindowMs, minBytesPerSecond: minBodyBytesPerSecond }, 'request body too slow: connection closed');
      socket.destroy();
    }, bodyRateWindowMs);
    timer.unref();
    raw.once('close', () => clearInterval(timer));
    done();
  });
}
