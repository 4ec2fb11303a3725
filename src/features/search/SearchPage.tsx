// Search results: reads q; Users, Videos and Playlists, each with a count; a kind
// that found nothing gets no section (an empty heading around the results is noise on a phone), its
// empty text ('No users found', ...) goes in one quiet line below; 'No results found.' when all are
// empty; 'Enter a search query.' without q. Matched words are highlighted.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useId } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSearchPlaylistsQuery, useSearchUsersQuery, useSearchVideosQuery } from '../../api/endpoints/search';
import { errorStatus } from '../../api/errorStatus';
import { toast } from '../../components/toast';
import { VideoRow } from '../../components/VideoRow';
import { PlaylistCard } from '../playlists/PlaylistCard';
import { usePageTitle } from '../../lib/usePageTitle';
import { Highlight } from './Highlight';
import { UserResultCard } from './UserResultCard';

export const SEARCH_ERROR = 'Failed to fetch search results. Please try again later.';
export const SEARCH_LOGIN = 'Please log in to see personalized search results.';

function Section({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  const id = useId();
  if (!count) return null;
  return (
    <Box component="section" aria-labelledby={id} sx={{ mb: 4 }}>
      <Typography id={id} variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
        {title}{' '}
        <Typography component="span" color="text.secondary" sx={{ fontWeight: 400 }}>
          ({count})
        </Typography>
      </Typography>
      {children}
    </Box>
  );
}

const cardsGrid = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
} as const;

export default function SearchPage() {
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const skip = !q;
  usePageTitle(q ? `${q} - Search` : 'Search');
  const users = useSearchUsersQuery(q, { skip });
  const videos = useSearchVideosQuery(q, { skip });
  const playlists = useSearchPlaylistsQuery(q, { skip });
  const all = [users, videos, playlists];
  const loading = all.some((result) => result.isLoading);
  const failed = all.find((result) => result.isError);
  const unauthorized = errorStatus(failed?.error) === 401;

  useEffect(() => {
    if (unauthorized) toast.error(SEARCH_LOGIN);
  }, [unauthorized]);

  if (!q) {
    return (
      <Typography color="text.secondary" sx={{ textAlign: 'center', py: 8 }}>
        Enter a search query.
      </Typography>
    );
  }

  const userList = users.data ?? [];
  const videoList = videos.data ?? [];
  const playlistList = playlists.data ?? [];
  const nothing = !loading && !failed && !userList.length && !videoList.length && !playlistList.length;
  const emptyKinds = (
    [
      [userList.length, 'No users found'],
      [videoList.length, 'No videos found'],
      [playlistList.length, 'No playlists found'],
    ] as const
  )
    .filter(([count]) => !count)
    .map(([, text]) => text);

  return (
    <Box sx={{ maxWidth: 1400, mx: 'auto' }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 3, overflowWrap: 'anywhere' }}>
        Search results for “{q}”
      </Typography>
      {loading ? (
        <Typography role="status" color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          Searching...
        </Typography>
      ) : failed ? (
        <Box role="alert" sx={{ textAlign: 'center', py: 8 }}>
          <Typography sx={{ mb: 2 }}>{SEARCH_ERROR}</Typography>
          <Button variant="contained" onClick={() => all.forEach((result) => void result.refetch())}>
            Try Again
          </Button>
        </Box>
      ) : nothing ? (
        <Typography color="text.secondary" sx={{ textAlign: 'center', py: 8 }}>
          No results found.
        </Typography>
      ) : (
        <>
          <Section title="Users" count={userList.length}>
            <Box sx={cardsGrid}>
              {userList.map((user) => (
                <UserResultCard key={user._id} user={user} query={q} />
              ))}
            </Box>
          </Section>
          <Section title="Videos" count={videoList.length}>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
              {videoList.map((video) => (
                <VideoRow key={video._id} video={video} title={<Highlight text={video.title} query={q} />} />
              ))}
            </Box>
          </Section>
          <Section title="Playlists" count={playlistList.length}>
            <Box sx={{ ...cardsGrid, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' } }}>
              {playlistList.map((playlist) => (
                <PlaylistCard key={playlist._id} playlist={playlist} title={<Highlight text={playlist.name} query={q} />} showOwner />
              ))}
            </Box>
          </Section>
          {emptyKinds.length > 0 && (
            <Typography variant="body2" color="text.secondary" data-testid="search-empty-kinds">
              {emptyKinds.join(' · ')}
            </Typography>
          )}
        </>
      )}
    </Box>
  );
}
