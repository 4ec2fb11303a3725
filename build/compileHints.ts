// A Vite plugin: the chunks a first screen runs while it boots start with the magic comment
// `//# allFunctionsCalledOnLoad`. Chrome (136+) then compiles all of their functions on a background
// thread while the script downloads, instead of one at a time on the main thread when each is first
// called (on /watch that lazy compilation is most of the entry's ~300 ms evaluation task at
// a phone's 4x slower CPU). V8 reads the comment only as the file's very first line, so this runs
// after Vite has put its preload helper at the top. Other browsers see a comment.
import type { Plugin } from 'vite';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** `chunkNames`: the chunks (by name) to mark. */
export function compileHints(chunkNames: string[]): Plugin {
  const names = new Set(chunkNames);
  return {
    name: 'vidshare:compile-hints',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || !names.has(chunk.name)) continue;
          chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
          // One line more at the top: every mapping moves down a line (a build with source maps).
          const map = bundle[`${chunk.fileName}.map`];
          if (map?.type === 'asset' && typeof map.source === 'string') {
            const json = JSON.parse(map.source) as { mappings: string };
            map.source = JSON.stringify({ ...json, mappings: `;${json.mappings}` });
          }
        }
      },
    },
  };
}
