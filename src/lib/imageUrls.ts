// Narrower copies of stored images (issue 14; made by the server on first request, see
// server/routes/media.ts): a card or row picks the width it shows instead of the 1280 px thumbnail.
import { IMAGE_WIDTHS } from '../../contract/limits';

const UPLOAD = '/media/image/upload/';
/** Thumbnails are stored at most this wide (server/media/images.ts). */
const STORED_WIDTH = 1280;

/** A `srcset` for a stored WebP image: its narrower copies and itself; undefined for any other URL. */
export function imageSrcSet(url: string): string | undefined {
  const at = url.indexOf(UPLOAD);
  const name = at < 0 ? '' : url.slice(at + UPLOAD.length);
  if (!name.endsWith('.webp') || name.includes('/')) return undefined;
  const base = url.slice(0, at + UPLOAD.length);
  return [...IMAGE_WIDTHS.map((width) => `${base}w_${width}/${name} ${width}w`), `${url} ${STORED_WIDTH}w`].join(', ');
}
