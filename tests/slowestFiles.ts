// A Vitest reporter that ends the run with its ten slowest test files (import, setup and every test
// and hook), so whoever reads the end of a log sees where the suite's time goes. It also writes every
// file's time to test-results/file-durations.json: copied over tests/fileDurations.json after a full
// run, it is the order a fresh clone starts its files in (tests/longestFirst.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

const SHOWN = 10;

export default class SlowestFiles implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const rows = testModules
      .map((module) => {
        const diagnostic = module.diagnostic();
        return { file: relative(process.cwd(), module.moduleId), project: module.project.name, ms: diagnostic.collectDuration + diagnostic.setupDuration + diagnostic.duration };
      })
      .sort((a, b) => b.ms - a.ms);
    if (rows.length === 0) return;
    mkdirSync('test-results', { recursive: true });
    const durations = Object.fromEntries(rows.map((row) => [`${row.project}:${row.file}`, Math.round(row.ms)]));
    writeFileSync('test-results/file-durations.json', `${JSON.stringify(durations, null, 2)}\n`);
    const lines = rows.slice(0, SHOWN).map((row) => `${(row.ms / 1000).toFixed(1).padStart(7)} s  ${row.project.padEnd(8)} ${row.file}`);
    process.stdout.write(`\nslowest test files:\n${lines.join('\n')}\n`);
  }
}
