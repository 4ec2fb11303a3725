// Moderation > Log: the append-only record of every moderation action, newest first, read-only.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router-dom';
import type { ModerationLogEntry } from '../../../contract/moderation';
import { useGetModerationLogInfiniteQuery } from '../../api/endpoints/moderation';
import { useInfiniteList } from '../../components/useInfiniteList';
import { logLine } from './logLine';
import { formatWhen } from './ModerationCard';
import { ModerationList } from './ModerationList';

/** Where a log line's subject can be seen (videos only: the others have no page of their own by id). */
const subjectLink = (entry: ModerationLogEntry) => (entry.subjectType === 'video' ? `/watch/${encodeURIComponent(entry.subjectId)}` : null);

export function LogTab() {
  const query = useGetModerationLogInfiniteQuery();
  const list = useInfiniteList(query, (page) => page.entries);

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
              <Typography variant="caption" color="text.secondary" component="time" dateTime={entry.createdAt}>
                {formatWhen(entry.createdAt)}
              </Typography>
            </Box>
          );
        })}
      </Box>
    </ModerationList>
  );
}
