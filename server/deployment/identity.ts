// A deployment's identity: a uuid kept both in its database (table `deployment`) and in its media
// storage (the object `.vidshare-deployment`), written at the first start and compared at every
// start. A restored copy gets an id of its own, so a copy started on another deployment's storage
// (a restore drill pointing at production's bucket) sees a mismatch and leaves that storage's files alone.
import { buffer } from 'node:stream/consumers';
import type { Repositories } from '../db/repositories/index.js';
import type { MediaStorage } from '../media/storage.js';

/** The storage key of the marker: at the top of the bucket, or DATA_DIR/media/.vidshare-deployment on disk. */
export const DEPLOYMENT_MARKER_KEY = '.vidshare-deployment';

export interface DeploymentCheck {
  databaseId: string;
  storageId: string;
  /** Whether the storage belongs to this database's deployment: destructive work only then. */
  matches: boolean;
}

/** The id the storage carries, or null when it carries none yet. */
export async function readStorageDeployment(storage: MediaStorage): Promise<string | null> {
  if (!(await storage.stat(DEPLOYMENT_MARKER_KEY))) return null;
  return (await buffer(await storage.read(DEPLOYMENT_MARKER_KEY))).toString('utf8').trim() || null;
}

export async function writeStorageDeployment(storage: MediaStorage, id: string): Promise<void> {
  await storage.putBuffer(DEPLOYMENT_MARKER_KEY, Buffer.from(`${id}\n`), 'text/plain');
}

/**
 * Compares the database's deployment id with the storage's, making either when it has none (the
 * first start, or the first after an upgrade): an unmarked storage takes the database's id.
 */
export async function checkDeployment(deps: { repos: Pick<Repositories, 'deployment'>; storage: MediaStorage }): Promise<DeploymentCheck> {
  const databaseId = await deps.repos.deployment.ensureId();
  let storageId = await readStorageDeployment(deps.storage);
  if (storageId === null) {
    await writeStorageDeployment(deps.storage, databaseId);
    storageId = databaseId;
  }
  return { databaseId, storageId, matches: storageId === databaseId };
}

/** Why destructive work is refused, for the log and the admin commands. */
export function mismatchReason(check: DeploymentCheck): string {
  return (
    `the media storage belongs to deployment ${check.storageId}, and this database is deployment ${check.databaseId} ` +
    '(a restored copy pointing at another deployment\'s storage?): files that only this database does not know of may be that deployment\'s'
  );
}
