// Moderation > Log: the append-only record of every moderation action, newest first. A line that
// can be undone has Undo (asking why: the undo's own line keeps the reason); one undone says so.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router-dom';
import type { ModerationLogEntry } from '../../../contract/moderation';
import { useState } from 'react';
import { useGetModerationLogInfiniteQuery, useUndoModerationActionMutation } from '../../api/endpoints/moderation';
import { useAppSelector } from '../../lib/hooks';
import { selectCurrentUser } from '../auth/authSlice';
import { useInfiniteList } from '../../components/useInfiniteList';
import { canUndo, logLine } from './logLine';
import { formatWhen, runAction } from './ModerationCard';
import { ReasonDialog, type ReasonAnswer } from './ReasonDialog';
import { ModerationList } from './ModerationList';

/** Where a log line's subject can be seen (videos only: the others have no page of their own by id). */
const subjectLink = (entry: ModerationLogEntry) => (entry.subjectType === 'video' ? `/watch/${encodeURIComponent(entry.subjectId)}` : null);

export function LogTab() {
  const query = useGetModerationLogInfiniteQuery();
  const list = useInfiniteList(query, (page) => page.entries);
  const role = useAppSelector(selectCurrentUser)?.role;
  const [undoing, setUndoing] = useState<ModerationLogEntry | null>(null);
  const [undo, { isLoading: busy }] = useUndoModerationActionMutation();

  const confirmUndo = async (answer: ReasonAnswer) => {
    if (!undoing) return;
    if (await runAction(undo({ entryId: undoing._id, reason: answer.text }), 'Action undone', 'Failed to undo the action')) setUndoing(null);
  };
  const describe = (entry: ModerationLogEntry) => {
    const line = logLine(entry);
    return `${line.actor} ${line.action}${line.target ? ` ${line.target}` : ''}`;
  };

  return (
    <ModerationList list={list} noun="log entries" emptyTitle="Nothing logged yet" emptyMessage="Every moderation action is recorded here.">
      <Box component="ol" aria-label="Moderation log" sx={{ m: 0, p: 0, listStyle: 'none', border: 1, borderColor: 'divider', borderRadius: 3 }}>
        {list.items.map((entry, index) => {
          const link = subjectLink(entry);
          const line = logLine(entry);
          return (
            <Box component="li" key={entry._id} sx={{ px: 2, py: 1.25, borderTop: index ? 1 : 0, borderColor: 'divider' }}>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                <strong>{line.actor}</strong> {line.action} {line.target && <strong>{line.target}</strong>}{' '}
                {link ? (
                  <Box component={Link} to={link} sx={{ color: 'primary.main' }}>
                    Open video
                  </Box>
                ) : (
                  !line.target && (
                    <Box component="span" sx={{ color: 'text.secondary' }}>
                      ({entry.subjectType} …{entry.subjectId.slice(-8)})
                    </Box>
                  )
                )}
              </Typography>
              {entry.reason && (
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {entry.reason}
                </Typography>
              )}
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                <Typography variant="caption" color="text.secondary" component="time" dateTime={entry.createdAt}>
                  {formatWhen(entry.createdAt)}
                </Typography>
                {entry.undoneBy ? (
                  <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 600 }}>
                    Undone
                  </Typography>
                ) : (
                  canUndo(entry, role) && (
                    <Button size="small" variant="outlined" aria-label={`Undo: ${describe(entry)}`} onClick={() => setUndoing(entry)} sx={{ ml: 'auto', minHeight: 32 }}>
                      Undo
                    </Button>
                  )
                )}
              </Box>
            </Box>
          );
        })}
      </Box>
      {undoing && (
        <ReasonDialog
          request={{ title: 'Undo this action?', message: describe(undoing), label: 'Reason for undoing', confirmLabel: 'Undo', required: true }}
          busy={busy}
          onConfirm={(answer) => void confirmUndo(answer)}
          onClose={() => setUndoing(null)}
        />
      )}
    </ModerationList>
  );
}
