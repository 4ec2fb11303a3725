// The entities clients see by name. Each is registered once with an $id (app.addSchema) and route
// schemas refer to it with ref(): Ajv and fast-json-stringify resolve the reference, and
// @fastify/swagger lists it under components.schemas by that $id (refResolver in app.ts).
import type { FastifyInstance } from 'fastify';
import { Type, type Static, type TSchema, type TUnsafe } from 'typebox';
import * as entities from '../../contract/entities.js';
import { ErrorEnvelope } from '../../contract/envelope.js';
import * as moderation from '../../contract/moderation.js';
import { OfflineCandidates } from '../../contract/offlineCandidates.js';

/** Name -> schema; a named schema inside another one is a reference there too. */
const NAMED_SCHEMAS: Record<string, TSchema> = {
  ErrorEnvelope,
  Video: entities.Video,
  VideoCard: entities.VideoCard,
  VideoPage: entities.VideoPage,
  User: entities.CurrentUser,
  Profile: entities.Profile,
  Owner: entities.Owner,
  UserSearchResult: entities.UserSearchResult,
  HistoryEntry: entities.HistoryEntry,
  LikedEntry: entities.LikedEntry,
  WatchLaterEntry: entities.WatchLaterEntry,
  Comment: entities.Comment,
  Playlist: entities.Playlist,
  PlaylistPage: entities.PlaylistPage,
  PlaylistDetail: entities.PlaylistDetail,
  LoginResult: entities.LoginResult,
  Report: entities.Report,
  Caption: entities.Caption,
  WatchPosition: entities.WatchPosition,
  Notification: entities.Notification,
  NotificationPage: entities.NotificationPage,
  NotificationPreferences: entities.NotificationPreferences,
  SubscribedChannel: entities.SubscribedChannel,
  OfflineCandidates,
  ModerationReport: moderation.ModerationReport,
  ModerationReportPage: moderation.ModerationReportPage,
  Takedown: moderation.Takedown,
  TakedownPage: moderation.TakedownPage,
  Suspension: moderation.Suspension,
  SuspensionPage: moderation.SuspensionPage,
};

const nameOf = new Map<unknown, string>(Object.entries(NAMED_SCHEMAS).map(([name, schema]) => [schema, name]));

/** A reference to a named schema, typed as the schema itself (routes keep their request and reply types). */
export function ref<T extends TSchema>(schema: T): TUnsafe<Static<T>> {
  const name = nameOf.get(schema);
  if (!name) throw new Error('ref(): this schema is not in NAMED_SCHEMAS');
  return Type.Unsafe<Static<T>>({ $ref: `${name}#` });
}

/** A plain copy of `node` where every named schema but `self` is a reference (found by identity). */
function withRefs(node: unknown, self: unknown): unknown {
  const name = node === self ? undefined : nameOf.get(node);
  if (name) return { $ref: `${name}#` };
  if (Array.isArray(node)) return node.map((item) => withRefs(item, self));
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, withRefs(value, self)]));
}

/** Registers every named schema on the root instance; call before any route refers to one. */
export function registerNamedSchemas(app: FastifyInstance): void {
  for (const [name, schema] of Object.entries(NAMED_SCHEMAS)) app.addSchema({ $id: name, ...(withRefs(schema, schema) as object) });
}
