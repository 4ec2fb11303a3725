// Rendered HTML for the first screens (/home, /watch/{id}, /profile/{username}, /search): the
// built index.html with the React tree rendered by src/entry-server.tsx (its SSR build in
// config.ssrDir), Emotion's styles, the route's chunks as modulepreload, the page's <title> and
// Open Graph/Twitter tags, and the fulfilled queries inlined for the client to hydrate from.
// Rendering is anonymous (the API calls go through app.inject without the caller's token or
// cookies), so a page never carries one user's data to another, whatever caches it.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RENDERED_BOOT_ENTRY } from '../../build/entries.js';
import { SCREEN_CHUNKS_FILE } from '../../build/screenChunks.js';
import type { RenderedPage } from '../../src/entry-server.js';
import { STORAGE_KEYS } from '../../shared/storageKeys.js';
import { serializeSsrState, SSR_STATE_ID } from '../../shared/ssrState.js';
import { compileTemplate } from './template.js';

interface SsrEntry {
  render(url: string, options: { dataTimeoutMs: number; lightMode?: boolean }): Promise<RenderedPage | null>;
  setServerSideFetch(config: { origin: string; fetch: typeof fetch }): void;
}

type ViteManifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;

export interface SsrRenderer {
  /** The page's HTML, or null when the URL is not a server-rendered screen. */
  render(request: FastifyRequest): Promise<string | null>;
}

/**
 * The client hint naming the browser's colour scheme. Rendered pages ask for it (Accept-CH,
 * server/http/staticClient.ts), so Chromium sends it from the second page on. Not as Critical-CH:
 * the restarted first request counts as a redirect in Lighthouse (~700 ms of simulated FCP and LCP),
 * more than the dark first paint it saves. Without it, dark HTML whose <html> class the client
 * switches before hydrating (a class change: the theme is CSS variables, src/app/theme.ts).
 */
export const COLOR_SCHEME_HINT = 'Sec-CH-Prefers-Color-Scheme';

/** A stylesheet up to this size is inlined into rendered pages. */
const INLINE_CSS_MAX_BYTES = 16 * 1024;

/** How long the route's API calls may take before the page renders without their data. */
const DATA_TIMEOUT_MS = 1500;
const ROOT = /<div id="root">[\s\S]*?<\/div>\s*<\/div>/;
const ORIGIN = 'http://ssr.internal';

/**
 * The preloads React puts at the start of the rendered tree (its images that are not lazy, the
 * likely LCP with fetchpriority=high among them): moved into <head>, before any script.
 */
const LEADING_PRELOADS = /^(?:<link rel="preload"[^>]*\/>)+/;
/**
 * The built index.html's module scripts: the entry last, before it any chunk the bundler lists as a
 * script of its own (a runtime chunk, should a build emit one).
 */
const MODULE_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/g;
/** Those scripts as one run (they stand together), replaced by the page's own. */
const MODULE_SCRIPT_RUN = new RegExp(`${MODULE_SCRIPT.source}(?:\\s*${MODULE_SCRIPT.source})*`);
/** The <html> element's colour-scheme class (dark in the build), switched for a light-preferring browser. */
const DARK_HTML_CLASS = /(?<=<html\b[^>]*) class="dark"/;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Every chunk the modules statically need, the entry's own chunks left out (the page loads them anyway). */
function chunksOf(manifest: ViteManifest, screenChunks: Record<string, string>, sources: string[]): string[] {
  // A screen merged into a named chunk (build/screenChunks.ts) has no source key: find it by file.
  const keyOf = (source: string) => manifest[source] ? source : Object.keys(manifest).find((key) => manifest[key]!.file === screenChunks[source]);
  const entryKeys = new Set<string>();
  const walk = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const child of manifest[key].imports ?? []) walk(child, into);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) walk(key, entryKeys);
  const needed = new Set<string>();
  for (const source of sources) {
    const key = keyOf(source);
    if (key) walk(key, needed);
  }
  return [...needed].filter((key) => !entryKeys.has(key)).map((key) => `/${manifest[key]!.file}`);
}

