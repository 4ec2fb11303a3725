// The frame every moderation list item shares: a card (never a wide table, so phones read it as
// well as desktops), a head with a picture, title and meta, a body, and its actions in a row that
// wraps. Also the one way an action reports back: a success toast, or the server's message.
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { messageOf } from '../../api/client';
import { toast } from '../../components/toast';

export function ModerationCard({
  label,
  media,
  title,
  meta,
  children,
  actions,
}: {
  /** The card's accessible name (e.g. the video's title). */
  label: string;
  media?: ReactNode;
  title: ReactNode;
  meta?: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Card component="article" variant="outlined" aria-label={label} sx={{ p: { xs: 1.5, sm: 2 }, borderRadius: 3, display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0 }}>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', minWidth: 0 }}>
        {media && <Box sx={{ flexShrink: 0 }}>{media}</Box>}
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography component="h3" sx={{ fontWeight: 700, overflowWrap: 'anywhere', lineHeight: 1.3 }}>
            {title}
          </Typography>
          {meta && (
            <Typography variant="body2" color="text.secondary" component="div" sx={{ mt: 0.25, overflowWrap: 'anywhere' }}>
              {meta}
            </Typography>
          )}
        </Box>
      </Box>
      {children}
      {actions && <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>{actions}</Box>}
    </Card>
  );
}

/** When something happened or ends, to the minute: moderators compare times within a day. */
export const formatWhen = (iso: string): string => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The list of cards: one column on phones, two from 900 px. */
export const cardListSx = { display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } } as const;

/** Runs a moderation call: true and the success toast, or false and the server's message. */
export async function runAction(call: Promise<{ error?: unknown }>, success: string, failure: string): Promise<boolean> {
  const result = await call;
  if (result.error) {
    toast.error(messageOf(result.error, failure));
    return false;
  }
  toast.success(success);
  return true;
}
