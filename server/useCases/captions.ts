// Caption tracks: the owner adds WebVTT or SRT (stored as WebVTT), one per language, and deletes
// them. The file and the row go together: a listed track always has its file.
import { CAPTION_LIMITS } from '../../contract/limits.js';
import type { CaptionAdded, CaptionRow } from '../db/repositories/captions.js';
import { conflict, forbidden, invalid, notFound } from '../domain/errors.js';
import { newId } from '../ids.js';
import { CaptionFormatError, toWebVtt } from '../media/captions.js';
import { captionKey } from '../media/videoFiles.js';
import type { UseCaseDeps } from './deps.js';

type Deps = Pick<UseCaseDeps, 'repos' | 'events' | 'storage'>;

/** Refuses anyone but the video's owner; routes call it before reading an upload's body too. */
export async function assertCaptionEditor(deps: Pick<UseCaseDeps, 'repos'>, input: { videoId: string; callerId: string }): Promise<void> {
  const video = await deps.repos.videos.findOwned(input.videoId);
  if (!video) throw notFound('Video not found');
  if (video.owner_id !== input.callerId) throw forbidden('Only the owner can change the captions of this video');
}

/** `language` is a canonical tag (media/captionLanguage.ts), `file` the uploaded bytes. */
export async function addCaption(deps: Deps, input: { callerId: string; videoId: string; language: string; label: string; file: Buffer }): Promise<CaptionRow> {
  const { videoId, language, label } = input;
  await assertCaptionEditor(deps, input);
  let vtt: string;
  try {
    vtt = await toWebVtt(input.file);
  } catch (error) {
    if (error instanceof CaptionFormatError) throw invalid(error.message);
    throw error;
  }
  const id = newId();
  const key = captionKey(videoId, id);
  // The file first: a listed track always has its file; a refused one removes it again.
  await deps.storage.putBuffer(key, Buffer.from(vtt, 'utf8'), 'text/vtt; charset=utf-8');
  let added: CaptionAdded;
  try {
    added = await deps.repos.captions.add({ id, video_id: videoId, language, label, storage_key: key }, CAPTION_LIMITS.perVideo);
  } catch (error) {
    await deps.storage.remove(key);
    throw error;
  }
  if (added.outcome !== 'added') {
    await deps.storage.remove(key);
    if (added.outcome === 'full') throw invalid(`A video can have at most ${CAPTION_LIMITS.perVideo} caption tracks`);
    if (added.outcome === 'duplicate') throw conflict(`This video already has captions in '${language}': delete them first`);
    throw notFound('Video not found');
  }
  await deps.events.publish('caption.added', { videoId, captionId: id, language });
  return added.row;
}

export async function removeCaption(deps: Deps, input: { callerId: string; videoId: string; captionId: string }): Promise<void> {
  const { videoId, captionId } = input;
  await assertCaptionEditor(deps, input);
  const row = await deps.repos.captions.remove(videoId, captionId);
  if (!row) throw notFound('Caption not found');
  // The file goes after the row: a failed removal leaves garbage, never a listed track without a file.
  await deps.storage.remove(row.storage_key);
  await deps.events.publish('caption.removed', { videoId, captionId });
}
