// What an endpoint does offline, declared inside its own definition:
// - a query with `extraOptions: { persist: true }` has its cached answers kept in IndexedDB for an
//   offline start (persist.ts);
// - a mutation built with `queueable({ request, offline })` waits in the offline queue when it
//   cannot be sent (offlineQueue.ts), with the answer the screen gets at once and the cache patches
//   that show it as pending (pendingPatches.ts).
// offlineEndpoints.ts reads these declarations from every area's definitions, by endpoint name,
// for what needs a name: replaying a stored action, re-applying its patches, persisting a query.
import type { MutationExtraOptions } from '@reduxjs/toolkit/query';
import type { ApiBaseQuery } from './api';
import type { ApiRequest } from './client';
import { sendOrQueue } from './offlineQueue';
import type { OfflineBehaviour, OfflineOptions, QueueMeta, QueueSpec } from './offlineTypes';
import type { TagType } from './tags';

export const PENDING_ID_PREFIX = 'pending-';
export const isPendingId = (id: string) => id.startsWith(PENDING_ID_PREFIX);

type MutationOptions<Result, Arg> = Omit<MutationExtraOptions<TagType, Result, Arg, ApiBaseQuery, 'api'>, 'type'>;

/**
 * A mutation that may wait offline: its request and its offline behaviour in one definition, used as
 * `build.mutation(queueable<Result, Arg>({ request, offline, ...rtkOptions }))`. It is sent through
 * the offline queue (sendOrQueue) with an Idempotency-Key, and its tags are invalidated only once the
 * server has it: a queued action has changed nothing yet.
 */
export function queueable<Result, Arg>({
  request,
  offline,
  invalidatesTags,
  ...options
}: MutationOptions<Result, Arg> & { request: (arg: Arg) => ApiRequest; offline: OfflineBehaviour<Arg, Result> }) {
  const queue: QueueSpec<Arg, Result> = { request, ...offline };
  return {
    ...options,
    queryFn: sendOrQueue,
    extraOptions: { queue } satisfies OfflineOptions,
    invalidatesTags: invalidatesTags && unlessQueued(invalidatesTags),
  };
}

type TagsOf<Result, Arg> = NonNullable<MutationOptions<Result, Arg>['invalidatesTags']>;

/** A queued action has changed nothing on the server yet: its tags wait for the real answer. */
function unlessQueued<Result, Arg>(invalidates: TagsOf<Result, Arg>): TagsOf<Result, Arg> {
  return (result, error, arg, meta) => {
    if ((meta as QueueMeta | undefined)?.queued) return [];
    return typeof invalidates === 'function' ? invalidates(result, error, arg, meta) : invalidates;
  };
}
