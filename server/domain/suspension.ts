// How a suspension is worded to the suspended user (login, an upload refused at completion).

/** The text a suspended user reads when signing in. */
export function suspensionMessage(user: { suspended_reason: string | null; suspended_until: string | null }): string {
  return `This account is suspended: ${user.suspended_reason ?? ''}${user.suspended_until ? ` until ${user.suspended_until}` : ''}`;
}
