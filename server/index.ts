// Start: config -> database (migrated inside buildApp) -> app -> listen.
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { onShutdownSignal } from './shutdown.js';

const config = loadConfig();
const app = await buildApp(config);

onShutdownSignal(
  app.log,
  config.shutdownTimeoutMs,
  // Readiness says 503 from the close's start (http/draining.ts); new connections are refused and
  // requests in flight finish.
  () => app.close(),
  () => app.server.closeAllConnections(),
);

await app.listen({ port: config.port, host: config.host });
