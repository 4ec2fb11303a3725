// What each endpoint does offline, declared next to the endpoint (declareOffline) and read here by
// name: which queries are kept in IndexedDB for an offline start (persist.ts) and which writes wait
// in the offline queue (offlineQueue.ts) with the answer the screen gets at once and the cache
// patches that show them as pending (pendingPatches.ts).
//
// Names are typed by the injected api's endpoints: a renamed endpoint fails to compile here.
import type { ApiEndpointMutation, MutationDefinition } from '@reduxjs/toolkit/query';
import type { ApiRequest } from './client';

export const PENDING_ID_PREFIX = 'pending-';
export const isPendingId = (id: string) => id.startsWith(PENDING_ID_PREFIX);

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

/** How one queueable mutation behaves offline. Its argument is what the queue stores. */
export interface QueueSpec<Arg, Result> {
  /** The HTTP request for the argument (built again at every replay). */
  request: (arg: Arg) => ApiRequest;
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

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- matching any definition
type MutationOf<E> = E extends ApiEndpointMutation<MutationDefinition<infer Arg, any, any, infer Result, any>, any> ? { arg: Arg; result: Result } : never;
type MutationNames<E> = { [K in keyof E]: [MutationOf<E[K]>] extends [never] ? never : K }[keyof E];
type QueryNames<E> = Exclude<keyof E, MutationNames<E>>;

export type QueueSpecs<E> = { [K in MutationNames<E>]?: QueueSpec<MutationOf<E[K]>['arg'], MutationOf<E[K]>['result']> };

export interface OfflineDeclaration<E> {
  /** Queries whose cached answers are stored for an offline start. */
  persist?: readonly QueryNames<E>[];
  /** Mutations that wait in the offline queue (their definition uses `queryFn: sendOrQueue`). */
  queue?: QueueSpecs<E>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each spec is typed where it is declared
type AnyQueueSpec = QueueSpec<any, any>;
const queueSpecs = new Map<string, AnyQueueSpec>();
const persisted = new Set<string>();

/** Declares an injected api's offline behaviour; call it right after `api.injectEndpoints`. */
export function declareOffline<E>(_injected: { endpoints: E }, declaration: OfflineDeclaration<E>): void {
  for (const name of declaration.persist ?? []) persisted.add(name as string);
  for (const [name, spec] of Object.entries(declaration.queue ?? {})) queueSpecs.set(name, spec as AnyQueueSpec);
}

export const queueSpecOf = (endpoint: string): AnyQueueSpec | undefined => queueSpecs.get(endpoint);
export const isPersisted = (endpoint: string): boolean => persisted.has(endpoint);
