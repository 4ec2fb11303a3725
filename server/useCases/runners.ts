// The operator's remote transcoding runners (`npm run admin -- runner add|list|revoke`): a runner
// gets a token once, kept only as its hash; a revoked token is refused at its next request, and
// the jobs the runner held go back to the queue for another one.
import { RUNNER_LIMITS } from '../../contract/limits.js';
import { hashRunnerToken, newRunnerToken } from '../auth/runnerTokens.js';
import { conflict, invalid, notFound } from '../domain/errors.js';
import type { RunnerRow } from '../db/repositories/runners.js';
import type { UseCaseDeps } from './deps.js';

type Deps = Pick<UseCaseDeps, 'repos' | 'events'>;

/** Registers a runner; the token is answered once and never stored. */
export async function addRunner(deps: Deps, input: { name: string }): Promise<{ runner: RunnerRow; token: string }> {
  if (!RUNNER_LIMITS.namePattern.test(input.name)) throw invalid(`A runner's name is 1-64 letters, digits, '.', '_' or '-', starting with a letter or digit: '${input.name}'`);
  const token = newRunnerToken();
  const runner = await deps.repos.runners.create({ name: input.name, tokenHash: hashRunnerToken(token) });
  if (!runner) throw conflict(`A runner named '${input.name}' exists already (revoke it, or choose another name)`);
  await deps.events.publish('runner.added', { runnerId: runner.id, name: runner.name });
  return { runner, token };
}

/** Revokes a runner's token at once; the jobs it held are queued again without spending an attempt. */
export async function revokeRunner(deps: Deps, input: { name: string }): Promise<{ jobsReleased: string[] }> {
  const runner = await deps.repos.runners.findByName(input.name);
  if (!runner) throw notFound(`No runner named '${input.name}'`);
  if (!(await deps.repos.runners.revoke(runner.id))) throw conflict(`The runner '${input.name}' is revoked already`);
  const jobsReleased = await deps.repos.jobs.releaseRunnerJobs(runner.id);
  await deps.events.publish('runner.revoked', { runnerId: runner.id, name: runner.name, jobsReleased: jobsReleased.length });
  return { jobsReleased };
}
