// tus on an S3 without multipart uploads (s3rver): resumable uploads answer a clear 501 naming
// what the storage lacks, readiness stays 200 and names it, and the periodic cleanup does not log
// a failure on every tick. A real API process, so that its whole log can be read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TUS_UPLOADS_PATH } from '../../contract/offline.js';
import { call, registerUser, type TestUser } from '../support/server.js';
import { eventually } from '../support/eventually.js';
import { type Place, sharedPlace, startApiProcess, stopProcess } from './processes.js';
import { type S3rverProcess, startS3rverProcess } from './s3rverProcess.js';

const NO_MULTIPART = 'Resumable uploads need S3 multipart uploads, which this storage does not support; upload the file in one request instead';

const metadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

let s3: S3rverProcess | null = null;
try {
  s3 = await startS3rverProcess('vidshare-multipart');
} catch (error) {
  console.log(`[skip] S3 multipart tests skipped: s3rver could not start (${(error as Error).message})`);
}

describe.skipIf(!s3)('resumable uploads on an S3 without multipart uploads (s3rver)', () => {
  let place: Place;
  let api: Awaited<ReturnType<typeof startApiProcess>>;
  let user: TestUser;
  beforeAll(async () => {
    // A short expiry: the cleanup runs every second.
    place = await sharedPlace('sqlite', { ...s3!.env, TUS_EXPIRY_MS: '4000' });
    api = await startApiProcess(place);
    user = await registerUser(api);
  });
  afterAll(async () => {
    if (api) await stopProcess(api.child);
    await place?.dispose();
    await s3?.close();
  });

  /** Returns once the cleanup has run: a row it must delete (expired, never finished) is gone. */
  async function cleanupTick(id: string) {
    await place.db.db
      .insertInto('tus_uploads')
      .values({ id, user_id: user.id, size: 10, state: 'uploading', video_id: null, error_status: null, error_message: null, created_at: '2000-01-01T00:00:00.000Z', updated_at: '2000-01-01T00:00:00.000Z' })
      .execute();
    await eventually(async () => !(await place.db.db.selectFrom('tus_uploads').select('id').where('id', '=', id).executeTakeFirst()), { what: `the cleanup to remove ${id}` });
  }

  it('answers tus with 501 naming the missing capability, says so in the status (readiness stays 200) and logs it once, not every cleanup', async () => {
    const created = await fetch(`${api.url}${TUS_UPLOADS_PATH}`, {
      method: 'POST',
      headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': '10', 'Upload-Metadata': metadata({ filename: 'trip.mp4', title: 'Bus trip', description: 'Filmed on a phone' }), authorization: `Bearer ${user.token}` },
    });
    expect(created.status).toBe(501);
    expect(await created.json()).toEqual({ statusCode: 501, message: NO_MULTIPART, success: false, errors: [] });

    expect((await call(api, 'GET', '/healthcheck/ready')).status).toBe(200);
    const status = await call(api, 'GET', '/healthcheck/status');
    expect(status.body.data).toMatchObject({ status: 'degraded', ready: true });
    expect(status.body.data.degraded).toEqual([{ feature: 'resumable uploads', missing: 'S3 multipart uploads', message: NO_MULTIPART }]);

    await cleanupTick('expired-1');
    await cleanupTick('expired-2');
    const log = api.child.output();
    expect(log).not.toContain('cleanup failed');
    expect(log).not.toContain('NotImplemented');
    expect(log.match(/resumable uploads are off/g)).toHaveLength(1);
  });
});
