// `npm run admin -- ...` as a real child process (node --import tsx, as the npm script runs it),
// against a data dir and database given by `env` only.
import { spawn } from 'node:child_process';

export interface AdminRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runAdmin(args: string[], env: Record<string, string>): Promise<AdminRun> {
  const inherited = { ...process.env };
  // The deployment is what `env` says: never the test runner's own database or Redis.
  delete inherited.DATABASE_URL;
  delete inherited.REDIS_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/admin/cli.ts', ...args], { env: { ...inherited, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}
