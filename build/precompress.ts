// A Vite plugin: once the whole build (service worker included) is written, every text asset gets
// a brotli (.br) and a gzip (.gz) sibling, compressed once at their best levels, so the server
// (@fastify/static preCompressed) sends them without compressing per request.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map)$/;
/** Below this the headers outweigh the saving. */
const MIN_BYTES = 512;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!entry.name.startsWith('.')) yield* files(path); // .vite/manifest.json is read by the server, never sent
    } else if (COMPRESSIBLE.test(entry.name)) yield path;
  }
}

/** Writes `<path>.br` and `<path>.gz` beside the file. */
export async function precompressFile(path: string): Promise<void> {
  const bytes = await readFile(path);
  const [br, gz] = await Promise.all([
    brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
    gzipAsync(bytes, { level: 9 }),
  ]);
  await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
}

export async function precompressDir(dir: string): Promise<number> {
  let count = 0;
  for await (const path of files(dir)) {
    if ((await stat(path)).size < MIN_BYTES) continue;
    await precompressFile(path);
    count += 1;
  }
  return count;
}

export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'vidshare:precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      // After vite-plugin-pwa has written sw.js in its own closeBundle.
      order: 'post',
      sequential: true,
      async handler() {
        if (config.build.ssr) return;
        await precompressDir(resolve(config.root, config.build.outDir));
      },
    },
  };
}
