// `npx vite build --config vite.prof.config.ts --sourcemap --outDir <dir>`: the app with React DOM's
// profiling build, whose renders, commits and remaining effects appear as performance-track spans
// (console.timeStamp) in a Chrome trace beside the CPU profile: how the README's third pass on
// /watch's boot was measured. For measuring only, never shipped.
import type { ConfigEnv, UserConfig, UserConfigFnObject } from 'vite';
import config from './vite.config';

export default (env: ConfigEnv): UserConfig => ({
  ...(config as UserConfigFnObject)(env),
  resolve: { alias: [{ find: /^react-dom\/client$/, replacement: 'react-dom/profiling' }] },
});
