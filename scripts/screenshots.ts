// Screenshots of the client at phone and desktop sizes, into screenshots/ (git-ignored).
//   npm start (or any running server), then: npx tsx scripts/screenshots.ts [--base http://127.0.0.1:3000] [--manifest]
// --manifest also writes the home shots used by manifest.webmanifest into public/screenshots/.
// Uses Debian's Chromium (/usr/bin/chromium) through playwright-core.
import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { launchChromium } from '../tests/browser/chromium.js';

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

const args = process.argv.slice(2);
const base = args.includes('--base') ? args[args.indexOf('--base') + 1]! : (process.env.BASE_URL ?? 'http://127.0.0.1:3000');
const forManifest = args.includes('--manifest');

/** Waits until the app has booted past 'Loading...' and lazy screens have rendered. */
async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('[role="status"]')?.textContent?.includes('Loading...') && !document.querySelector('.page-progress'));
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(400);
}

async function main(): Promise<void> {
  await mkdir('screenshots', { recursive: true });
  const browser = await launchChromium();
  try {
    for (const viewport of VIEWPORTS) {
      for (const theme of ['dark', 'light'] as const) {
        const context = await browser.newContext({ viewport, deviceScaleFactor: 1, colorScheme: theme });
        await context.addInitScript((preference) => localStorage.setItem('theme', preference), theme);
        const page = await context.newPage();
        for (const route of ['login', 'register', 'home']) {
          await page.goto(`${base}/${route}`);
          await settle(page);
          const file = `screenshots/${route}-${viewport.width}x${viewport.height}-${theme}.png`;
          await page.screenshot({ path: file });
          console.log('wrote', file);
          if (forManifest && route === 'home' && theme === 'dark') {
            const target = `public/screenshots/home-${viewport.name === 'phone' ? 'narrow' : 'wide'}.png`;
            await mkdir('public/screenshots', { recursive: true });
            await sharp(file).png({ compressionLevel: 9, palette: true }).toFile(target);
            console.log('wrote', target);
          }
        }
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
}

await main();
