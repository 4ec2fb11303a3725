// What a write does offline, declared with its definition: a mutation built with
// `queueable({ request, offline })` waits in the offline queue when it cannot be sent
// (offlineQueue.ts), with the answer the screen gets at once and the cache patches that show it as
// pending (pendingPatches.ts). An area declares such a definition once at module level, builds its
// endpoint from it and exports it by endpoint name (e.g. `commentsQueue`): offlineEndpoints.ts
// lists those maps for what needs a name, replaying a stored action and re-applying its patches.
// The queue itself is the store's (its thunk extra argument, which RTK Query hands to queryFn).
// (The queries kept for an offline start are listed by name in persistedQueries.ts.)
import type { BaseQueryApi, MutationExtraOptions, QueryReturnValue } from '@reduxjs/toolkit/query';
import type { ApiBaseQuery } from './api';
import type { ApiError, ApiRequest } from './client';
import type { StoreExtra } from './offlineQueue';
import type { OfflineBehaviour, OfflineOptions, QueueMeta, QueueSpec } from './offlineTypes';
import type { TagType } from './tags';

export const PENDING_ID_PREFIX = 'pending-';
export const isPendingId = (id: string) => id.startsWith(PENDING_ID_PREFIX);

type MutationOptions<Result, Arg> = Omit<MutationExtraOptions<TagType, Result, Arg, ApiBaseQuery, 'api'>, 'type'>;

/**
 * A mutation that may wait offline: its request and its offline behaviour in one definition, used as
 * `const addComment = queueable<Result, Arg>({ request, offline, ...rtkOptions })`, then
 * `addComment: build.mutation(addComment)` in the area's endpoints. It is sent through
 * the store's offline queue (sendOrQueue) with an Idempotency-Key, and its tags are invalidated only once the
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
    queryFn: (arg: Arg, api: BaseQueryApi) => (api.extra as StoreExtra).offlineQueue.sendOrQueue(queue, arg, api) as Promise<QueryReturnValue<Result, ApiError, QueueMeta>>,
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
