// Moderation > Users (admins): search accounts by username, email or full name, and per account
// change the role, suspend or lift a suspension, and delete it (with a reason, after a warning).
// Cards, one column on phones; the admin's own card has no actions (the server refuses them too).
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Role } from '../../../contract/entities';
import type { AdminAccount } from '../../../contract/moderation';
import { useChangeRoleMutation, useDeleteUserMutation, useGetAdminUsersInfiniteQuery, useLiftSuspensionMutation, useSuspendUserMutation } from '../../api/endpoints/moderation';
import { useAppSelector } from '../../lib/hooks';
import { useInfiniteList } from '../../components/useInfiniteList';
import { UserAvatar } from '../../components/UserAvatar';
import { selectCurrentUser } from '../auth/authSlice';
import { cardListSx, formatWhen, ModerationCard, runAction } from './ModerationCard';
import { ModerationList } from './ModerationList';
import { ReasonDialog, type ReasonAnswer, type ReasonRequest } from './ReasonDialog';

const ROLE_LABELS: Record<Role, string> = { user: 'User', moderator: 'Moderator', admin: 'Admin' };

/** Typing waits this long before asking the server. */
const SEARCH_DELAY_MS = 300;

type Asking = { action: 'suspend' | 'delete'; account: AdminAccount };

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

function requestFor({ action, account }: Asking): ReasonRequest {
  if (action === 'suspend') {
    return { title: `Suspend @${account.username}?`, message: 'Their sessions end at once, and their videos and comments are hidden until the suspension ends.', label: 'Reason', confirmLabel: 'Suspend', required: true, askUntil: true, danger: true };
  }
  return {
    title: `Delete @${account.username}?`,
    message: `This deletes the account with its ${plural(account.videosCount, 'video')}, ${plural(account.commentsCount, 'comment')}, playlists, likes and subscriptions, and their files. It cannot be undone.`,
    label: 'Reason',
    confirmLabel: 'Delete account',
    required: true,
    danger: true,
  };
}

export function UsersTab() {
  const me = useAppSelector(selectCurrentUser);
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const query = useGetAdminUsersInfiniteQuery(q);
  const list = useInfiniteList(query, (page) => page.users);
  const [changeRole, changing] = useChangeRoleMutation();
  const [lift, lifting] = useLiftSuspensionMutation();
  const [suspend, suspending] = useSuspendUserMutation();
  const [remove, removing] = useDeleteUserMutation();
  const [asking, setAsking] = useState<Asking | null>(null);

  async function confirm(answer: ReasonAnswer) {
    if (!asking) return;
    const { account } = asking;
    const done =
      asking.action === 'suspend'
        ? await runAction(suspend({ userId: account._id, reason: answer.text, until: answer.until }), `@${account.username} suspended`, 'Failed to suspend the user')
        : await runAction(remove({ userId: account._id, reason: answer.text }), `@${account.username} deleted`, 'Failed to delete the user');
    if (done) setAsking(null);
  }

  return (
    <Box>
      <TextField
        type="search"
        label="Search users"
        placeholder="Username, email or name"
        size="small"
        fullWidth
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        slotProps={{ htmlInput: { maxLength: 100 } }}
        sx={{ mb: 2, maxWidth: { sm: 420 } }}
      />
      <ModerationList list={list} noun="users" emptyTitle="No users found" emptyMessage={q ? `Nobody's username, email or name contains "${q}".` : 'Accounts show up here once people sign up.'}>
        <Box sx={cardListSx}>
          {list.items.map((account) => {
            const name = account.fullName || account.username;
            const self = account._id === me?._id;
            return (
              <ModerationCard
                key={account._id}
                label={name}
                media={<UserAvatar name={name} src={account.avatar} size={44} lazy />}
                title={
                  <Box component={Link} to={`/profile/${encodeURIComponent(account.username)}`} sx={{ color: 'inherit', textDecoration: 'none', '&:hover': { textDecoration: 'underline' } }}>
                    {name}
                  </Box>
                }
                meta={`@${account.username} · ${account.email}`}
                actions={
                  self ? undefined : (
                    <>
                      <TextField
                        select
                        size="small"
                        label="Role"
                        value={account.role}
                        disabled={changing.isLoading && changing.originalArgs?.userId === account._id}
                        onChange={(event) => void runAction(changeRole({ userId: account._id, role: event.target.value as Role }), `@${account.username} is now ${ROLE_LABELS[event.target.value as Role].toLowerCase()}`, 'Failed to change the role')}
                        sx={{ minWidth: 132 }}
                      >
                        {Object.entries(ROLE_LABELS).map(([value, label]) => (
                          <MenuItem key={value} value={value}>
                            {label}
                          </MenuItem>
                        ))}
                      </TextField>
                      {account.suspension ? (
                        <Button
                          size="small"
                          variant="outlined"
                          disabled={lifting.isLoading && lifting.originalArgs === account._id}
                          onClick={() => void runAction(lift(account._id), `Suspension of ${account.username} lifted`, 'Failed to lift the suspension')}
                        >
                          Lift suspension
                        </Button>
                      ) : (
                        <Button size="small" variant="outlined" onClick={() => setAsking({ action: 'suspend', account })}>
                          Suspend
                        </Button>
                      )}
                      <Button size="small" variant="outlined" color="error" onClick={() => setAsking({ action: 'delete', account })}>
                        Delete
                      </Button>
                    </>
                  )
                }
              >
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, alignItems: 'center' }}>
                  <Chip size="small" label={self ? `${ROLE_LABELS[account.role]} (you)` : ROLE_LABELS[account.role]} color={account.role === 'user' ? 'default' : 'primary'} variant="outlined" />
                  {account.suspension && <Chip size="small" color="warning" label={account.suspension.until ? `Suspended until ${formatWhen(account.suspension.until)}` : 'Suspended'} />}
                </Box>
                <Typography variant="body2" color="text.secondary">
                  {plural(account.videosCount, 'video')} · {plural(account.commentsCount, 'comment')} · {plural(account.subscribersCount, 'subscriber')} · joined {formatWhen(account.createdAt)}
                </Typography>
                {account.suspension && (
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    <strong>Reason:</strong> {account.suspension.reason}
                  </Typography>
                )}
              </ModerationCard>
            );
          })}
        </Box>
      </ModerationList>
      {asking && (
        <ReasonDialog request={requestFor(asking)} busy={suspending.isLoading || removing.isLoading} onConfirm={(answer) => void confirm(answer)} onClose={() => setAsking(null)} />
      )}
    </Box>
  );
}
