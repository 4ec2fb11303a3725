// Who may moderate: moderators and admins (admins also give roles).
import type { Role } from '../../contract/entities.js';

export function isModerator(role: Role | undefined): boolean {
  return role === 'moderator' || role === 'admin';
}
