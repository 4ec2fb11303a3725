// The moderation screen's tabs and who sees each: Users and Jobs are for admins only.
import type { Role } from '../../../contract/entities';

const MODERATION_TABS = [
  { id: 'reports', label: 'Reports' },
  { id: 'takedowns', label: 'Takedowns' },
  { id: 'suspensions', label: 'Suspended accounts' },
  { id: 'log', label: 'Log' },
  { id: 'users', label: 'Users', adminOnly: true },
  { id: 'jobs', label: 'Jobs', adminOnly: true },
] as const;

export type ModerationTabId = (typeof MODERATION_TABS)[number]['id'];

export const moderationTabsFor = (role: Role | undefined) => MODERATION_TABS.filter((tab) => !('adminOnly' in tab) || role === 'admin');

/** The tab the URL asks for when this role may see it, else Reports. */
export function resolveModerationTab(requested: string | null, role: Role | undefined): ModerationTabId {
  return moderationTabsFor(role).find((tab) => tab.id === requested)?.id ?? 'reports';
}
