// A Vitest reporter that ends the run with its ten slowest test files (import, setup and every test
// and hook), so whoever reads the end of a log sees where the suite's time goes.
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
      .sort((a, b) => b.ms - a.ms)
      .slice(0, SHOWN);
    if (rows.length === 0) return;
    const lines = rows.map((row) => `${(row.ms / 1000).toFixed(1).padStart(7)} s  ${row.project.padEnd(8)} ${row.file}`);
    process.stdout.write(`\nslowest test files:\n${lines.join('\n')}\n`);
  }
}