function headTags(page: RenderedPage, pageUrl: string, origin: string, modulePreloads: string[]): string {
  const { meta } = page;
  const image = meta.image ? new URL(meta.image, origin).href : null;
  const tags = [
    `<title>${escapeHtml(page.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(pageUrl)}" />`,
    `<meta property="og:site_name" content="Vidshare" />`,
    `<meta property="og:type" content="${meta.type}" />`,
    `<meta property="og:title" content="${escapeHtml(page.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(pageUrl)}" />`,
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${escapeHtml(page.title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(meta.description)}" />`,
  ];
  if (image) tags.push(`<meta property="og:image" content="${escapeHtml(image)}" />`, `<meta name="twitter:image" content="${escapeHtml(image)}" />`);
  for (const href of modulePreloads) tags.push(`<link rel="modulepreload" crossorigin href="${escapeHtml(href)}" />`);
  return tags.join('\n    ');
}

/** Replaces `<link rel="stylesheet">` of small built files with their content. */
async function inlineStylesheets(html: string, clientDir: string): Promise<string> {
  let out = html;
  for (const [link, href] of html.matchAll(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g)) {
    const file = join(clientDir, href!);
    if (!existsSync(file)) continue;
    const css = await readFile(file, 'utf8');
    if (css.length <= INLINE_CSS_MAX_BYTES) out = out.replace(link, () => `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`);
  }
  return out;
}

export async function loadSsrRenderer(app: FastifyInstance): Promise<SsrRenderer | null> {
  const entryFile = join(app.config.ssrDir, 'entry-server.js');
  const templateFile = join(app.config.clientDir, 'index.html');
  if (!existsSync(entryFile) || !existsSync(templateFile)) {
    app.log.info({ ssrDir: app.config.ssrDir }, 'no server-rendering build found: pages get the plain shell (npm run build makes one)');
    return null;
  }
  // The app's own small stylesheet goes inline: one render-blocking round trip less before the first paint.
  const template = await inlineStylesheets(await readFile(templateFile, 'utf8'), app.config.clientDir);
  const page = compileTemplate(template, {
    // The shell's own title and description give way to the page's (in the head tags).
    title: { pattern: /<title>[\s\S]*?<\/title>/, optional: true },
    description: { pattern: /<meta name="description"[^>]*>/, optional: true },
    head: { pattern: '</head>' },
    root: { pattern: ROOT },
    scripts: { pattern: MODULE_SCRIPT_RUN, optional: true },
    colorScheme: { pattern: DARK_HTML_CLASS, optional: true },
  });
  if (!page) {
    app.log.warn({ templateFile }, 'index.html has no root element or </head> to render into: server rendering off');
    return null;
  }
  const manifestFile = join(app.config.clientDir, '.vite', 'manifest.json');
  const manifest = existsSync(manifestFile) ? (JSON.parse(await readFile(manifestFile, 'utf8')) as ViteManifest) : {};
  const screenChunksFile = join(app.config.clientDir, SCREEN_CHUNKS_FILE);
  const screenChunks = existsSync(screenChunksFile) ? (JSON.parse(await readFile(screenChunksFile, 'utf8')) as Record<string, string>) : {};
  // Scripts of a rendered page: src/renderedBoot.ts names the entry and the screen's chunks and asks
  // for them once the first screen is painted; a build without it gets them at once (modulepreload).
  const bootFile = manifest[RENDERED_BOOT_ENTRY]?.file;
  const moduleScripts = [...template.matchAll(MODULE_SCRIPT)].map((match) => match[1]!);
  const entryScript = moduleScripts.at(-1);
  const entryImports = moduleScripts.slice(0, -1);
  const scriptsOf = (screenChunks: string[]) => {
    const chunks = [...new Set([...entryImports, ...screenChunks])];
    if (!bootFile || !entryScript) return { head: chunks, script: entryScript ? `<script type="module" crossorigin src="${entryScript}"></script>` : '' };
    return {
      head: [],
      script: `<script type="module" crossorigin src="/${bootFile}" data-entry="${entryScript}" data-chunks="${escapeHtml(chunks.join(' '))}" data-session-key="${STORAGE_KEYS.token}"></script>`,
    };
  };
  const entry = (await import(pathToFileURL(entryFile).href)) as SsrEntry;
  // The screens' API calls run in-process, as anonymous requests.
  entry.setServerSideFetch({
    origin: ORIGIN,
    fetch: async (input, init) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      const answer = await app.inject({ method: (init?.method ?? 'GET') as 'GET', url: url.pathname + url.search, headers: { accept: 'application/json' } });
      const body = answer.statusCode === 204 || answer.statusCode === 304 ? null : answer.body;
      return new Response(body, { status: answer.statusCode, headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') } });
    },
  });

  return {
    async render(request) {
      // Chromium tells its colour scheme once asked (COLOR_SCHEME_HINT): a light-preferring phone gets
      // light HTML, painted light before any script runs.
      const lightMode = request.headers[COLOR_SCHEME_HINT.toLowerCase()] === 'light';
      const rendered = await entry.render(request.url, { dataTimeoutMs: DATA_TIMEOUT_MS, lightMode });
      if (!rendered) return null;
      const origin = `${request.protocol}://${request.host}`;
      const scripts = scriptsOf(chunksOf(manifest, screenChunks, rendered.screenSources));
      const head = headTags(rendered, origin + request.url, origin, scripts.head);
      const state = `<script type="application/json" id="${SSR_STATE_ID}">${serializeSsrState(rendered.state)}</script>`;
      const imagePreloads = LEADING_PRELOADS.exec(rendered.html)?.[0] ?? '';
      const body = rendered.html.slice(imagePreloads.length);
      return page.fill({
        title: '',
        description: '',
        head: `    ${head}\n    ${rendered.styleTags}\n  </head>`,
        root: `<div id="root">${body}</div>\n    ${state}`,
        scripts: imagePreloads ? `${imagePreloads}\n    ${scripts.script}` : scripts.script,
        colorScheme: lightMode ? ' class="light"' : ' class="dark"',
      });
    },
  };
}
