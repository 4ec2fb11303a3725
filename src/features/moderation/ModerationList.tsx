// The states every moderation list goes through: loading, failed (Try Again), empty, then its
// cards and the infinite-scroll footer.
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { InfiniteList } from '../../components/useInfiniteList';
import { EmptyState, ErrorPanel, ListFooter } from '../../components/VideoGrid';

export function ModerationList({
  list,
  noun,
  emptyTitle,
  emptyMessage,
  children,
}: {
  list: Pick<InfiniteList<unknown>, 'items' | 'loading' | 'isError' | 'retry' | 'loadingMore' | 'hasMore'>;
  /** What the list holds, for its messages ('reports', 'takedowns'). */
  noun: string;
  emptyTitle: string;
  emptyMessage: string;
  children: ReactNode;
}) {
  const error = `Failed to fetch ${noun}. Please try again later.`;
  if (list.loading && !list.items.length) {
    return (
      <Typography role="status" color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
        Loading {noun}...
      </Typography>
    );
  }
  if (list.isError && !list.items.length) return <ErrorPanel message={error} onRetry={list.retry} />;
  if (!list.items.length) return <EmptyState title={emptyTitle} message={emptyMessage} />;
  return (
    <>
      {children}
      <ListFooter loadingMore={list.loadingMore} hasMore={list.hasMore} error={list.isError ? error : null} onRetry={list.retry} endMessage={`No more ${noun}`} />
    </>
  );
}
