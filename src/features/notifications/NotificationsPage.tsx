// /notifications: newest first, unread ones marked, each a link to its video or channel
// (opening one marks it read), 'Mark all as read', infinite scroll. New ones arrive live. A video's
// comment notifications show as one row (notificationGroups.ts); opening it marks them all read.
import DoneAllIcon from '@mui/icons-material/DoneAll';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Notification as AppNotification } from '../../../contract/entities';
import {
  useGetNotificationsInfiniteQuery,
  useMarkAllNotificationsReadMutation,
  useMarkNotificationReadMutation,
} from '../../api/endpoints/notifications';
import { usePageTitle } from '../../lib/usePageTitle';
import { useInfiniteList } from '../../components/useInfiniteList';
import { UserAvatar } from '../../components/UserAvatar';
import { EmptyState, ErrorPanel, ListFooter } from '../../components/VideoGrid';
import { formatRelativeDate } from '../../lib/format';
import { notificationLink } from '../../../contract/notificationText';
import { groupNotifications, groupText, type NotificationGroup } from './notificationGroups';
import { askForSystemNotifications, systemNotificationsSupported } from './systemNotification';
import { useUnreadCount } from './useUnreadCount';

const NOTIFICATIONS_ERROR = 'Failed to fetch notifications. Please try again later.';

export default function NotificationsPage() {
  usePageTitle('Notifications');
  const query = useGetNotificationsInfiniteQuery();
  const list = useInfiniteList<AppNotification, { notifications: readonly AppNotification[] }>(query, (page) => page.notifications);
  const unread = useUnreadCount();
  const [markRead] = useMarkNotificationReadMutation();
  const [markAllRead, markingAll] = useMarkAllNotificationsReadMutation();

  return (
    <Box component="section" aria-labelledby="notifications-title" sx={{ maxWidth: 760, mx: 'auto' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, display: 'flex', alignItems: 'baseline', gap: 1 }}>
          <Typography id="notifications-title" variant="h6" component="h1" sx={{ fontWeight: 700 }}>
            Notifications
          </Typography>
          {unread > 0 && <Typography color="text.secondary">{unread} unread</Typography>}
        </Box>
        <Button startIcon={<DoneAllIcon />} disabled={!unread || markingAll.isLoading} onClick={() => void markAllRead()}>
          Mark all as read
        </Button>
      </Box>
      <SystemNotificationsOffer />
      {list.loading && !list.items.length ? (
        <Typography role="status" color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          Loading notifications...
        </Typography>
      ) : list.isError && !list.items.length ? (
        <ErrorPanel message={NOTIFICATIONS_ERROR} onRetry={list.retry} />
      ) : !list.items.length ? (
        <EmptyState title="No notifications yet" message="New videos from channels you follow, comments on your videos, replies to your comments and new subscribers show up here." />
      ) : (
        <>
          <List aria-label="Notifications" disablePadding>
            {groupNotifications(list.items).map((group) => {
              const markGroupRead = () => [group.lead, ...group.others].forEach((item) => !item.read && void markRead(item._id));
              return <NotificationRow key={group.lead._id} group={group} onOpen={markGroupRead} onMarkRead={markGroupRead} />;
            })}
          </List>
          <ListFooter loadingMore={list.loadingMore} hasMore={list.hasMore} error={list.isError ? NOTIFICATIONS_ERROR : null} onRetry={list.retry} endMessage="No more notifications" />
        </>
      )}
    </Box>
  );
}

function NotificationRow({ group, onOpen, onMarkRead }: { group: NotificationGroup; onOpen: () => void; onMarkRead: () => void }) {
  const notification = group.lead;
  const text = groupText(group);
  const when = formatRelativeDate(notification.createdAt);
  return (
    <ListItem
      disablePadding
      data-read={notification.read}
      secondaryAction={
        notification.read ? undefined : (
          <Button size="small" onClick={onMarkRead}>
            <span aria-hidden>Mark read</span>
            <span className="visually-hidden">{`Mark read: ${text}`}</span>
          </Button>
        )
      }
      // The row's text keeps clear of 'Mark read' (ListItem's own 48 px rule would win over the button's sx).
      sx={{ borderBottom: 1, borderColor: 'divider', '& .MuiListItemSecondaryAction-root': { right: 4 }, '& > .MuiListItemButton-root': { pr: notification.read ? 2 : 12 } }}
    >
      <ListItemButton
        component={Link}
        to={notificationLink(notification)}
        onClick={onOpen}
        sx={{ gap: 1.5, alignItems: 'flex-start', py: 1.5, bgcolor: notification.read ? undefined : 'action.hover' }}
      >
        <Box aria-hidden sx={{ width: 8, height: 8, mt: 2, borderRadius: '50%', flexShrink: 0, bgcolor: notification.read ? 'transparent' : 'primary.main' }} />
        <UserAvatar name={notification.actor.fullName} src={notification.actor.avatar} size={40} />
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography sx={{ fontWeight: notification.read ? 400 : 600, overflowWrap: 'anywhere' }}>
            {notification.read ? null : <span className="visually-hidden">Unread: </span>}
            {text}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {when}
          </Typography>
        </Box>
        {notification.video?.thumbnail && (
          <Box component="img" src={notification.video.thumbnail} alt="" loading="lazy" sx={{ width: 96, aspectRatio: '16 / 9', objectFit: 'cover', borderRadius: 1, flexShrink: 0, display: { xs: 'none', sm: 'block' } }} />
        )}
      </ListItemButton>
    </ListItem>
  );
}

/** Offers system notifications (shown while the app is in the background) once, where the browser can. */
function SystemNotificationsOffer() {
  const [permission, setPermission] = useState(() => (systemNotificationsSupported() ? Notification.permission : 'denied'));
  if (permission !== 'default') return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1, p: 1.5, borderRadius: 2, bgcolor: 'action.hover' }}>
      <Typography variant="body2" sx={{ flex: 1, minWidth: 200 }}>
        Get a system notification when something new arrives while Vidshare is in the background.
      </Typography>
      <Button size="small" variant="outlined" onClick={() => void askForSystemNotifications().then(setPermission)}>
        Turn on
      </Button>
    </Box>
  );
}
