// A Vite plugin: a package imported from some lazily loaded libraries gets a copy of its own there.
// Rollup keeps one copy of each module, in the first load when the first load uses it; a lazy
// library that uses more of that module's code then makes the first load carry that code too.
// The studio's charts (@mui/x-charts, through @base-ui/utils) build their selectors with reselect's
// factory options that the store (Redux Toolkit) never passes: about 350 bytes gzip the first load
// carried for a screen most visitors never open. Their own copy keeps those bytes in their chunk.
import type { Plugin } from 'vite';

/** `pkg` imported from a file under one of `importers` (node_modules folders) resolves to its own copy. */
export function ownCopy(pkg: string, importers: string[]): Plugin {
  const fromImporters = (importer: string) => importers.some((folder) => importer.includes(`/node_modules/${folder}/`));
  return {
    name: 'vidshare:own-copy',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source !== pkg || !importer || !fromImporters(importer)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && { ...resolved, id: `${resolved.id}?own-copy` };
    },
  };
}
