// GET /admin/jobs: paged, filtered by state and type, every failed attempt's error kept (oldest
// first) beside the latest, and the types the table holds for the filter. A retry starts the job
// afresh, its old errors gone with it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, databases, registerUser, startServer, type TestServer, type TestUser, setRole } from '../support/server.js';

interface Job {
  id: string;
  type: string;
  state: string;
  attempts: number;
  error: string | null;
  errors: { attempt: number; error: string; at: string }[];
}

describe.each(databases)('the admin jobs view on %s', (dialect) => {
  let server: TestServer;
  let admin: TestUser;

  const jobs = async (query: string) => {
    const answer = await call(server, 'GET', `/admin/jobs${query}`, { token: admin.token });
    expect(answer.status).toBe(200);
    return answer.body.data as { jobs: Job[]; hasMore: boolean; types: string[] };
  };

  /** A job that fails `attempts` times through the queue's own calls (claim, then retry or fail). */
  async function failingJob(type: string, attempts: number, marker: string): Promise<string> {
    const store = server.app.repos.jobs;
    const id = await store.insert({ type, payload: { videoId: `v-${marker}` }, maxAttempts: attempts });
    for (let attempt = 1; attempt <= attempts; attempt += 1) {
      // Only this job is due of its type in this file at a time: claim it by type.
      const claimed = await store.claimNext([type]);
      expect(claimed?.id).toBe(id);
      if (attempt < attempts) await store.markRetry(id, `${marker}: attempt ${attempt} failed`, new Date(Date.now() - 1000));
      else await store.markFailed(id, `${marker}: attempt ${attempt} failed`);
    }
    return id;
  }

  beforeAll(async () => {
    // Nothing runs the jobs here: the test drives them through the queue's calls.
    server = await startServer({ dialect, env: { RUN_JOBS_IN_PROCESS: 'false' } });
    admin = await registerUser(server);
    await setRole(server, admin, 'admin');
  });
  afterAll(() => server?.close());

  it('keeps every failed attempt error, oldest first, beside the latest', async () => {
    const id = await failingJob('package-hls', 3, 'three');
    const job = (await jobs('?state=failed&type=package-hls')).jobs.find((candidate) => candidate.id === id);
    expect(job).toMatchObject({ state: 'failed', attempts: 3, error: 'three: attempt 3 failed' });
    expect(job?.errors.map(({ attempt, error }) => ({ attempt, error }))).toEqual([
      { attempt: 1, error: 'three: attempt 1 failed' },
      { attempt: 2, error: 'three: attempt 2 failed' },
      { attempt: 3, error: 'three: attempt 3 failed' },
    ]);

    // A retry starts afresh: no attempts, no errors.
    expect((await call(server, 'POST', `/admin/jobs/${id}/retry`, { token: admin.token })).status).toBe(200);
    const queued = (await jobs('?state=queued&type=package-hls')).jobs.find((candidate) => candidate.id === id);
    expect(queued).toMatchObject({ attempts: 0, error: null, errors: [] });
    await server.app.repos.jobs.remove(id);
  });

  it('filters by state and type, pages, and names every type the table holds', async () => {
    const hls = [await failingJob('package-hls', 1, 'a'), await failingJob('package-hls', 1, 'b'), await failingJob('package-hls', 1, 'c')];
    const push = await failingJob('deliver-push', 1, 'd');
    await server.app.repos.jobs.insert({ type: 'from-a-newer-version', payload: {}, maxAttempts: 1 });

    const first = await jobs('?state=failed&type=package-hls&limit=2');
    expect(first.hasMore).toBe(true);
    const second = await jobs('?state=failed&type=package-hls&limit=2&page=2');
    expect(second.hasMore).toBe(false);
    // Most recently changed first.
    expect([...first.jobs, ...second.jobs].map((job) => job.id)).toEqual([...hls].reverse());
    expect((await jobs('?state=failed&type=deliver-push')).jobs.map((job) => job.id)).toEqual([push]);
    expect((await jobs('?state=failed')).jobs.map((job) => job.id)).toEqual(expect.arrayContaining([...hls, push]));
    expect((await jobs('?state=queued&type=from-a-newer-version')).jobs).toHaveLength(1);
    expect((await jobs('?state=done')).jobs).toEqual([]);
    expect((await jobs('')).types).toEqual(expect.arrayContaining(['deliver-push', 'from-a-newer-version', 'package-hls']));

    expect((await call(server, 'GET', '/admin/jobs?state=finished', { token: admin.token })).status).toBe(400);
    expect((await call(server, 'GET', '/admin/jobs?limit=101', { token: admin.token })).status).toBe(400);
  });
});
