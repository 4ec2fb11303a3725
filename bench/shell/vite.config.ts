// Builds bench/shell the way vite.config.ts builds the app (same React plugin, target, precompression).
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../build/precompress';

export default defineConfig({
  root: new URL('.', import.meta.url).pathname,
  plugins: [react(), precompress()],
  build: { target: 'es2022' },
});
