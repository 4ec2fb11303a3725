// A clean build of the client and its server-rendering build prints no warning: each one names a
// cause to fix (a deprecated bundler option, a config the native loader cannot read), and a build
// that always warns teaches everyone to skip the warning that matters.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildAppCapturingOutput } from '../../build/buildApp.js';
import { recordedBuild } from './builtApp.js';
import { ensureBuilt } from './chromium.js';

const WARNING = /\bwarn(ing)?\b|\(!\)|deprecated/i;

describe('the production build', () => {
  let outDir = '';
  afterAll(async () => {
    if (outDir) await Promise.all([rm(outDir, { recursive: true, force: true }), rm(`${outDir}-ssr`, { recursive: true, force: true })]);
  });

  it('prints no warning for the client nor the server-rendering build', async () => {
    // The browser projects' global setup (builtApp.ts) built both from scratch for this run when
    // they were missing: their output is the one to read. Otherwise build both here, outside the checkout.
    await ensureBuilt();
    let steps = await recordedBuild();
    if (steps.length < 2) {
      outDir = join(await mkdtemp(join(tmpdir(), 'vidshare-build-')), 'dist');
      steps = await buildAppCapturingOutput(outDir);
    }
    for (const { status, output } of steps) {
      expect(status, output).toBe(0);
      expect(output.split('\n').filter((line) => WARNING.test(line))).toEqual([]);
    }
    expect(steps.map((step) => step.args.includes('--ssr'))).toEqual([false, true]);
  });
});
