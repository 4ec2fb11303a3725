// The server's modulepreload paths (screenSources.ts) name the very modules screens.ts loads.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RENDERED_LAYOUT_SOURCES, SCREEN_SOURCES } from '../../src/app/screenSources';
import { RENDERED_LAYOUT_PARTS, SCREENS } from '../../src/app/screens';

describe('screen sources', () => {
  it('name, for every screen and rendered layout part, the module its lazy import loads', async () => {
    const pairs = [
      ...Object.entries(SCREENS).map(([name, screen]) => [screen.load, SCREEN_SOURCES[name as keyof typeof SCREENS]] as const),
      ...Object.entries(RENDERED_LAYOUT_PARTS).map(([name, load]) => [load, RENDERED_LAYOUT_SOURCES[name as keyof typeof RENDERED_LAYOUT_PARTS]] as const),
    ];
    expect(pairs).toHaveLength(5);
    // One module, one namespace object: the lazy import and the named path load the same instance.
    for (const [load, source] of pairs) expect(await load()).toBe(await import(/* @vite-ignore */ resolve(source)));
  });
});
