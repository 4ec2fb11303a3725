// Counters and timings that follow from domain events (request metrics are the HTTP layer's own).
import type { DomainEventBus } from '../domain/eventBus.js';
import type { Metrics } from '../metrics/metrics.js';

const SUBSCRIBER = 'metrics';

export function subscribeMetrics(events: DomainEventBus, metrics: Metrics): void {
  events.on('upload.bytesReceived', SUBSCRIBER, ({ kind, bytes }) => metrics.uploadBytes.inc({ kind }, bytes));
  events.on('video.rungEncoded', SUBSCRIBER, ({ height, encodeSeconds }) => metrics.transcodeSeconds.observe({ rung: String(height) }, encodeSeconds));
}
