/**
 * The live bus: every live channel a web process listens to — sections' texts, presence, the
 * inbox, changes of access, applications' statuses — goes through one Redis subscriber
 * connection per process (habit 11), opened the first time anything listens. Channels are named
 * under the installation's key prefix (`<prefix>:<name>`), so installations sharing a Redis never
 * hear each other. A channel is subscribed while at least one listener holds it.
 *
 * Redis pub/sub keeps nothing: a message published while the connection is down is lost to this
 * process. So every listener hears `null` when the connection breaks (what it keeps may go stale
 * from now on) and again once its channel is heard anew (what it shows may have missed news: read
 * it again from the source of truth). BullMQ's job events are not on this bus: BullMQ reads them
 * from its own streams (`job-events.ts`).
 */
import type { Redis } from 'ioredis';
import { createRedis } from '../platform/redis';

/** A message as published, or null when messages may have been missed. */
export type BusListener = (message: string | null) => void;

export interface LiveBus {
  /** The installation's key prefix the channels are named under. */
  readonly prefix: string;
  /**
   * Calls `listener` with every message of the channel `<prefix>:<name>` until the returned
   * function is called. Resolves once a message published later is sure to arrive, or after a
   * short wait when Redis is away (holders re-read on `null` once it is back).
   */
  subscribe(name: string, listener: BusListener): Promise<() => void>;
  /** Passes a message to every process listening to the channel; false when Redis did not take it. */
  publish(name: string, message: string): Promise<boolean>;
  /** Whether the channel is being heard now: only then can nothing published on it be missed. */
  hearing(name: string): boolean;
  /** The name the subscriber connection gives itself in Redis (`CLIENT LIST`), one per process. */
  readonly connectionName: string;
  close(): void;
}

/** How long `subscribe` waits for Redis before it lets the caller go on (a page should not hang on it). */
const READY_WAIT_MS = 2000;

interface Channel {
  listeners: Set<BusListener>;
  /** Settles once Redis confirmed the subscription (or refused it). */
  subscribed: Promise<void>;
  heard: boolean;
}

export function createLiveBus(options: { redis: Pick<Redis, 'publish'>; redisUrl: string; prefix: string }): LiveBus {
  const { prefix } = options;
  const connectionName = `${prefix}:live-bus`;
  const fullName = (name: string) => `${prefix}:${name}`;
  const channels = new Map<string, Channel>();
  let subscriber: Redis | null = null;
  let closed = false;

  const tell = (channel: Channel, message: string | null) => {
    for (const listener of [...channel.listeners]) {
      try {
        listener(message);
      } catch {
        // One holder's failure is its own; the others still hear the message.
      }
    }
  };

  function listenTo(redis: Redis, full: string, channel: Channel): Promise<void> {
    return redis.subscribe(full).then(
      () => {
        if (redis.status === 'ready' && channels.get(full) === channel) channel.heard = true;
      },
      () => {},
    );
  }

  function connection(): Redis {
    if (subscriber) return subscriber;
    // Redis allows `CLIENT SETNAME` names without spaces; the prefix has none.
    const redis = createRedis(options.redisUrl, 'worker', { connectionName });
    redis.on('message', (full: string, message: string) => {
      const channel = channels.get(full);
      if (channel) tell(channel, message);
    });
    redis.on('close', () => {
      for (const channel of channels.values()) {
        if (!channel.heard) continue;
        channel.heard = false;
        tell(channel, null);
      }
    });
    let readyBefore = false;
    redis.on('ready', () => {
      // ioredis subscribes again by itself, but tells nobody when it is done: subscribing here
      // too (a repeat is harmless) says when each channel is heard again, and only then are
      // holders told to re-read, so nothing published after their re-read is missed.
      if (readyBefore) {
        for (const [full, channel] of channels) void listenTo(redis, full, channel).then(() => channel.heard && tell(channel, null));
      }
      readyBefore = true;
    });
    subscriber = redis;
    return redis;
  }

  return {
    prefix,
    connectionName,

    async subscribe(name, listener) {
      if (closed) return () => {};
      const redis = connection();
      const full = fullName(name);
      let channel = channels.get(full);
      if (!channel) {
        const created: Channel = { listeners: new Set(), subscribed: Promise.resolve(), heard: false };
        created.subscribed = listenTo(redis, full, created);
        channels.set(full, (channel = created));
      }
      channel.listeners.add(listener);
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([channel.subscribed, new Promise((resolve) => (timer = setTimeout(resolve, READY_WAIT_MS)))]);
      clearTimeout(timer);
      const held = channel;
      return () => {
        if (!held.listeners.delete(listener) || held.listeners.size > 0 || channels.get(full) !== held) return;
        channels.delete(full);
        void redis.unsubscribe(full).catch(() => {});
      };
    },

    publish(name, message) {
      return options.redis.publish(fullName(name), message).then(
        () => true,
        () => false,
      );
    },

    hearing(name) {
      return subscriber?.status === 'ready' && channels.get(fullName(name))?.heard === true;
    },

    close() {
      closed = true;
      channels.clear();
      subscriber?.disconnect();
      subscriber = null;
    },
  };
}
