// The client's Emotion cache. A server-rendered page brings every class its render inserted in one
// <style data-rendered-styles="css id1 id2 ..."> at the end of <head> (src/entry-server.tsx). Under
// Emotion's own attribute (data-emotion) the client's cache would take that tag into its sheet by
// moving it to the end of <head>: the browser then drops and re-parses the whole stylesheet and
// restyles the page, at a phone's 4x CPU ~40 ms in the entry's evaluation plus a ~100 ms style
// recalculation right after it. Here the tag stays where it is and its classes are only marked as
// inserted; what the client inserts later is appended to <head>, after it in the cascade, as before.
import createCache, { type EmotionCache } from '@emotion/cache';

/** The attribute naming the key and the ids of the classes a server render inserted. */
export const RENDERED_STYLES_ATTRIBUTE = 'data-rendered-styles';

/** Called once at boot (main.tsx); the service worker's shell has no such tag, and nothing is marked. */
export function clientEmotionCache(): EmotionCache {
  const cache = createCache({ key: 'css' });
  const [, ...ids] = document.querySelector(`style[${RENDERED_STYLES_ATTRIBUTE}]`)?.getAttribute(RENDERED_STYLES_ATTRIBUTE)?.split(' ') ?? [];
  for (const id of ids) cache.inserted[id] = true;
  return cache;
}
