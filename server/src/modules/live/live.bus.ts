import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import type { LiveMessage } from '@contracts/live-messages';

// The publisher interface every module uses to reach players' open sockets, on this instance or any other.
export type LiveTarget = { userId: string } | { all: true };
export interface LiveEnvelope {
  target: LiveTarget;
  message: LiveMessage;
}
export interface LivePublisher {
  publishToUser(userId: string | number, message: LiveMessage): Promise<void>;
  broadcast(message: LiveMessage): Promise<void>;
}
/**
 * Revocations every instance must apply at once, in order with the messages (the same channel): sign-in sessions
 * ended (their sockets close: `sessionIds`, or every one but `exceptSessionId`, or all), game sessions ended (the
 * gateway forgets its cached copies).
 */
export type LiveControl =
  | { kind: 'sessions_revoked'; userId: string; sessionIds?: string[]; exceptSessionId?: string | null }
  | { kind: 'game_sessions_ended'; userId: string };
export interface LiveBus extends LivePublisher {
  /** Each instance's socket hub subscribes once; the handler runs for every envelope published anywhere. */
  subscribe(handler: (envelope: LiveEnvelope) => void): void;
  /** Publishes a revocation to every instance (this one included, before the promise resolves for in-process). */
  control(event: LiveControl): Promise<void>;
  onControl(handler: (event: LiveControl) => void): void;
  close(): Promise<void>;
}

/** One process: an EventEmitter. */
export function createInProcessBus(): LiveBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const publish = async (envelope: LiveEnvelope) => {
    emitter.emit('live', envelope);
  };
  return {
    publishToUser: (userId, message) => publish({ target: { userId: String(userId) }, message }),
    broadcast: (message) => publish({ target: { all: true }, message }),
    subscribe: (handler) => {
      emitter.on('live', handler);
    },
    control: async (event) => {
      emitter.emit('control', event);
    },
    onControl: (handler) => {
      emitter.on('control', handler);
    },
    close: async () => {
      emitter.removeAllListeners();
    },
  };
}

/** Several instances: Redis pub/sub on one channel (a subscriber needs its own connection). */
export function createRedisBus(url: string, channel = 'casino:live', onError?: (err: unknown) => void): LiveBus {
  const publisher = new Redis(url, { enableAutoPipelining: true, lazyConnect: false });
  const subscriber = new Redis(url, { lazyConnect: false });
  const handlers: Array<(e: LiveEnvelope) => void> = [];
  const controlHandlers: Array<(e: LiveControl) => void> = [];
  let subscribed: Promise<unknown> | undefined;
  subscriber.on('message', (_ch: string, raw: string) => {
    let parsed: LiveEnvelope | { control: LiveControl };
    try {
      parsed = JSON.parse(raw) as LiveEnvelope | { control: LiveControl };
    } catch (err) {
      onError?.(err);
      return;
    }
    if ('control' in parsed) for (const h of controlHandlers) h(parsed.control);
    else for (const h of handlers) h(parsed);
  });
  publisher.on('error', (err) => onError?.(err));
  subscriber.on('error', (err) => onError?.(err));
  const publish = async (envelope: LiveEnvelope) => {
    await publisher.publish(channel, JSON.stringify(envelope));
  };
  return {
    publishToUser: (userId, message) => publish({ target: { userId: String(userId) }, message }),
    broadcast: (message) => publish({ target: { all: true }, message }),
    subscribe: (handler) => {
      handlers.push(handler);
      subscribed ??= subscriber.subscribe(channel);
    },
    control: async (event) => {
      await publisher.publish(channel, JSON.stringify({ control: event }));
    },
    onControl: (handler) => {
      controlHandlers.push(handler);
      subscribed ??= subscriber.subscribe(channel);
    },
    /** Resolves once the subscription is active (tests wait on it before publishing). */
    ready: () => subscribed ?? Promise.resolve(),
    close: async () => {
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  } as LiveBus & { ready(): Promise<unknown> };
}
