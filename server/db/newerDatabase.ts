// Its own module, free of database code: the admin CLI tells this refusal apart without loading a driver.

/**
 * The database holds migrations this version does not have: a newer version migrated it. This
 * version would misread its tables (and fail the newer version's jobs), so the process stops.
 */
export class NewerDatabaseError extends Error {
  constructor(readonly migrationName: string) {
    super(
      `This database was migrated by a newer version of Vidshare (migration ${migrationName}); run that version, or restore the backup taken before the upgrade into an empty database (npm run admin -- restore <dir>)`,
    );
    this.name = 'NewerDatabaseError';
  }
}
