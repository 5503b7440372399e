/**
 * The limits on what one user holds open live, in one place: every live stream is opened through
 * `openLiveStream` (`live-stream.ts`), which takes a place here first. Counted per web process:
 * a user's tabs reach one process each, and the bound is against one person tying up a process.
 */
import { AppError } from '../../shared/errors';

/**
 * How many live subscriptions one user may hold open in one process (tabs, windows). A section
 * being written holds up to five (its text, presence, the application's statuses and draft states,
 * a draft being written, the inbox's count): six such tabs.
 */
export const MAX_OPEN_SUBSCRIPTIONS_PER_USER = 30;

/** How many live connections (browser windows, each one WebSocket) one user may hold open in one process. */
export const MAX_OPEN_CONNECTIONS_PER_USER = 30;

export interface LiveLimits {
  /**
   * Takes one of the user's open-subscription places, refusing with RATE_LIMITED past
   * `MAX_OPEN_SUBSCRIPTIONS_PER_USER`; call the returned function when the subscription ends.
   */
  openSubscription(userId: string): () => void;
  /** Refuses as `openSubscription` would, without taking a place. */
  checkSubscription(userId: string): void;
  /** The same for a live connection, past `MAX_OPEN_CONNECTIONS_PER_USER`. */
  openConnection(userId: string): () => void;
  /** The places the user holds in this process now. */
  count(userId: string): { subscriptions: number; connections: number };
}

/** Places per user, refused past `max`; each place is given back once. */
function placesOf(max: number) {
  const openByUser = new Map<string, number>();
  const check = (userId: string) => {
    if ((openByUser.get(userId) ?? 0) >= max) throw new AppError('RATE_LIMITED', { message: 'error.tooManySubscriptions', values: { max } });
  };
  const take = (userId: string) => {
    check(userId);
    openByUser.set(userId, (openByUser.get(userId) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (openByUser.get(userId) ?? 1) - 1;
      if (left > 0) openByUser.set(userId, left);
      else openByUser.delete(userId);
    };
  };
  return { check, take, count: (userId: string) => openByUser.get(userId) ?? 0 };
}

export function createLiveLimits(): LiveLimits {
  const subscriptions = placesOf(MAX_OPEN_SUBSCRIPTIONS_PER_USER);
  const connections = placesOf(MAX_OPEN_CONNECTIONS_PER_USER);
  return {
    openSubscription: subscriptions.take,
    checkSubscription: subscriptions.check,
    openConnection: connections.take,
    count: (userId) => ({ subscriptions: subscriptions.count(userId), connections: connections.count(userId) }),
  };
}
