// A change of a user's standing reaches their open sockets in every process (socket.io's Redis
// adapter forwards these requests to every node): the sockets of ended sessions close (a client
// reconnects with its current token, as a visitor once it has none), and a role change moves
// the user's sockets into or out of the moderators room. HTTP needs nothing here: every request
// checks its session (db/repositories/sessions.ts `check`).
import type { DomainEventBus } from '../domain/eventBus.js';
import type { LiveEvents } from '../realtime/live.js';

const SUBSCRIBER = 'standing';

export function subscribeStanding(events: DomainEventBus, live: Pick<LiveEvents, 'disconnectSessions' | 'setModerator'>): void {
  // Signed out, password changed or reset, suspended: the revocation has committed.
  events.on('session.ended', SUBSCRIBER, ({ sessionIds }) => live.disconnectSessions(sessionIds));
  events.on('user.roleChanged', SUBSCRIBER, ({ userId, role }) => live.setModerator(userId, role !== 'user'));
}
