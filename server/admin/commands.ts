// Every admin command: its name, usage and help (what cli.ts shows), and its module, imported
// only when the command runs.
import type { AdminCommand } from './command.js';

const backupCommand: AdminCommand = {
  name: 'backup',
  args: '<dir>',
  summary: 'copy the database, the media (disk or S3) and secret files into a new, empty folder',
  details: [
    'Safe while the server runs and writes: the database is copied first, as one consistent',
    "snapshot (SQLite's online backup API; pg_dump in custom format on PostgreSQL), then the media",
    '(DATA_DIR/media, or every object of the S3 bucket) into <dir>/media, and the secret files under',
    'DATA_DIR (jwt-secret, vapid-keys.json). Writes manifest.json (version, migration level, time,',
    'row counts, and the SHA-256 of every file). Everything is owner-only (0700 folders, 0600 files).',
    '<dir> must be empty or absent. Restore with: npm run admin -- restore <dir>',
  ].join('\n'),
  positionals: 1,
  load: async () => (await import('./backup.js')).run,
};

const restoreCommand: AdminCommand = {
  name: 'restore',
  args: '<dir>',
  summary: 'restore a backup into an empty DATA_DIR, database and S3 bucket',
  details: [
    "Reads a folder written by `backup` and checks every file against the manifest's SHA-256 before",
    'writing anything. DATA_DIR must be empty or absent; on PostgreSQL the schema DATABASE_URL works',
    "in must hold no table (it is created under the backup's name when missing). The backup and the",
    'target must be the same database kind. Media goes into DATA_DIR/media, or into the S3 bucket',
    'S3_BUCKET names, which must be empty. Secret files go into DATA_DIR (0600). The restored copy',
    'gets a deployment id of its own. A failure removes what the restore wrote, so it can be run again.',
    'Start the server afterwards: it applies any migration newer than the backup.',
  ].join('\n'),
  positionals: 1,
  flags: {
    force:
      "restore into an S3 bucket that is not empty (production's own, after a loss); the restored copy then takes the bucket's deployment id",
  },
  load: async () => (await import('./restore.js')).run,
};

const pruneCommand: AdminCommand = {
  name: 'prune',
  args: '',
  summary: 'list media files no row references (dry run); --apply removes them',
  details: [
    'Looks at local media (DATA_DIR/media) or the S3 bucket: images (avatars, covers, thumbnails and',
    'their narrower copies), video sources, video folders (renditions, HLS playlists, streamed',
    'fragments), caption files; and at resumable-upload leftovers (DATA_DIR/tmp/tus, or the top of the',
    'bucket). A file is an orphan when no row points at it and it is older than an hour (a day for',
    'upload leftovers), so uploads in progress on any node are safe. Keys of other kinds are never',
    'touched. Prints each orphan and the total; nothing is removed without --apply.',
  ].join('\n'),
  positionals: 0,
  flags: { apply: 'remove the orphans instead of only listing them' },
  load: async () => (await import('./prune.js')).run,
};

const requeueCommand: AdminCommand = {
  name: 'requeue',
  args: '<videoId>',
  summary: "transcode a video again from its stored source (prints the job id)",
  details: [
    'Queues the video\'s transcode job as its upload did: BullMQ with REDIS_URL, else the jobs table.',
    'A running API process (RUN_JOBS_IN_PROCESS) or `npm run worker` runs it; every rung is made',
    'again and replaces the one there as it lands, so a ready video keeps playing. A failed video',
    'goes back to processing. Refused while the video\'s transcoding is already queued or running.',
  ].join('\n'),
  positionals: 1,
  load: async () => (await import('./requeue.js')).run,
};

const roleCommand: AdminCommand = {
  name: 'role',
  args: '<username|email> admin|moderator|user',
  summary: "set a user's role (the first admin comes from here)",
  details: [
    'Moderators work the reports queue; admins also set roles (in the app or here). The last admin',
    'cannot be demoted: make another user admin first.',
  ].join('\n'),
  positionals: 2,
  load: async () => (await import('./role.js')).run,
};

const resetPasswordCommand: AdminCommand = {
  name: 'reset-password',
  args: '<username|email>',
  summary: 'print a one-time password for a user, signing out all their sessions',
  details: [
    'The user signs in with the printed password and must then choose a new one: until they do,',
    'the API answers 403 "You must change your password" to everything but the password change,',
    '/users/me and logout. Hand the password over by a channel you trust; it is shown only once.',
  ].join('\n'),
  positionals: 1,
  load: async () => (await import('./resetPassword.js')).run,
};

const runnerCommand: AdminCommand = {
  name: 'runner',
  args: 'add <name> | list | revoke <name>',
  summary: 'remote transcoding runners: add one (prints its token), list them, revoke one',
  details: [
    '`add <name>` registers a runner and prints its token on the last line, shown only this once (the',
    'database keeps its SHA-256 hash). Give it to `npm run runner -- --url <API URL> --token <token>` on',
    'the machine that transcodes. `list` shows every runner, whether it is revoked and when it last',
    'called. `revoke <name>` refuses its token from the next request on; the jobs it held are queued',
    'again. Runners take transcode jobs only where TRANSCODE_RUNNERS=remote (docs/operations.md).',
  ].join('\n'),
  positionals: { min: 1, max: 2 },
  load: async () => (await import('./runner.js')).run,
};

export const COMMANDS: AdminCommand[] = [roleCommand, resetPasswordCommand, requeueCommand, runnerCommand, pruneCommand, backupCommand, restoreCommand];
