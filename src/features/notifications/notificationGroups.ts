// Comments on one of my videos arrive in bursts: the list shows a video's comment notifications of
// the same read state as one row, at its newest one's place ("Vera and 3 others commented on ..."),
// as YouTube does. Every other kind stays one row each. Pure, so it is unit-tested apart from the page.
import type { Notification } from '../../../contract/entities';
import { notificationText } from '../../../contract/notificationText';

export interface NotificationGroup {
  /** The newest notification of the group: its actor, link, date and read state show. */
  lead: Notification;
  /** The older ones folded under it (empty for a single notification). */
  others: Notification[];
}

const groupKey = (notification: Notification): string | null =>
  notification.type === 'video-comment' && notification.video ? `${notification.video._id}:${notification.read ? 'read' : 'unread'}` : null;

/** Groups a newest-first list, keeping its order by each group's newest notification. */
export function groupNotifications(notifications: readonly Notification[]): NotificationGroup[] {
  const groups: NotificationGroup[] = [];
  const byKey = new Map<string, NotificationGroup>();
  for (const notification of notifications) {
    const key = groupKey(notification);
    const group = key ? byKey.get(key) : undefined;
    if (group) {
      group.others.push(notification);
      continue;
    }
    const created = { lead: notification, others: [] };
    groups.push(created);
    if (key) byKey.set(key, created);
  }
  return groups;
}

const nameOf = (notification: Notification) => notification.actor.fullName || notification.actor.username;

/** The group's text: the notification's own for one; otherwise who else commented, or how many times. */
export function groupText({ lead, others }: NotificationGroup): string {
  if (!others.length) return notificationText(lead);
  const title = lead.video?.removed ? 'your video' : `"${lead.video?.title ?? 'your video'}"`;
  const otherPeople = new Set(others.map((notification) => notification.actor._id).filter((id) => id !== lead.actor._id)).size;
  if (!otherPeople) return `${nameOf(lead)} left ${others.length + 1} comments on ${title}`;
  return `${nameOf(lead)} and ${otherPeople} ${otherPeople === 1 ? 'other' : 'others'} commented on ${title}`;
}
