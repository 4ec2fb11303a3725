// Debian's Chromium, headless, as the browser tests, the benches, Lighthouse and the screenshot script
// run it: one path and one set of flags.
import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

export const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
/** Headless Chromium with nothing of its own on the network or the CPU (updates, sync, first-run work). */
export const CHROME_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** Why Chromium cannot run here, or null when it can. */
export function chromiumMissingReason(): string | null {
  return existsSync(CHROME_PATH) ? null : `Chromium not found at ${CHROME_PATH} (apt-get install -y chromium)`;
}

export function launchChromium(extraFlags: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROME_PATH, headless: true, args: [...CHROME_FLAGS, ...extraFlags] });
}
