// One in-process bus for the domain events. Use cases publish after their write committed;
// subscribers registered in the composition root react. Events that must reach other processes
// travel on from there (socket.io's Redis adapter, the read cache's versions in Redis).
import type { DomainEventName, DomainEvents } from './events.js';

export type DomainEventHandler<E extends DomainEventName> = (payload: DomainEvents[E]) => void | Promise<void>;

interface Subscription {
  subscriber: string;
  handle: (payload: never) => void | Promise<void>;
}

export interface BusLogger {
  error(details: object, message?: string): void;
}

export class DomainEventBus {
  private readonly subscriptions = new Map<DomainEventName, Subscription[]>();

  constructor(private readonly log: BusLogger) {}

  /** `subscriber` names who reacts, for the log when a reaction fails. */
  on<E extends DomainEventName>(event: E, subscriber: string, handle: DomainEventHandler<E>): void {
    const list = this.subscriptions.get(event) ?? [];
    list.push({ subscriber, handle: handle as Subscription['handle'] });
    this.subscriptions.set(event, list);
  }

  /**
   * Runs every subscriber of `event` (synchronous ones at once, in the order they subscribed) and
   * resolves when all have finished, so a request's answer leaves after its reactions (a read
   * cache bump, a notification row). A failing subscriber is logged, never thrown: the write that
   * caused the event has already succeeded.
   */
  async publish<E extends DomainEventName>(event: E, payload: DomainEvents[E]): Promise<void> {
    const list = this.subscriptions.get(event);
    if (!list) return;
    await Promise.all(
      list.map(async ({ subscriber, handle }) => {
        try {
          await (handle as DomainEventHandler<E>)(payload);
        } catch (error) {
          this.log.error({ err: error, event, subscriber }, 'a domain event subscriber failed');
        }
      }),
    );
  }

  /** Which subscribers react to `event` (tests and the architecture docs). */
  subscribersOf(event: DomainEventName): string[] {
    return (this.subscriptions.get(event) ?? []).map((entry) => entry.subscriber);
  }
}
