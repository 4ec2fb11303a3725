// The types of what endpoints declare for offline use (offline.ts) and what the queue
// (offlineQueue.ts) and the base query (api.ts) read of it, apart so that none of those imports another.
import type { ApiRequest } from './client';

/** A change to cached data: the entries of `endpoint` whose argument is `arg` (every entry when absent). */
export interface CachePatch {
  endpoint: string;
  arg?: unknown;
  recipe: (draft: never) => void;
}

/** What the placeholder of a queued action may read: the cache (through an endpoint's selector). */
export interface PlaceholderContext {
  read: <R>(selector: (state: never) => R) => R;
  /** The Idempotency-Key of the action (unique: pending ids are made from it). */
  key: string;
  createdAt: number;
}

/** How a queueable mutation shows itself while it waits. */
export interface OfflineBehaviour<Arg, Result> {
  /** What the user did, as a toast names it ('Like', 'Comment'). */
  label: (arg: Arg) => string;
  /** The answer the screen gets while the action waits: the state the action leads to. */
  placeholder: (arg: Arg, context: PlaceholderContext) => Result;
  /**
   * The cached data the action changes, shown until the server has it. Re-applied over every fresh
   * answer of an affected query and after a reload, so each patch sets a state (never toggles blindly).
   */
  patches?: (arg: Arg, answer: Result) => CachePatch[];
}

/** Everything the queue needs to send, store and show one queueable mutation. Its argument is what the queue stores. */
export interface QueueSpec<Arg, Result> extends OfflineBehaviour<Arg, Result> {
  /** The HTTP request for the argument (built again at every replay). */
  request: (arg: Arg) => ApiRequest;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each spec is typed where it is declared
export type AnyQueueSpec = QueueSpec<any, any>;

/** The offline part of a queueable mutation's definition (its `extraOptions`; the base query ignores it). */
export interface OfflineOptions {
  queue?: AnyQueueSpec;
}

/** What the offline queue tells RTK Query about an answer it made. */
export interface QueueMeta {
  queued?: boolean;
  fetched?: boolean;
}
