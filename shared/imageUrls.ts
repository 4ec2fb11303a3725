// Narrower copies of stored images (made by the server on first request, see
// server/routes/media.ts): a card or row picks the width it shows instead of the 1280 px thumbnail.
import { IMAGE_WIDTHS } from '../contract/limits';

const UPLOAD = '/media/image/upload/';
/** Thumbnails are stored at most this wide (server/media/images.ts). */
const STORED_WIDTH = 1280;

/** The stored WebP image's folder and name, or null for any other URL (nothing narrower to ask for). */
function storedImage(url: string): { base: string; name: string } | null {
  const at = url.indexOf(UPLOAD);
  const name = at < 0 ? '' : url.slice(at + UPLOAD.length);
  if (!name.endsWith('.webp') || name.includes('/')) return null;
  return { base: url.slice(0, at + UPLOAD.length), name };
}

/**
 * A `srcset` for a stored WebP image: its narrower copies and itself; undefined for any other URL.
 * With `maxWidth` (the data saver), no copy wider than that is offered, whatever the pixel ratio.
 */
export function imageSrcSet(url: string, maxWidth = Infinity): string | undefined {
  const image = storedImage(url);
  if (!image) return undefined;
  const copies = IMAGE_WIDTHS.filter((width) => width <= maxWidth).map((width) => `${image.base}w_${width}/${image.name} ${width}w`);
  if (STORED_WIDTH <= maxWidth) copies.push(`${url} ${STORED_WIDTH}w`);
  return copies.join(', ');
}

/** The copy of a stored WebP image `width` pixels wide (one of IMAGE_WIDTHS); other URLs as they are. */
export function imageCopy(url: string, width: (typeof IMAGE_WIDTHS)[number]): string {
  const image = storedImage(url);
  return image ? `${image.base}w_${width}/${image.name}` : url;
}
