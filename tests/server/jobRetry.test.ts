// POST /admin/jobs/{id}/retry: a failed job of any type this version knows goes back to the
// queue; a type it does not know (a newer version's, sharing the database) is refused with 409.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, databases, registerUser, startServer, type TestServer, type TestUser, setRole } from '../support/server.js';

describe.each(databases)('retrying a failed job on %s', (dialect) => {
  let server: TestServer;
  let admin: TestUser;
  beforeAll(async () => {
    // Nothing runs the jobs here: a retried job stays queued for the test to see.
    server = await startServer({ dialect, env: { RUN_JOBS_IN_PROCESS: 'false' } });
    admin = await registerUser(server);
    await setRole(server, admin, 'admin');
  });
  afterAll(() => server?.close());

  async function failedJob(type: string, payload: object): Promise<string> {
    const id = await server.app.repos.jobs.insert({ type, payload, maxAttempts: 1 });
    // Taken and failed as a process without a handler for it would.
    await server.app.repos.jobs.markRunning(id, 1);
    await server.app.repos.jobs.markFailed(id, 'no handler');
    return id;
  }

  it.each([
    ['slow-link-rungs', { videoId: 'v-slow' }],
    ['package-hls', { videoId: 'v-hls' }],
    ['deliver-push', { subscriptionId: 's', notificationId: 'n' }],
  ])('a failed %s job goes back to the queue', async (type, payload) => {
    const id = await failedJob(type, payload);
    const retried = await call(server, 'POST', `/admin/jobs/${id}/retry`, { token: admin.token });
    expect(retried.status).toBe(200);
    expect(await server.app.repos.jobs.get(id)).toMatchObject({ type, state: 'queued', attempts: 0, last_error: null, payload: JSON.stringify(payload) });
  });

  it('a failed job of a type this version does not know is refused with 409 and left as it was', async () => {
    const id = await failedJob('from-a-newer-version', { videoId: 'v-new' });
    const refused = await call(server, 'POST', `/admin/jobs/${id}/retry`, { token: admin.token });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ success: false, statusCode: 409 });
    expect(refused.body.message).toContain("job type 'from-a-newer-version'");
    expect(await server.app.repos.jobs.get(id)).toMatchObject({ state: 'failed', last_error: 'no handler' });
    // The list shows it, so the admin sees what the refusal is about.
    const listed = await call(server, 'GET', '/admin/jobs?state=failed', { token: admin.token });
    expect(listed.body.data.jobs).toContainEqual(expect.objectContaining({ id, type: 'from-a-newer-version' }));
  });

  it('an unknown job id is 404', async () => {
    expect((await call(server, 'POST', '/admin/jobs/no-such-job/retry', { token: admin.token })).status).toBe(404);
  });
});
