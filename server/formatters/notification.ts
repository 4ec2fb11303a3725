import type { Notification } from '../../contract/entities.js';
import type { NotificationRow } from '../db/repositories/notifications.js';
import type { MediaUrls } from '../media/urls.js';
import { toOwner } from './user.js';

export function toNotification(row: NotificationRow, urls: MediaUrls): Notification {
  const notification: Notification = {
    _id: row.id,
    type: row.type,
    read: row.read_at !== null,
    createdAt: row.created_at,
    actor: toOwner(row, urls),
  };
  if (row.video_id) notification.video = { _id: row.video_id, title: row.video_title ?? '', thumbnail: urls.image(row.video_thumbnail ?? '') };
  if (row.comment_id) notification.comment = { _id: row.comment_id, content: row.comment_content ?? '' };
  if (row.type === 'report-resolved' || row.type === 'video-taken-down') notification.reason = row.reason;
  return notification;
}
