// Can this process bind its port? Asked before anything runs at start (migrations, jobs, sweeps),
// so that a second process started on a taken port exits at once and touches nothing.
import { createServer } from 'node:net';

/** What stops a bind on port/host, as an operator reads it; null for another error. */
export function portErrorMessage(error: unknown, port: number, host: string): string | null {
  const code = (error as { code?: string }).code;
  if (code === 'EADDRINUSE') return `port ${port} on ${host} is already in use (EADDRINUSE): stop what holds it, or set PORT`;
  if (code === 'EACCES') return `port ${port} on ${host} may not be bound by this user (EACCES): set PORT above 1023`;
  if (code === 'EADDRNOTAVAIL') return `address ${host} is not one of this machine's (EADDRNOTAVAIL): set HOST`;
  return null;
}

/** Binds port/host for a moment; resolves with why it cannot be bound, or null when it can. */
export function portProblem(port: number, host: string): Promise<string | null> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', (error) => resolve(portErrorMessage(error, port, host) ?? `port ${port} on ${host} cannot be bound: ${error.message}`));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(null)));
  });
}
