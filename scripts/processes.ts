// Child processes for benchmarks, Lighthouse and drills: the server under test runs apart from what
// drives it.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface RunningProcess {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Starts `tsx <script>` with env and waits until `readyPath` answers 200. */
export async function startNodeServer(script: string, env: Record<string, string | undefined>, readyPath = '/api/v1/healthcheck'): Promise<RunningProcess> {
  const port = await freePort();
  // BENCH_SERVER_NODE_FLAGS: node flags for the server under test, e.g. `--cpu-prof --cpu-prof-dir=/tmp/p`
  // (not allowed in NODE_OPTIONS); the profile is written when the server stops.
  const flags = (process.env.BENCH_SERVER_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', script], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  // Generous: on a loaded shared machine a cold start (tsx, migrations) can take a minute or more.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
    try {
      const response = await fetch(url + readyPath);
      if (response.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${script} did not become ready`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  };
}
