// How a server-rendered page (server/ssr/render.ts) starts the app: this small module instead of
// the entry script. The rendered HTML is readable and its links work before any script, so the
// first screen's main picture (the image with fetchpriority=high, the likely LCP: the first card,
// the poster) gets the link to itself first; the entry and the screen's chunks (~200 KB) are asked
// for once it is painted, or after MAX_WAIT_MS. On a phone on a slow link the two would otherwise
// share it, and the scripts end at about the same time either way. A device with a stored session
// starts them at once: it renders its own (signed-in) screen on the client, not this page.
// Imports nothing: it must stay a few hundred bytes.

/** The longest the app's scripts wait for the main picture. */
const MAX_WAIT_MS = 1000;

const scripts = document.querySelector<HTMLScriptElement>('script[data-entry]');

function mainPictureSettled(): Promise<void> {
  const image = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
  if (!image || image.complete) return Promise.resolve();
  return new Promise((resolve) => {
    image.addEventListener('load', () => resolve(), { once: true });
    image.addEventListener('error', () => resolve(), { once: true });
    setTimeout(resolve, MAX_WAIT_MS);
  });
}

/** After the next frame is painted (a hidden tab paints none: then after a short wait). */
const nextPaint = () =>
  new Promise<void>((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 100);
  });

/**
 * A stored session (its local storage key is in data-session-key). lib/storage's getToken, read here
 * without importing it: a module shared with the entry would pull the app's whole chunk into this one.
 */
function signedIn(key: string | undefined): boolean {
  try {
    return Boolean(key && localStorage.getItem(key));
  } catch {
    return false; // storage disabled: signed out
  }
}

/** The screen's chunks and the entry, fetched in parallel (the entry would ask for the chunks only once it runs). */
function startApp(entry: string, chunks: string[]): void {
  for (const href of chunks) document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href, crossOrigin: '' }));
  // A script element rather than import(): inserted before the page's load event, it delays that
  // event until the app has run, as the entry script in the HTML did.
  document.head.append(Object.assign(document.createElement('script'), { type: 'module', src: entry, crossOrigin: '' }));
}

if (scripts?.dataset.entry) {
  const { entry, sessionKey } = scripts.dataset;
  const chunks = (scripts.dataset.chunks ?? '').split(' ').filter(Boolean);
  if (signedIn(sessionKey)) startApp(entry, chunks);
  else void mainPictureSettled().then(nextPaint).then(() => startApp(entry, chunks));
}
