// Moderation and administration: the reports queue, takedowns, suspensions, blocks, the moderation
// log and the admin's view of jobs. Answers and request bodies shared by the server and the client.
import { Type, type Static } from 'typebox';
import { Owner, Role, TakenDown } from './entities.js';

const Id = Type.String({ description: 'UUIDv7' });
const Timestamp = Type.String({ description: 'ISO-8601 UTC' });

export const MODERATION_LIMITS = {
  /** Takedown and suspension reasons, a report's resolution note. */
  reasonMax: 500,
  noteMax: 1000,
  pageDefault: 20,
  pageMax: 100,
} as const;

/** PATCH /moderation/users/{userId}/role (admin only). */
/** The log's actor id for what an operator does from the command line (`npm run admin`, no account). */
export const OPERATOR_ACTOR = 'operator';

export const RoleChange = Type.Object({ role: Role });
export type RoleChange = Static<typeof RoleChange>;

/** The user whose role changed. */
export const RoleChangeResult = Type.Object({ _id: Id, username: Type.String(), role: Role });
export type RoleChangeResult = Static<typeof RoleChangeResult>;

export const REPORT_STATES = ['open', 'resolved', 'dismissed'] as const;
export const ReportState = Type.Union([Type.Literal('open'), Type.Literal('resolved'), Type.Literal('dismissed')]);
export type ReportState = (typeof REPORT_STATES)[number];

/** The actor of a moderation action, as lists show them. */
const Moderator = Type.Object({ _id: Id, username: Type.String() });
type Moderator = Static<typeof Moderator>;

/** A reported video as the queue shows it, taken down or not. */
const ReportedVideo = Type.Object({
  _id: Id,
  title: Type.String(),
  thumbnail: Type.String(),
  owner: Owner,
  takenDown: Type.Union([TakenDown, Type.Null()]),
});
type ReportedVideo = Static<typeof ReportedVideo>;

/**
 * A reported comment: its text (as filed, once removed), its author (empty strings when the
 * account is gone), whether it was removed since, and how many reports (any state) it has.
 */
const ReportedComment = Type.Object({
  _id: Id,
  content: Type.String(),
  owner: Owner,
  removed: Type.Boolean(),
  reportsOnComment: Type.Number(),
});
type ReportedComment = Static<typeof ReportedComment>;

/** One report in the moderators' queue: of a video, or of a comment under `video` (then `comment` is set). */
export const ModerationReport = Type.Object({
  _id: Id,
  video: ReportedVideo,
  reporter: Owner,
  reason: Type.String(),
  details: Type.String(),
  state: ReportState,
  /** The moderator's note when resolving or dismissing ('' when none). */
  note: Type.String(),
  createdAt: Timestamp,
  /** When it was resolved or dismissed; null while open. */
  resolvedAt: Type.Union([Timestamp, Type.Null()]),
  /** How many reports (any state) the video itself has (its comments' reports apart). */
  reportsOnVideo: Type.Number(),
  /** The reported comment; null for a report of the video. */
  comment: Type.Union([ReportedComment, Type.Null()]),
});
export type ModerationReport = Static<typeof ModerationReport>;

export const ModerationReportPage = Type.Object({ reports: Type.Array(ModerationReport), hasMore: Type.Boolean() });
export type ModerationReportPage = Static<typeof ModerationReportPage>;

/** PATCH /moderation/reports/{reportId}. */
export const ReportResolution = Type.Object({
  state: Type.Union([Type.Literal('resolved'), Type.Literal('dismissed')]),
  note: Type.Optional(Type.String({ maxLength: MODERATION_LIMITS.noteMax })),
});
export type ReportResolution = Static<typeof ReportResolution>;

/** POST /moderation/reports/{reportId}/remove-comment: the note goes to every open report of the comment, resolved with it. */
export const CommentRemovalRequest = Type.Object({ note: Type.Optional(Type.String({ maxLength: MODERATION_LIMITS.noteMax })) });
export type CommentRemovalRequest = Static<typeof CommentRemovalRequest>;

/** POST /moderation/videos/{videoId}/takedown: the reason is required (trimmed, not blank). */
export const TakedownRequest = Type.Object({ reason: Type.String({ maxLength: MODERATION_LIMITS.reasonMax * 2 }) });
export type TakedownRequest = Static<typeof TakedownRequest>;

/** A taken-down video (GET /moderation/takedowns). */
export const Takedown = Type.Object({
  video: Type.Object({ _id: Id, title: Type.String(), thumbnail: Type.String(), owner: Owner }),
  reason: Type.String(),
  actor: Moderator,
  at: Timestamp,
});
export type Takedown = Static<typeof Takedown>;

export const TakedownPage = Type.Object({ takedowns: Type.Array(Takedown), hasMore: Type.Boolean() });
export type TakedownPage = Static<typeof TakedownPage>;

/** POST /moderation/users/{userId}/suspend: until (optional) is an ISO date in the future; none = until lifted. */
export const SuspensionRequest = Type.Object({
  reason: Type.String({ maxLength: MODERATION_LIMITS.reasonMax * 2 }),
  until: Type.Optional(Type.String({ maxLength: 64 })),
});
export type SuspensionRequest = Static<typeof SuspensionRequest>;

/** A suspension in force (GET /moderation/suspensions, and the answer of a suspend). */
export const Suspension = Type.Object({
  user: Owner,
  reason: Type.String(),
  until: Type.Union([Timestamp, Type.Null()]),
  actor: Moderator,
  at: Timestamp,
});
export type Suspension = Static<typeof Suspension>;

