// Avatars, covers and thumbnails are re-encoded: sane sizes, no metadata, no hostile payloads.
import { buffer } from 'node:stream/consumers';
import sharp, { type OutputInfo } from 'sharp';
import { fileTypeFromBuffer } from 'file-type';
import { unsupported } from '../domain/errors.js';
import { newId } from '../ids.js';
import { IMAGE_WIDTHS, type ImageWidth } from '../../contract/limits.js';
import type { MediaStorage, StoredObject } from './storage.js';

export type ImageKind = 'avatar' | 'cover' | 'thumbnail';

const SIZES: Record<ImageKind, { width: number; height: number; fit: 'cover' | 'inside' }> = {
  avatar: { width: 256, height: 256, fit: 'cover' },
  cover: { width: 1600, height: 400, fit: 'cover' },
  thumbnail: { width: 1280, height: 720, fit: 'inside' },
};

const ALLOWED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);

export const imageStorageKey = (imageName: string) => `images/${imageName}`;
/** A narrower copy of an image, made on first request and kept beside it (images/w480/{name}). */
const imageVariantKey = (imageName: string, width: ImageWidth) => `images/w${width}/${imageName}`;
const VARIANT_KEY = /^images\/w\d+\/(.+)$/;

/**
 * Where `imageName` at `width` is stored: made from the stored image with sharp on first use and
 * kept (the image's own bytes when it is not wider), so later requests are plain reads with the usual
 * caching rules. A kept copy comes with what stat said of it, so serving it does not ask again (on
 * S3, one HEAD per card image instead of two). Null when the image does not exist. Two first requests
 * at once write the same bytes.
 */
export async function ensureImageVariant(storage: MediaStorage, imageName: string, width: ImageWidth): Promise<{ key: string; stored?: StoredObject } | null> {
  const key = imageVariantKey(imageName, width);
  const kept = await storage.stat(key);
  if (kept) return { key, stored: kept };
  if (!(await storage.stat(imageStorageKey(imageName)))) return null;
  const original = await buffer(await storage.read(imageStorageKey(imageName)));
  let output: Buffer;
  try {
    const { width: originalWidth = 0 } = await sharp(original).metadata();
    output = await variantBytes(original, originalWidth, width);
  } catch {
    return { key: imageStorageKey(imageName) }; // not readable as an image after all: the stored bytes as they are
  }
  await storage.putBuffer(key, output, 'image/webp');
  return { key };
}

/** `image` at `width`; not narrower than asked: the image's own bytes (a re-encode would only lose quality). */
function variantBytes(image: Buffer, imageWidth: number, width: ImageWidth): Promise<Buffer> {
  return imageWidth <= width ? Promise.resolve(image) : sharp(image).resize({ width }).webp({ quality: 75 }).toBuffer();
}

/** Checks the bytes are a real raster image, re-encodes to WebP and stores it; returns its name
 *  (what the tables keep; its URL is MediaUrls.image(name)). */
export async function storeImage(storage: MediaStorage, kind: ImageKind, bytes: Buffer, label = 'Image'): Promise<string> {
  const sniffed = await fileTypeFromBuffer(bytes);
  if (!sniffed || !sniffed.mime.startsWith('image/')) throw unsupported(`${label} must be a PNG, JPEG, WebP or GIF image`);
  let metadata: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    metadata = await sharp(bytes, { limitInputPixels: 50_000_000 }).metadata();
  } catch {
    throw unsupported(`${label} could not be read as an image`);
  }
  if (!metadata.format || !ALLOWED_FORMATS.has(metadata.format)) {
    throw unsupported(`${label} must be a PNG, JPEG, WebP or GIF image`);
  }
  const size = SIZES[kind];
  let output: { data: Buffer; info: OutputInfo };
  try {
    output = await sharp(bytes, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize({ width: size.width, height: size.height, fit: size.fit, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw unsupported(`${label} could not be read as an image`);
  }
  const name = `${newId()}.webp`;
  await storage.putBuffer(imageStorageKey(name), output.data, 'image/webp');
  // Thumbnails are shown through srcset at these widths: their narrower copies are made now, so a
  // first visit does not wait for sharp (a copy made on first request cost the Lighthouse bench's
  // first /home run about a second of LCP). Wider ones and other kinds are still made on first request.
  if (kind === 'thumbnail') {
    for (const width of IMAGE_WIDTHS.filter((candidate) => candidate < output.info.width)) {
      await storage.putBuffer(imageVariantKey(name, width), await variantBytes(output.data, output.info.width, width), 'image/webp');
    }
  }
  return name;
}

/** Removes a stored image and the narrower copies kept beside it. */
export async function removeImage(storage: MediaStorage, imageName: string): Promise<void> {
  await Promise.all([imageStorageKey(imageName), ...IMAGE_WIDTHS.map((width) => imageVariantKey(imageName, width))].map((key) => storage.remove(key)));
}

/** When an image was stored: its name is a UUIDv7, whose first 48 bits are milliseconds since 1970. */
function storedAt(imageName: string): number | null {
  const match = /^([0-9a-f]{8})-([0-9a-f]{4})-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/.exec(imageName);
  return match ? parseInt(`${match[1]}${match[2]}`, 16) : null;
}

/**
 * Removes stored images that no user (avatar, cover) and no video (thumbnail) points at: what a
 * crash between storing an image and writing its row left behind. Only images older than
 * `graceMs`, so a request on another node that has stored an image and not yet written its row
 * keeps it; names it does not recognise are left alone. Answers how many it removed.
 */
export async function sweepUnreferencedImages(
  deps: { storage: MediaStorage; referenced: () => Promise<string[]> },
  graceMs: number,
  nowMs = Date.now(),
): Promise<number> {
  const keys = await deps.storage.list(imageStorageKey(''));
  // A narrower copy goes with its image.
  const imageKeyOf = (key: string) => {
    const variant = VARIANT_KEY.exec(key);
    return variant ? imageStorageKey(variant[1]!) : key;
  };
  const candidates = keys.filter((key) => {
    const at = storedAt(imageKeyOf(key).slice(imageStorageKey('').length));
    return at !== null && at <= nowMs - graceMs;
  });
  if (!candidates.length) return 0;
  const kept = new Set((await deps.referenced()).map(imageStorageKey));
  const orphans = candidates.filter((key) => !kept.has(imageKeyOf(key)));
  await Promise.all(orphans.map((key) => deps.storage.remove(key)));
  return orphans.length;
}
