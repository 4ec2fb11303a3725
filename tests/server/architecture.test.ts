// No import cycles in src/ or server/: every relative import (type-only ones included) is an edge;
// any strongly connected group of more than one module, or a module importing itself, fails.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const EXTENSIONS = ['.ts', '.tsx'];
const IMPORT = /(?:import|export)\s+(?:type\s+)?(?:[^'"`;]*?\s+from\s+)?['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return EXTENSIONS.some((extension) => name.endsWith(extension)) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** `./x.js` (server, NodeNext) or `./x` (client) -> the file it names. */
function resolveImport(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier).replace(/\.js$/, '');
  for (const candidate of [...EXTENSIONS.map((extension) => base + extension), ...EXTENSIONS.map((extension) => join(base, `index${extension}`))]) {
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

function importGraph(roots: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of roots.flatMap((root) => sourceFiles(join(ROOT, root)))) {
    const text = readFileSync(file, 'utf8');
    const targets = [...text.matchAll(IMPORT)].map((match) => resolveImport(file, (match[1] ?? match[2])!)).filter((target): target is string => target !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Tarjan's strongly connected components: each returned group is one cycle (or a knot of them). */
function cycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue; // outside the scanned roots
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1 || graph.get(node)!.includes(node)) found.push(group.map((file) => relative(ROOT, file)).sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('architecture', () => {
  it('finds a cycle when there is one (the detector itself)', () => {
    const graph = new Map([
      [join(ROOT, 'a.ts'), [join(ROOT, 'b.ts')]],
      [join(ROOT, 'b.ts'), [join(ROOT, 'c.ts')]],
      [join(ROOT, 'c.ts'), [join(ROOT, 'a.ts')]],
      [join(ROOT, 'd.ts'), [join(ROOT, 'a.ts')]],
    ]);
    expect(cycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });

  it('reads type-only, re-export and dynamic imports as edges', () => {
    const graph = importGraph(['server']);
    const storage = join(ROOT, 'server/media/storage.ts');
    expect(graph.get(storage)).toContain(join(ROOT, 'server/media/mediaStorage.ts'));
    expect(graph.get(join(ROOT, 'server/media/s3Storage.ts'))).toContain(join(ROOT, 'server/media/mediaStorage.ts'));
  });

  it('has no import cycle in server/ (contract/ included)', () => {
    expect(cycles(importGraph(['server', 'contract']))).toEqual([]);
  });

  it('has no import cycle in src/ (contract/ included)', () => {
    expect(cycles(importGraph(['src', 'contract']))).toEqual([]);
  });
});
