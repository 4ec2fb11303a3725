// Start: config -> is the port free? -> database (migrated inside buildApp) -> app -> listen ->
// start tasks (jobs, sweeps). A port already taken ends the process before anything runs.
import { buildApp } from './app.js';
import { NewerDatabaseError } from './db/newerDatabase.js';
import { loadConfig } from './config.js';
import { listenThenStart } from './http/startTasks.js';
import { portErrorMessage, portProblem } from './http/portCheck.js';
import { onShutdownSignal } from './shutdown.js';

const config = loadConfig();
const taken = await portProblem(config.port, config.host);
if (taken) {
  console.error(`Cannot start: ${taken}. Nothing was run (no migration, job or sweep).`);
  process.exit(1);
}
const app = await buildApp(config).catch((error: unknown) => {
  // An older version on a database a newer one migrated: one line, no stack, nothing run.
  if (!(error instanceof NewerDatabaseError)) throw error;
  console.error(`Cannot start: ${error.message}`);
  process.exit(1);
});

onShutdownSignal(
  app.log,
  config.shutdownTimeoutMs,
  // Readiness says 503 from the close's start (http/draining.ts); new connections are refused and
  // requests in flight finish.
  () => app.close(),
  () => app.server.closeAllConnections(),
);

try {
  await listenThenStart(app, { port: config.port, host: config.host });
} catch (error) {
  // A port taken between the check and the bind: the start tasks did not run. Or a start task failed.
  const reason = portErrorMessage(error, config.port, config.host) ?? (error as Error).message;
  app.log.error({ err: error }, `Cannot start: ${reason}`);
  await app.close().catch(() => undefined);
  process.exit(1);
}
