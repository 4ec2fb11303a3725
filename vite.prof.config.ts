import base from './vite.config';
import type { UserConfig } from 'vite';
export default (env: { isSsrBuild?: boolean; command: 'build' | 'serve'; mode: string }) => {
  const config = (base as unknown as (e: typeof env) => UserConfig)(env);
  return { ...config, resolve: { alias: [{ find: /^react-dom\/client$/, replacement: 'react-dom/profiling' }, { find: /^scheduler$/, replacement: 'scheduler/unstable_post_task' }].slice(0, 1) } };
};
