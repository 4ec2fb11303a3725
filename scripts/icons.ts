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

/** A Material icon's 24-unit path, white, centred on the app's dark rounded square (manifest shortcuts). */
function shortcutSvg(size: number, path: string): string {
  const scale = (size * 0.6) / 24;
  const offset = size * 0.2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <rect width="${size}" height="${size}" rx="${size * 0.22}" fill="${DARK}"/>
  <path transform="translate(${offset} ${offset}) scale(${scale})" d="${path}" fill="#fff"/>
</svg>`;
}

// The paths of @mui/icons-material's FileUpload, Subscriptions, FileDownload and Notifications.
const SHORTCUTS = {
  upload: 'M9 16h6v-6h4l-7-7-7 7h4zm-4 2h14v2H5z',
  subscriptions: 'M20 8H4V6h16zm-2-6H6v2h12zm4 10v8c0 1.1-.9 2-2 2H4c-1.1 0-2-.9-2-2v-8c0-1.1.9-2 2-2h16c1.1 0 2 .9 2 2m-6 4-6-3.27v6.53z',
  downloads: 'M19 9h-4V3H9v6H5l7 7zM5 18v2h14v-2z',
  notifications:
    'M12 22c1.1 0 2-.9 2-2h-4c0 1.1.89 2 2 2m6-6v-5c0-3.07-1.64-5.64-4.5-6.32V4c0-.83-.67-1.5-1.5-1.5s-1.5.67-1.5 1.5v.68C7.63 5.36 6 7.92 6 11v5l-2 2v1h16v-1z',
} as const;
for (const [name, path] of Object.entries(SHORTCUTS)) await png(`public/icons/shortcut-${name}-96.png`, shortcutSvg(96, path));

// The notification badge (Android's status bar): a white play mark on transparent; the system tints it.
await png(
  'public/icons/badge-96.png',
  `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><path d="M30 18 L30 78 L80 48 Z" fill="#fff"/></svg>`,
);
