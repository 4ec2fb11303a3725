// Vite builds the PWA; vite-plugin-pwa compiles sw/sw.ts (injectManifest) and emits the
// top-level manifest.webmanifest, linked and precached (STACK.md "PWA wiring that worked").
import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';
import { compileHints } from './build/compileHints.js';
import { ownCopy } from './build/ownCopy.js';
import { RENDERED_BOOT_ENTRY } from './build/entries.js';
import { precompress } from './build/precompress.js';
import { screenChunks } from './build/screenChunks.js';
import { themeVariables } from './build/themeVariables.js';

const manifest = JSON.parse(readFileSync(new URL('./manifest.webmanifest', import.meta.url), 'utf8')) as Partial<ManifestOptions>;
// The two first screens people open, each in one chunk (the layout's bottom bar with home); the
// other screens import what they share from these.
const screens = screenChunks([
  { name: 'home', roots: ['src/features/feed/HomePage.tsx', 'src/features/layout/BottomNav.tsx'] },
  { name: 'watch', roots: ['src/features/watch/WatchPage.tsx'] },
]);
const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig(({ isSsrBuild }) => ({
  // The SSR build bundles React, MUI and Emotion in their production builds, whatever NODE_ENV the
  // server runs with: development Emotion labels its class names (css-1x-MuiButton-root), so the
  // client (production) matched none of the server's styles and inserted every one again while
  // hydrating; development React also renders several times slower.
  ...(isSsrBuild && {
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    ssr: { noExternal: true, external: ['@emotion/server'] },
  }),
  plugins: [
    react(),
    themeVariables(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      manifest,
      includeAssets: ['icons/favicon-48.png', 'robots.txt', 'icons/apple-touch-icon.png'],
      injectManifest: {
        globPatterns: ['**/*.{js,css,html}'],
        // The worker is one file with no dynamic imports: as an IIFE the plugin builds it in library
        // mode. Its 'es' build hard-codes rolldown's deprecated inlineDynamicImports, and every
        // build warned about it.
        rollupFormat: 'iife',
      },
      devOptions: { enabled: false },
    }),
    // The entry (index.html's chunk) and the two server-rendered screens: what a first visit runs
    // before it can answer a tap. tests/browser/ssr.test.ts checks the served entry carries the hint.
    compileHints(['index', 'home', 'watch']),
    // The studio's charts carry their own reselect (build/ownCopy.ts says why).
    ownCopy('reselect', ['@base-ui']),
    precompress(),
    screens.plugin,
  ],
  build: {
    target: 'es2022',
    // The server reads it to name a rendered screen's chunks in modulepreload (server/ssr/render.ts).
    manifest: !isSsrBuild,
    // The SSR build (dist-ssr/) is server code: no public files in it.
    copyPublicDir: !isSsrBuild,
    // The budget that matters is gzip first-load (170 KB); see README.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      ...(!isSsrBuild && { input: { index: 'index.html', renderedBoot: RENDERED_BOOT_ENTRY } }),
      output: {
        // Everything the first load needs in one chunk. Left alone, rolldown splits modules shared by
        // the entry and the lazy screens into one small chunk per set of importers, and each new
        // screen added more of them: ~3.5 KB gzip of chunk glue on the first load for the same modules.
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'], test: (id: string) => !id.endsWith(`/${RENDERED_BOOT_ENTRY}`) },
            // Every page reads the saved videos' ids after its first paint (useDownloadedIds); inside the
            // watch screen's chunk (the watch page imports the store too), /home would fetch and run
            // that whole chunk (~200 KB) in its idle time for a 2 KB module.
            { name: 'downloadStore', test: (id: string) => id.endsWith('/src/features/downloads/downloadStore.ts') },
            ...screens.groups,
          ],
        },
      },
    },
  },
  server: {
    // `npm run dev`: Vite serves the client, the API server (npm run dev:server) everything else.
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/media': { target: apiTarget, changeOrigin: false },
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
}));
