// `npm run build` for the tools that need a built app (browser tests, bench, Lighthouse): the client
// into a folder and its server-rendering build beside it (`<folder>-ssr`, where the server looks).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

/** One `vite build` step as run here: its arguments, exit status and everything it printed. */
export interface BuildStep {
  args: string[];
  status: number | null;
  output: string;
}

/** The two `vite build` invocations: the client, then the server-rendering entry (older checkouts, e.g. bench before/after runs, have none). */
function buildSteps(distDir: string, missingOnly: boolean): string[][] {
  const steps: string[][] = [];
  if (!missingOnly || !existsSync(resolve(distDir, 'index.html'))) steps.push(['build', '--outDir', distDir]);
  if (existsSync('src/entry-server.tsx') && (!missingOnly || !existsSync(resolve(`${distDir}-ssr`, 'entry-server.js')))) {
    steps.push(['build', '--ssr', 'src/entry-server.tsx', '--outDir', `${distDir}-ssr`]);
  }
  return steps;
}

// Production, as `npm run build`: under Vitest NODE_ENV is 'test', and the server-rendering build
// then took React's development JSX runtime and failed every render (jsxDEV is not a function).
const productionEnv = () => ({ ...process.env, NODE_ENV: 'production' });

/** Builds both; with `missingOnly`, each only when its output is not there yet. */
export function buildApp(distDir: string, { missingOnly = false } = {}): void {
  const vite = resolve('node_modules/.bin/vite');
  for (const args of buildSteps(distDir, missingOnly)) execFileSync(vite, [...args, '--logLevel', 'error'], { stdio: 'inherit', env: productionEnv() });
}

/**
 * As buildApp, but at Vite's default log level with each step's output kept rather than printed
 * (the browser tests build once and then check that output for warnings), and without blocking:
 * the tests' global setup starts it and lets other tests run meanwhile. `--emptyOutDir`, since the
 * folder may lie outside the checkout. Stops at the first failing step; resolves with the steps it ran.
 */
export async function buildAppCapturingOutput(distDir: string, { missingOnly = false } = {}): Promise<BuildStep[]> {
  const vite = resolve('node_modules/.bin/vite');
  const ran: BuildStep[] = [];
  for (const args of buildSteps(distDir, missingOnly)) {
    const child = spawn(vite, [...args, '--emptyOutDir'], { env: { ...productionEnv(), NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    const status = await new Promise<number | null>((done) => {
      child.on('error', (error) => {
        output += String(error);
        done(null);
      });
      child.on('close', (code) => done(code));
    });
    ran.push({ args, status, output });
    if (status !== 0) break;
  }
  return ran;
}
