// Who may moderate: moderators and admins (admins also give roles).
import type { Role } from '../../contract/entities.js';

export function isModerator(role: Role | undefined): boolean {
  return role === 'moderator' || role === 'admin';
}

/** Whether `viewer` still sees a taken-down video (server/videos/visibility.ts): its owner and moderators do, nobody else. */
export function seesTakenDown(video: { owner_id: string }, viewer: { id: string; role: Role | undefined } | null): boolean {
  return Boolean(viewer && (viewer.id === video.owner_id || isModerator(viewer.role)));
}
