// Server-rendered pages carry whatever people type, literally: a title, description, full name or
// the page's own URL holding replacement patterns ($` $' $& $<name> $1 $$), markup that could end an
// element early (</script>, <!--) or a line separator stays text. The page stays one well-formed
// document: one <html>, a <title> with the text HTML-escaped, and ssr-state JSON that parses back
// to the same strings. Fetched over HTTP from the real server with the built client.
import { request } from 'node:http';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, insertVideo, registerUser, startServer, type TestServer } from '../support/server.js';
import { DIST, ensureBuilt } from '../browser/chromium.js';

// jsdom (the client tests' DOM) ships no types: the one constructor used here, typed by hand.
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (html: string) => { window: Window } };

const TRICKY = ['$`', "$'", '$&', '$<name>', '$1', '$$', '</script>', '<!--', '\u2028'];

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** GET with the path sent as written (fetch would percent-encode the quote and the angle brackets). */
function getRaw(base: string, path: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, headers: { accept: 'text/html' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const count = (html: string, pattern: RegExp) => html.match(new RegExp(pattern.source, 'gi'))?.length ?? 0;

/** Every string anywhere in a parsed JSON value. */
function stringsOf(value: unknown, into: string[] = []): string[] {
  if (typeof value === 'string') into.push(value);
  else if (value && typeof value === 'object') for (const child of Object.values(value)) stringsOf(child, into);
  return into;
}

/** The page is one document with the expected title; returns its ssr-state's strings. */
function wellFormed(html: string, title: string, path: string): string[] {
  for (const element of [/<html[\s>]/, /<\/html>/, /<head>/, /<\/head>/, /<body[\s>]/, /<\/body>/, /<title>/, /id="ssr-state"/, /<div id="root">/]) {
    expect(count(html, element), `${element} in ${path}`).toBe(1);
  }
  expect(html).toContain(`<title>${escapeHtml(title)}</title>`);
  const { document } = new JSDOM(html).window;
  expect(document.title).toBe(title);
  // Nothing leaked into the body as text (a pattern expanding to a piece of the template does).
  const strayText = [...document.body.childNodes].filter((node) => node.nodeType === node.TEXT_NODE && node.textContent!.trim());
  expect(strayText.map((node) => node.textContent)).toEqual([]);
  expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  const state = document.getElementById('ssr-state')?.textContent ?? '';
  return stringsOf(JSON.parse(state));
}

describe.each(databases)('server-rendered pages with user text (%s)', (dialect) => {
  let server: TestServer;
  let plainVideoId = '';
  const pages: { pattern: string; videoId: string; title: string; description: string; username: string; fullName: string }[] = [];

  // In a whole run the app is built in the background (tests/browser/builtApp.ts): on a busy
  // machine that takes minutes, which the server project's hook timeout would not cover.
  beforeAll(() => ensureBuilt(), 600_000);
  beforeAll(async () => {
    server = await startServer({ dialect, env: { CLIENT_DIR: DIST } });
    for (const pattern of TRICKY) {
      const fullName = `Name ${pattern} end`;
      const owner = await registerUser(server, { fullName });
      const title = `Title ${pattern} end`;
      const description = `Described ${pattern} here`;
      const videoId = await insertVideo(server, owner.id, { title, description });
      pages.push({ pattern, videoId, title, description, username: owner.username, fullName });
    }
    plainVideoId = await insertVideo(server, (await registerUser(server)).id, { title: 'Plain title' });
  });
  afterAll(() => server?.close());

  it('renders /watch/{id} with the title and description as written', async () => {
    for (const { videoId, title, description } of pages) {
      const path = `/watch/${videoId}`;
      const page = await getRaw(server.url, path);
      expect(page.status).toBe(200);
      const strings = wellFormed(page.body, `${title} - Vidshare`, path);
      expect(strings).toContain(title);
      expect(strings).toContain(description);
      expect(page.body).toContain(`<meta name="description" content="${escapeHtml(description)}" />`);
    }
  });

  it('renders a page whose own URL carries the patterns', async () => {
    for (const { pattern } of pages) {
      // As a browser may send it: the pattern raw where HTTP allows it, percent-encoded otherwise.
      const query = /[\s<>\u2028]/.test(pattern) ? encodeURIComponent(pattern) : pattern;
      const path = `/watch/${plainVideoId}?q=${query}&t=${query}`;
      const page = await getRaw(server.url, path);
      expect(page.status).toBe(200);
      expect(wellFormed(page.body, 'Plain title - Vidshare', path)).toContain('Plain title');
    }
  });

  it('renders /profile/{username} with the full name as written', async () => {
    for (const { username, fullName } of pages) {
      const path = `/profile/${username}`;
      const page = await getRaw(server.url, path);
      expect(page.status).toBe(200);
      expect(wellFormed(page.body, `${fullName} (@${username}) - Vidshare`, path)).toContain(fullName);
    }
  });

  it('renders /search with the query as written', async () => {
    for (const { pattern } of pages) {
      const q = `find ${pattern} this`;
      const path = `/search?q=${encodeURIComponent(q)}`;
      const page = await getRaw(server.url, path);
      expect(page.status).toBe(200);
      wellFormed(page.body, `${q} - Search - Vidshare`, path);
    }
  });
});
