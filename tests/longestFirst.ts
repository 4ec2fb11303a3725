// The order in which Vitest hands out test files: the longest first, across projects, so that the
// last file to start is a short one and no worker sits idle at the end of a group waiting for the
// other to finish a long file it began late. A file's length is its duration in the last run on this
// machine (Vitest's results cache) or, on a fresh clone where there is none, its duration in the run
// recorded in tests/fileDurations.json (written by tests/slowestFiles.ts), else its size. Files that
// need the built app (they call ensureBuilt(), while the browser projects' global setup builds it in
// the background) come after the others of their group, so that they find the build done instead of
// holding a worker while it runs. Groups (sequence.groupOrder) still run in their order.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const waitsForBuild = (spec: TestSpecification) => readFileSync(spec.moduleId, 'utf8').includes('ensureBuilt()');

/** Milliseconds per `project:path`, from a full run (a file added since has none and goes by its size). */
const recordedDurations = JSON.parse(readFileSync(new URL('./fileDurations.json', import.meta.url), 'utf8')) as Record<string, number>;

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { cache, config } = this.ctx;
    const known = (spec: TestSpecification) => {
      const key = `${spec.project.name}:${relative(config.root, spec.moduleId)}`;
      const result = cache.getFileTestResults(key);
      return { failed: result?.failed === true, duration: result?.duration ?? recordedDurations[key], size: cache.getFileStats(key)?.size ?? 0, late: waitsForBuild(spec) };
    };
    const facts = new Map(files.map((spec) => [spec, known(spec)]));
    return [...files].sort((a, b) => {
      const byGroup = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
      if (byGroup !== 0) return byGroup;
      const [first, second] = [facts.get(a)!, facts.get(b)!];
      if (first.late !== second.late) return first.late ? 1 : -1;
      // A file that failed last time runs early, as Vitest's own order does.
      if (first.failed !== second.failed) return first.failed ? -1 : 1;
      if (first.duration !== undefined && second.duration !== undefined) return second.duration - first.duration;
      return second.size - first.size;
    });
  }
}
