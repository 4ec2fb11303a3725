// Generates the PWA icons into public/ from one SVG drawing (run: npx tsx scripts/icons.ts).
// Committed output; rerun only when the logo changes.
import { mkdir, writeFile } from 'node:fs/promises';
import sharp from 'sharp';

const RED = '#e53935';
const DARK = '#0f0f0f';

/** The play-button logo; `padding` is the share of the canvas kept free around it (maskable safe zone). */
function logoSvg(size: number, { padding, background, rounded }: { padding: number; background: string; rounded: boolean }): string {
  const inner = size * (1 - 2 * padding);
  const x = size * padding;
  const y = size * padding + inner * 0.14;
  const h = inner * 0.72;
  const radius = inner * 0.2;
  const cx = size / 2 + inner * 0.04;
  const cy = size / 2;
  const t = inner * 0.2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <rect width="${size}" height="${size}" rx="${rounded ? size * 0.22 : 0}" fill="${background}"/>
  <rect x="${x}" y="${y}" width="${inner}" height="${h}" rx="${radius}" fill="${RED}"/>
  <path d="M${cx - t * 0.8} ${cy - t} L${cx - t * 0.8} ${cy + t} L${cx + t} ${cy} Z" fill="#fff"/>
</svg>`;
}

async function png(path: string, svg: string): Promise<void> {
  await writeFile(path, await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer());
  console.log('wrote', path);
}

await mkdir('public/icons', { recursive: true });
await png('public/icons/icon-192.png', logoSvg(192, { padding: 0.1, background: DARK, rounded: true }));
await png('public/icons/icon-512.png', logoSvg(512, { padding: 0.1, background: DARK, rounded: true }));
// Maskable: full-bleed background, logo inside the 80 % safe circle.
await png('public/icons/icon-maskable-512.png', logoSvg(512, { padding: 0.2, background: DARK, rounded: false }));
await png('public/icons/apple-touch-icon.png', logoSvg(180, { padding: 0.12, background: DARK, rounded: false }));
// The favicon as a PNG: Chromium decodes an SVG icon by building a whole SVG document on the page's
// main thread (5-8 ms of a phone's boot, right after the first paint); a 48 px PNG is a plain decode.
await png('public/icons/favicon-48.png', logoSvg(48, { padding: 0.02, background: 'none', rounded: false }).replace('fill="none"', 'fill-opacity="0"'));
