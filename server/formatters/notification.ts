// A stored notification as its recipient may see it now, decided at read time so it also covers
// rows made before a change: a video taken down since (and the comment under it) loses its title,
// thumbnail and text for everyone but its owner and moderators, and moderation notices never name
// the moderator.
import type { Notification, Owner } from '../../contract/entities.js';
import { MODERATOR_ACTOR_NAME, REMOVED_VIDEO_TITLE } from '../../contract/notificationText.js';
import type { NotificationRow } from '../db/repositories/notifications.js';
import { seesTakenDown } from '../domain/roles.js';
import type { MediaUrls } from '../media/urls.js';
import { toOwner } from './user.js';

const MODERATION_TYPES: ReadonlySet<Notification['type']> = new Set(['report-resolved', 'comment-report-resolved', 'video-taken-down']);

const moderatorActor = (urls: MediaUrls): Owner => ({ _id: '', username: '', fullName: MODERATOR_ACTOR_NAME, avatar: urls.appIcon() });

export function toNotification(row: NotificationRow, urls: MediaUrls): Notification {
  const moderation = MODERATION_TYPES.has(row.type);
  const notification: Notification = {
    _id: row.id,
    type: row.type,
    read: row.read_at !== null,
    createdAt: row.created_at,
    actor: moderation ? moderatorActor(urls) : toOwner(row, urls),
  };
  const removed = row.video_taken_down_at !== null && !seesTakenDown({ owner_id: row.video_owner_id ?? '' }, { id: row.user_id, role: row.recipient_role });
  if (row.video_id) {
    notification.video = removed
      ? { _id: row.video_id, title: REMOVED_VIDEO_TITLE, thumbnail: '', removed: true }
      : { _id: row.video_id, title: row.video_title ?? '', thumbnail: urls.image(row.video_thumbnail ?? '') };
  }
  if (row.comment_id) notification.comment = { _id: row.comment_id, content: removed ? '' : (row.comment_content ?? '') };
  if (moderation) notification.reason = row.reason;
  return notification;
}
