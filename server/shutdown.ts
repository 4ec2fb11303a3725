// SIGTERM/SIGINT: stop taking work, let what is in flight finish, and exit; after the deadline
// exit anyway (an orchestrator's SIGKILL would come next). Shared by the API and the worker.
export interface ShutdownLog {
  info(details: object, message?: string): void;
  error(details: object, message?: string): void;
}

export function onShutdownSignal(log: ShutdownLog, deadlineMs: number, stop: () => Promise<void>, onDeadline: () => void = () => {}): void {
  let stopping = false;
  const handle = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal, deadlineMs }, 'shutting down: finishing the work in flight');
    const deadline = setTimeout(() => {
      log.error({ deadlineMs }, 'shutdown deadline reached: exiting with work still in flight');
      onDeadline();
      process.exit(1);
    }, deadlineMs);
    try {
      await stop();
      clearTimeout(deadline);
      log.info({}, 'shut down cleanly');
      process.exit(0);
    } catch (error) {
      log.error({ err: (error as Error).message }, 'did not shut down cleanly');
      process.exit(1);
    }
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, handle);
}