export const SuspensionPage = Type.Object({ suspensions: Type.Array(Suspension), hasMore: Type.Boolean() });
export type SuspensionPage = Static<typeof SuspensionPage>;

/** A user I blocked (GET /users/blocks). */
export const BlockedUser = Type.Object({ ...Owner.properties, blockedAt: Timestamp });
export type BlockedUser = Static<typeof BlockedUser>;

export const BlockList = Type.Object({ users: Type.Array(BlockedUser) });
export type BlockList = Static<typeof BlockList>;

/** POST and DELETE /users/blocks/{userId}. */
export const BlockStatus = Type.Object({ userId: Id, blocked: Type.Boolean() });
export type BlockStatus = Static<typeof BlockStatus>;

const MODERATION_ACTIONS = [
  'role-changed',
  'report-resolved',
  'report-dismissed',
  'video-taken-down',
  'video-restored',
  'user-suspended',
  'user-unsuspended',
  'user-deleted',
  'comment-removed',
  'comment-restored',
  'job-retried',
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

const MODERATION_SUBJECTS = ['user', 'video', 'report', 'comment', 'job'] as const;
export type ModerationSubject = (typeof MODERATION_SUBJECTS)[number];

/**
 * Someone a log line names, as they are called now: username and fullName '' when the account no
 * longer exists (and for OPERATOR_ACTOR, the command line).
 */
const LogPerson = Type.Object({ _id: Type.String(), username: Type.String(), fullName: Type.String() });

/** One line of the append-only moderation log. */
export const ModerationLogEntry = Type.Object({
  _id: Id,
  actor: LogPerson,
  /** The user the action concerned (the suspended user, the video's or comment's owner); null when none (a job). */
  target: Type.Union([LogPerson, Type.Null()]),
  action: Type.Enum(MODERATION_ACTIONS),
  subjectType: Type.Enum(MODERATION_SUBJECTS),
  subjectId: Type.String(),
  /** Why (the reason, the note, the new role; an undo's reason); '' when none was given. */
  reason: Type.String(),
  createdAt: Timestamp,
  /** Whether POST /moderation/log/{id}/undo can undo it now (a role change only by an admin). */
  undoable: Type.Boolean(),
  /** The entry of the undo that undid it; null while it stands. */
  undoneBy: Type.Union([Id, Type.Null()]),
  /** On an undo's entry: the entry it undid. */
  undoes: Type.Union([Id, Type.Null()]),
});
export type ModerationLogEntry = Static<typeof ModerationLogEntry>;

/** POST /moderation/log/{entryId}/undo: the reason is required (trimmed, not blank, at most reasonMax). */
export const UndoRequest = Type.Object({ reason: Type.String({ maxLength: MODERATION_LIMITS.reasonMax * 2 }) });
export type UndoRequest = Static<typeof UndoRequest>;

export const ModerationLogPage = Type.Object({ entries: Type.Array(ModerationLogEntry), hasMore: Type.Boolean() });
export type ModerationLogPage = Static<typeof ModerationLogPage>;

export const ADMIN_JOB_STATES = ['failed', 'running', 'queued', 'done'] as const;

/** One failed attempt of a job. */
const JobAttemptError = Type.Object({ attempt: Type.Number(), error: Type.String(), at: Timestamp });

/** A background job as the admin sees it (GET /admin/jobs). */
export const AdminJob = Type.Object({
  id: Type.String(),
  type: Type.String(),
  state: Type.Enum(ADMIN_JOB_STATES),
  attempts: Type.Number(),
  /** The latest attempt's error. */
  error: Type.Union([Type.String(), Type.Null()]),
  /** Every failed attempt's error since the job was last queued afresh, oldest first. */
  errors: Type.Array(JobAttemptError),
  videoId: Type.Union([Id, Type.Null()]),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type AdminJob = Static<typeof AdminJob>;

/** A page of jobs, and every job type the table holds (for the type filter). */
export const AdminJobList = Type.Object({ jobs: Type.Array(AdminJob), hasMore: Type.Boolean(), types: Type.Array(Type.String()) });
export type AdminJobList = Static<typeof AdminJobList>;

/** An account as the admin's Users tab lists it (GET /admin/users); email included, admins only. */
export const AdminAccount = Type.Object({
  _id: Id,
  username: Type.String(),
  fullName: Type.String(),
  email: Type.String(),
  avatar: Type.String(),
  role: Role,
  createdAt: Timestamp,
  /** The suspension in force, null when none (one whose end has passed no longer counts). */
  suspension: Type.Union([Type.Object({ reason: Type.String(), at: Timestamp, until: Type.Union([Timestamp, Type.Null()]) }), Type.Null()]),
  videosCount: Type.Number(),
  commentsCount: Type.Number(),
  subscribersCount: Type.Number(),
});
export type AdminAccount = Static<typeof AdminAccount>;

export const AdminAccountPage = Type.Object({ users: Type.Array(AdminAccount), hasMore: Type.Boolean() });
export type AdminAccountPage = Static<typeof AdminAccountPage>;

/** DELETE /admin/users/{userId}: the reason is required (trimmed, not blank, at most reasonMax), as for a suspension. */
export const AccountDeletion = Type.Object({ reason: Type.String({ maxLength: MODERATION_LIMITS.reasonMax * 2 }) });
export type AccountDeletion = Static<typeof AccountDeletion>;

/** What a deletion removed. */
export const AccountDeleted = Type.Object({ userId: Id, username: Type.String(), videosDeleted: Type.Number() });
export type AccountDeleted = Static<typeof AccountDeleted>;
