// `npm run build` for the tools that need a built app (browser tests, bench, Lighthouse): the client
// into a folder and its server-rendering build beside it (`<folder>-ssr`, where the server looks).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

/** Builds both; with `missingOnly`, each only when its output is not there yet. */
export function buildApp(distDir: string, { missingOnly = false } = {}): void {
  const vite = resolve('node_modules/.bin/vite');
  // Production, as `npm run build`: under Vitest NODE_ENV is 'test', and the server-rendering build
  // then took React's development JSX runtime and failed every render (jsxDEV is not a function).
  const options = { stdio: 'inherit' as const, env: { ...process.env, NODE_ENV: 'production' } };
  if (!missingOnly || !existsSync(resolve(distDir, 'index.html'))) {
    execFileSync(vite, ['build', '--outDir', distDir, '--logLevel', 'error'], options);
  }
  // Older checkouts (bench before/after runs) have no server-rendering entry.
  if (existsSync('src/entry-server.tsx') && (!missingOnly || !existsSync(resolve(`${distDir}-ssr`, 'entry-server.js')))) {
    execFileSync(vite, ['build', '--ssr', 'src/entry-server.tsx', '--outDir', `${distDir}-ssr`, '--logLevel', 'error'], options);
  }
}
