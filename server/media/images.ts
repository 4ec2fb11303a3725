// Avatars, covers and thumbnails are re-encoded: sane sizes, no metadata, no hostile payloads.
import sharp from 'sharp';
import { fileTypeFromBuffer } from 'file-type';
import { unsupportedMediaType } from '../http/envelope.js';
import { newId } from '../ids.js';
import type { MediaStorage } from './storage.js';

export type ImageKind = 'avatar' | 'cover' | 'thumbnail';

const SIZES: Record<ImageKind, { width: number; height: number; fit: 'cover' | 'inside' }> = {
  avatar: { width: 256, height: 256, fit: 'cover' },
  cover: { width: 1600, height: 400, fit: 'cover' },
  thumbnail: { width: 1280, height: 720, fit: 'inside' },
};

const ALLOWED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);

export const imageStorageKey = (imageName: string) => `images/${imageName}`;

/** Checks the bytes are a real raster image, re-encodes to WebP and stores it; returns its name
 *  (what the tables keep; its URL is MediaUrls.image(name)). */
export async function storeImage(storage: MediaStorage, kind: ImageKind, bytes: Buffer, label = 'Image'): Promise<string> {
  const sniffed = await fileTypeFromBuffer(bytes);
  if (!sniffed || !sniffed.mime.startsWith('image/')) throw unsupportedMediaType(`${label} must be a PNG, JPEG, WebP or GIF image`);
  let metadata: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    metadata = await sharp(bytes, { limitInputPixels: 50_000_000 }).metadata();
  } catch {
    throw unsupportedMediaType(`${label} could not be read as an image`);
  }
  if (!metadata.format || !ALLOWED_FORMATS.has(metadata.format)) {
    throw unsupportedMediaType(`${label} must be a PNG, JPEG, WebP or GIF image`);
  }
  const size = SIZES[kind];
  let output: Buffer;
  try {
    output = await sharp(bytes, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize({ width: size.width, height: size.height, fit: size.fit, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    throw unsupportedMediaType(`${label} could not be read as an image`);
  }
  const name = `${newId()}.webp`;
  await storage.putBuffer(imageStorageKey(name), output, 'image/webp');
  return name;
}
