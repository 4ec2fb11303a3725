// Client weight: the production build's first-load JS/CSS (what /home downloads before any
// lazy chunk) and every other chunk, raw and gzip.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ChunkSize {
  file: string;
  raw: number;
  gzip: number;
}

export interface ClientWeight {
  firstLoadJs: { raw: number; gzip: number; files: string[] };
  firstLoadCss: { raw: number; gzip: number };
  chunks: ChunkSize[];
}

async function sizeOf(distDir: string, file: string): Promise<ChunkSize> {
  const bytes = await readFile(join(distDir, file));
  return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

export async function measureClientWeight(distDir = 'dist'): Promise<ClientWeight> {
  const html = await readFile(join(distDir, 'index.html'), 'utf8');
  const refs = (pattern: RegExp) => [...html.matchAll(pattern)].map((m) => m[1]!.replace(/^\//, ''));
  const entryJs = refs(/<script[^>]+src="([^"]+\.js)"/g);
  const preloads = refs(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g);
  const css = refs(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g);
  const firstJs = [...new Set([...entryJs, ...preloads])];
  const jsSizes = await Promise.all(firstJs.map((file) => sizeOf(distDir, file)));
  const cssSizes = await Promise.all(css.map((file) => sizeOf(distDir, file)));
  const assets = (await readdir(join(distDir, 'assets'))).filter((f) => f.endsWith('.js')).map((f) => `assets/${f}`);
  const chunks = (await Promise.all(assets.filter((f) => !firstJs.includes(f)).map((f) => sizeOf(distDir, f)))).sort((a, b) => b.gzip - a.gzip);
  const sum = (list: ChunkSize[], key: 'raw' | 'gzip') => list.reduce((total, item) => total + item[key], 0);
  return {
    firstLoadJs: { raw: sum(jsSizes, 'raw'), gzip: sum(jsSizes, 'gzip'), files: firstJs },
    firstLoadCss: { raw: sum(cssSizes, 'raw'), gzip: sum(cssSizes, 'gzip') },
    chunks,
  };
}
