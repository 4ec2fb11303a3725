// Issue 16's playback calls: a video's captions and the watch position (resume where you left off).
import type { Caption } from '../../../contract/entities';
import { api } from '../api';
import { apiUrl, requestHeaders } from '../client';
import { videosApi } from './videos';

const positionUrl = (videoId: string) => `/watch-history/position/${encodeURIComponent(videoId)}`;

export const playbackApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCaptions: build.query<Caption[], string>({
      query: (videoId) => `/videos/${encodeURIComponent(videoId)}/captions`,
    }),
    /** Saves where the caller is; the cached video answer learns it too, so coming back resumes there. */
    saveWatchPosition: build.mutation<unknown, { videoId: string; position: number }>({
      query: ({ videoId, position }) => ({ url: positionUrl(videoId), method: 'PATCH', body: { position } }),
      onQueryStarted({ videoId, position }, { dispatch }) {
        dispatch(videosApi.util.updateQueryData('getVideo', videoId, (video) => void (video.resumeAt = position)));
      },
    }),
  }),
});

export const { useGetCaptionsQuery, useSaveWatchPositionMutation } = playbackApi;

/** The same save while the page goes away: a keepalive request outlives the tab. */
export function saveWatchPositionOnExit(videoId: string, position: number): void {
  const body = { position };
  void fetch(apiUrl(positionUrl(videoId)), { method: 'PATCH', credentials: 'include', keepalive: true, headers: requestHeaders(body), body: JSON.stringify(body) }).catch(
    () => undefined,
  );
}
