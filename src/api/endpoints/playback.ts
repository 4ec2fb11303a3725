// Playback calls: a video's captions (listed for everyone, added and deleted by the
// owner) and the watch position (resume where you left off).
import type { Caption } from '../../../contract/entities';
import { api } from '../api';
import { apiUrl, requestHeaders } from '../client';
import { videosApi } from './videos';

const captionsUrl = (videoId: string) => `/videos/${encodeURIComponent(videoId)}/captions`;
const positionUrl = (videoId: string) => `/watch-history/position/${encodeURIComponent(videoId)}`;

export const playbackApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCaptions: build.query<Caption[], string>({
      query: (videoId) => captionsUrl(videoId),
    }),
    /** Multipart `file` (WebVTT or SRT), `language`, `label`; the list learns the new track. */
    addCaption: build.mutation<Caption, { videoId: string; form: FormData }>({
      query: ({ videoId, form }) => ({ url: captionsUrl(videoId), method: 'POST', body: form }),
      async onQueryStarted({ videoId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(playbackApi.util.updateQueryData('getCaptions', videoId, (list) => void list.push(data)));
      },
    }),
    deleteCaption: build.mutation<unknown, { videoId: string; captionId: string }>({
      query: ({ videoId, captionId }) => ({ url: `${captionsUrl(videoId)}/${encodeURIComponent(captionId)}`, method: 'DELETE' }),
      async onQueryStarted({ videoId, captionId }, { dispatch, queryFulfilled }) {
        if (await queryFulfilled.then(() => true, () => false)) {
          dispatch(playbackApi.util.updateQueryData('getCaptions', videoId, (list) => list.filter((caption) => caption._id !== captionId)));
        }
      },
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

export const { useGetCaptionsQuery, useAddCaptionMutation, useDeleteCaptionMutation, useSaveWatchPositionMutation } = playbackApi;

/** The same save while the page goes away: a keepalive request outlives the tab. */
export function saveWatchPositionOnExit(videoId: string, position: number): void {
  const body = { position };
  void fetch(apiUrl(positionUrl(videoId)), { method: 'PATCH', credentials: 'include', keepalive: true, headers: requestHeaders(body), body: JSON.stringify(body) }).catch(
    () => undefined,
  );
}
