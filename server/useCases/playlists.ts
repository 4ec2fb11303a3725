// A user's playlists: create, rename, delete, add a video and remove one. Only the owner changes
// a playlist; a video is added under the visibility rule (server/videos/visibility.ts).
import { playlistDescriptionError, playlistNameError } from '../../contract/rules.js';
import type { PlaylistRow } from '../db/repositories/playlists.js';
import { conflict, forbidden, invalid, notFound } from '../domain/errors.js';
import { usableVideo } from '../videos/visibility.js';
import type { UseCaseDeps } from './deps.js';

type Deps = Pick<UseCaseDeps, 'repos' | 'events'>;

function nameOf(raw: string | undefined): string {
  const error = playlistNameError(raw ?? '');
  if (error) throw invalid(error);
  return (raw ?? '').trim();
}

function descriptionOf(raw: string | undefined): string {
  const error = playlistDescriptionError(raw ?? '');
  if (error) throw invalid(error);
  return (raw ?? '').trim();
}

/** The playlist, when the caller owns it; not found or forbidden otherwise. */
async function ownPlaylist(deps: Deps, playlistId: string, callerId: string): Promise<PlaylistRow> {
  const row = await deps.repos.playlists.findById(playlistId);
  if (!row) throw notFound('Playlist not found');
  if (row.owner_id !== callerId) throw forbidden('You are not allowed to modify this playlist');
  return row;
}

/** Name and description as typed (the shared rules check them); answers the new playlist's id. */
export async function createPlaylist(deps: Deps, input: { ownerId: string; name?: string; description?: string }): Promise<string> {
  const name = nameOf(input.name);
  const description = descriptionOf(input.description);
  const playlistId = await deps.repos.playlists.create(input.ownerId, name, description);
  await deps.events.publish('playlist.created', { playlistId, ownerId: input.ownerId });
  return playlistId;
}

/** A new name; the description changes only when given. */
export async function editPlaylist(deps: Deps, input: { callerId: string; playlistId: string; name?: string; description?: string }): Promise<void> {
  const row = await ownPlaylist(deps, input.playlistId, input.callerId);
  const name = nameOf(input.name);
  const description = input.description === undefined ? undefined : descriptionOf(input.description);
  await deps.repos.playlists.update(row.id, description === undefined ? { name } : { name, description });
  await deps.events.publish('playlist.edited', { playlistId: row.id, ownerId: row.owner_id });
}

export async function deletePlaylist(deps: Deps, input: { callerId: string; playlistId: string }): Promise<void> {
  const row = await ownPlaylist(deps, input.playlistId, input.callerId);
  if (!(await deps.repos.playlists.delete(row.id))) throw notFound('Playlist not found');
  await deps.events.publish('playlist.deleted', { playlistId: row.id, ownerId: row.owner_id });
}

export async function addVideoToPlaylist(deps: Deps, input: { callerId: string; playlistId: string; videoId: string }): Promise<void> {
  const { callerId, videoId } = input;
  const row = await ownPlaylist(deps, input.playlistId, callerId);
  await usableVideo(deps.repos, videoId, callerId);
  const outcome = await deps.repos.playlists.addVideo(row.id, videoId);
  if (outcome === 'no-video') throw notFound('Video not found');
  if (outcome === 'no-playlist') throw notFound('Playlist not found');
  if (outcome === 'duplicate') throw conflict('Video is already in this playlist');
  await deps.events.publish('playlist.videoAdded', { playlistId: row.id, ownerId: row.owner_id, videoId });
}

export async function removeVideoFromPlaylist(deps: Deps, input: { callerId: string; playlistId: string; videoId: string }): Promise<void> {
  const row = await ownPlaylist(deps, input.playlistId, input.callerId);
  if (!(await deps.repos.playlists.removeVideo(row.id, input.videoId))) throw notFound('Video is not in this playlist');
  await deps.events.publish('playlist.videoRemoved', { playlistId: row.id, ownerId: row.owner_id, videoId: input.videoId });
}
