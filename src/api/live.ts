// The live connection: the socket, its rooms and reconnection. What each event does
// to the cache is in liveHandlers.ts. Loaded after first paint (socket.io-client is 12 KB gzip).
import { io, type Socket } from 'socket.io-client';
import { LIVE_RECONNECT, type LiveEventPayloads, RoomCommand } from '../../contract/events';
import { AUTH_EVENT, getStoredUser, getToken } from '../lib/storage';
import { catchUp, handleLiveEvent, type LiveDispatch, type LiveEventName, liveHandlers, type LiveScreen } from './liveHandlers';

let socket: Socket | null = null;
const joinedVideos = new Set<string>();
/** The token the socket last signed in with (the server checks it only at the handshake). */
let connectedWith: string | null = null;

// The handler table is the list of events listened to: each one names what it does (liveHandlers.ts).
const EVENTS = Object.keys(liveHandlers) as LiveEventName[];

/** Connects once; events patch the cache through `dispatch`, and reach the screen through `screen`. */
export function connectLive(dispatch: LiveDispatch, screen: LiveScreen): Socket {
  if (socket) return socket;
  socket = io({
    path: '/socket.io',
    transports: ['websocket'],
    ...LIVE_RECONNECT,
    // Read at every (re)connection, so a new login is used without rebuilding the socket.
    auth: (callback) => {
      connectedWith = getToken();
      callback({ token: connectedWith ?? undefined });
    },
  });
  // Signing in or out changes who the socket is: connect again so the server puts it in the new
  // user's room (notifications, upload progress), or takes it out of the old one's.
  window.addEventListener(AUTH_EVENT, () => {
    if (socket && getToken() !== connectedWith) socket.disconnect().connect();
  });
  for (const event of EVENTS) {
    // Who is signed in is read per event: reactions and views tell the actor's own clients apart.
    socket.on(event, (payload: LiveEventPayloads[typeof event]) => handleLiveEvent(event, payload, { dispatch, userId: getStoredUser()?.id ?? null, screen }));
  }
  // The server closes the sockets of a session that ended (signed out elsewhere, a password change,
  // a suspension). socket.io does not reconnect after that by itself: connect again at once, with
  // the current token (a visitor's socket once there is none), so public events keep coming.
  socket.on('disconnect', (reason) => {
    if (reason === 'io server disconnect') socket?.connect();
  });
  socket.on('connect', () => {
    for (const videoId of joinedVideos) socket?.emit(RoomCommand.joinVideo, videoId);
    catchUp({ dispatch, userId: getStoredUser()?.id ?? null });
  });
  return socket;
}

/** The watch screen joins its video's room; returns the leave function. */
export function joinVideoRoom(videoId: string): () => void {
  joinedVideos.add(videoId);
  socket?.emit(RoomCommand.joinVideo, videoId);
  return () => {
    joinedVideos.delete(videoId);
    socket?.emit(RoomCommand.leaveVideo, videoId);
  };
}
