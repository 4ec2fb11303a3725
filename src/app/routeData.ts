// What the first screen of a URL needs, in one place for boot and the server: its lazy screen
// (SCREENS), the queries it shows (started at boot before the screen's chunk arrives, awaited on
// the server and inlined into the rendered HTML) and its title and link-preview tags.
import { matchPath } from 'react-router-dom';
import { commentsApi } from '../api/endpoints/comments';
import { playbackApi } from '../api/endpoints/playback';
import { searchApi } from '../api/endpoints/search';
import { subscriptionsApi } from '../api/endpoints/subscriptions';
import { usersApi } from '../api/endpoints/users';
import { videosApi } from '../api/endpoints/videos';
import { isNotFound } from '../api/errorStatus';
import { MISSING_VIDEO_TITLE } from '../features/watch/missingVideo';
import type { ScreenName } from './screens';
import type { AppDispatch, RootState } from './store';

const SITE_DESCRIPTION = 'Watch, share and discover videos, even on a flaky connection.';

export interface PageMeta {
  /** The screen's own title (usePageTitle's argument); null for the bare app name. */
  title: string | null;
  description: string;
  /** Site-relative image URL (thumbnail, avatar), made absolute by the server. */
  image?: string;
  type: 'website' | 'video.other' | 'profile';
}

export interface RouteData {
  screen: ScreenName;
  /** Starts the screen's queries with exactly the arguments the screen itself uses. */
  prefetch(dispatch: AppDispatch): PromiseLike<unknown>[];
  meta(state: RootState): PageMeta;
}

const clip = (text: string, max = 200) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

/** The data and meta of a server-renderable screen, or null for every other URL. */
export function routeData(pathname: string, search = ''): RouteData | null {
  if (pathname === '/home') {
    return {
      screen: 'home',
      prefetch: (dispatch) => [dispatch(videosApi.endpoints.getFeed.initiate(undefined, { subscribe: false }))],
      meta: () => ({ title: 'Home', description: SITE_DESCRIPTION, type: 'website' }),
    };
  }
  const watch = matchPath('/watch/:videoId', pathname);
  if (watch?.params.videoId) {
    const videoId = watch.params.videoId;
    return {
      screen: 'watch',
      prefetch: (dispatch) => {
        const video = dispatch(videosApi.endpoints.getVideo.initiate(videoId, { subscribe: false }));
        return [
          video,
          // Below the player on phones: rendered with the page, nothing moves when they arrive.
          dispatch(commentsApi.endpoints.getComments.initiate(videoId, { subscribe: false })),
          dispatch(videosApi.endpoints.getRelatedVideos.initiate(videoId, { subscribe: false })),
          // The captions and the owner's subscriber count too: asked for while hydrating, each
          // answer re-rendered the freshly hydrated screen in the same long task.
          dispatch(playbackApi.endpoints.getCaptions.initiate(videoId, { subscribe: false })),
          video.then(({ data }) => data && dispatch(subscriptionsApi.endpoints.getSubscriptionStatus.initiate(data.owner._id, { subscribe: false }))),
        ];
      },
      meta: (state) => {
        const { data: video, error } = videosApi.endpoints.getVideo.select(videoId)(state);
        if (!video) return { title: isNotFound(error) ? MISSING_VIDEO_TITLE : null, description: SITE_DESCRIPTION, type: 'website' };
        return { title: video.title, description: clip(video.description || `${video.owner.fullName} on Vidshare`), image: video.thumbnail || undefined, type: 'video.other' };
      },
    };
  }
  const profile = matchPath('/profile/:username', pathname);
  if (profile?.params.username) {
    const username = profile.params.username;
    const tab = new URLSearchParams(search).get('tab');
    return {
      screen: 'profile',
      prefetch: (dispatch) => [
        dispatch(usersApi.endpoints.getProfile.initiate(username, { subscribe: false })),
        // The videos tab is the default one.
        ...(tab ? [] : [dispatch(videosApi.endpoints.getUserVideos.initiate(username, { subscribe: false }))]),
      ],
      meta: (state) => {
        const found = usersApi.endpoints.getProfile.select(username)(state).data;
        if (!found) return { title: null, description: SITE_DESCRIPTION, type: 'website' };
        return { title: `${found.fullName} (@${found.username})`, description: clip(found.bio || `Videos by ${found.fullName} on Vidshare`), image: found.avatar || undefined, type: 'profile' };
      },
    };
  }
  if (pathname === '/search') {
    const q = (new URLSearchParams(search).get('q') ?? '').trim();
    return {
      screen: 'search',
      prefetch: (dispatch) =>
        q
          ? [
              dispatch(searchApi.endpoints.searchUsers.initiate(q, { subscribe: false })),
              dispatch(searchApi.endpoints.searchVideos.initiate(q, { subscribe: false })),
              dispatch(searchApi.endpoints.searchPlaylists.initiate(q, { subscribe: false })),
            ]
          : [],
      meta: () => ({ title: q ? `${q} - Search` : 'Search', description: SITE_DESCRIPTION, type: 'website' }),
    };
  }
  return null;
}
