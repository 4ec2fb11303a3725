// Whether a suspension is in force, and how it is worded to the suspended user (login, an upload
// refused at completion).

/** A suspension in force at `at` (one whose `until` passed no longer counts). */
export function suspendedAt(row: { suspended_at: string | null; suspended_until: string | null }, at = new Date().toISOString()): boolean {
  return row.suspended_at !== null && (row.suspended_until === null || row.suspended_until > at);
}

/** The text a suspended user reads when signing in. */
export function suspensionMessage(user: { suspended_reason: string | null; suspended_until: string | null }): string {
  return `This account is suspended: ${user.suspended_reason ?? ''}${user.suspended_until ? ` until ${user.suspended_until}` : ''}`;
}
