// One chunk per server-rendered screen instead of one per set of importers. Left alone, rolldown
// cut the watch screen's static imports into ~45 small chunks (Typography, Menu, Slider, icons...),
// and a phone on HTTP/1.1 fetches six at a time: several round trips before it could hydrate.
// The plugin records the static import graph while building; the groups then capture each screen's
// static closure (what the entry's chunk does not already hold), the earlier screen first, so a
// later one imports the earlier one's chunk for what they share rather than taking it over.
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

/** Beside Vite's manifest: each screen root's source path -> the chunk file holding it. */
export const SCREEN_CHUNKS_FILE = '.vite/screen-chunks.json';

interface ScreenChunk {
  name: string;
  /** Source files (from the project root) whose static imports make up the chunk. */
  roots: string[];
}

export function screenChunks(screens: ScreenChunk[]) {
  const imports = new Map<string, string[]>();
  const taken = new Map<string, string>();
  let assigned = false;

  const assign = () => {
    if (assigned) return;
    assigned = true;
    for (const screen of screens) {
      const stack = screen.roots.map((root) => resolve(root));
      while (stack.length) {
        const id = stack.pop()!;
        if (taken.has(id)) continue;
        taken.set(id, screen.name);
        stack.push(...(imports.get(id) ?? []));
      }
    }
  };

  const plugin: Plugin = {
    name: 'vidshare:screen-chunks',
    apply: 'build',
    buildStart() {
      imports.clear();
      taken.clear();
      assigned = false;
    },
    buildEnd() {
      for (const id of this.getModuleIds()) imports.set(id, [...(this.getModuleInfo(id)?.importedIds ?? [])]);
    },
    // A group's chunk has no source key in Vite's manifest: the server finds a screen's chunk here.
    generateBundle(_options, bundle) {
      const chunkOf: Record<string, string> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        for (const root of screens.flatMap((screen) => screen.roots)) if (output.moduleIds.includes(resolve(root))) chunkOf[root] = output.fileName;
      }
      this.emitFile({ type: 'asset', fileName: SCREEN_CHUNKS_FILE, source: JSON.stringify(chunkOf, null, 2) });
    },
  };

  // After the entry's group (`$initial`), which keeps what the first load needs.
  const groups = screens.map((screen) => ({
    name: screen.name,
    test: (id: string) => {
      assign();
      return taken.get(id) === screen.name;
    },
  }));
  return { plugin, groups };
}
