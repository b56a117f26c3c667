import { liveMessageTypes, type LiveMessage, type LiveMessageType } from '@contracts/live-messages';

// The live channel client (spec §4): opens, sends the stored token, dispatches {type, data} to subscribers.
// At most one connection per name; opening an existing one closes it first. Unknown and malformed messages are
// logged. Reconnects with backoff until closed.
type Handler<K extends LiveMessageType> = (data: Extract<LiveMessage, { type: K }>['data']) => void;

export interface LiveSocketOptions {
  url: string;
  getToken(): string | null;
  WebSocketImpl?: typeof WebSocket;
  log?: Pick<Console, 'warn'>;
  backoffMs?: (attempt: number) => number;
}

const connections = new Map<string, LiveSocket>();
const known = new Set<string>(liveMessageTypes);
// Features that wait for one message (the cashbox waits for its deposit's credit) listen here rather than on a
// connection: app/ owns the connection and replaces it when the token changes; these handlers outlive that.
const everywhere = new Map<string, Set<(data: unknown) => void>>();

export class LiveSocket {
  private socket: WebSocket | null = null;
  private handlers = new Map<string, Set<(data: unknown) => void>>();
  private attempt = 0;
  private closed = false;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly options: LiveSocketOptions) {}

  on<K extends LiveMessageType>(type: K, handler: Handler<K>): () => void {
    return addHandler(this.handlers, type, handler);
  }

  connect(): void {
    const Impl = this.options.WebSocketImpl ?? WebSocket;
    const socket = new Impl(this.options.url);
    this.socket = socket;
    socket.onopen = () => {
      this.attempt = 0;
      socket.send(JSON.stringify({ token: this.options.getToken() ?? 'guest' }));
    };
    socket.onmessage = (event) => this.dispatch(event.data);
    socket.onclose = (event) => {
      if (this.socket !== socket || this.closed) return;
      if (event.code === 4401 || event.code === 4403) return; // refused: the token is invalid or the player blocked
      const delay = (this.options.backoffMs ?? defaultBackoff)(this.attempt++);
      this.timer = setTimeout(() => this.connect(), delay);
    };
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.socket?.close();
    this.socket = null;
  }

  private dispatch(raw: unknown): void {
    const log = this.options.log ?? console;
    let message: { type?: unknown; data?: unknown };
    try {
      message = JSON.parse(String(raw)) as { type?: unknown; data?: unknown };
    } catch {
      log.warn('Malformed live message', raw);
      return;
    }
    if (typeof message?.type !== 'string' || !known.has(message.type)) {
      log.warn('Unknown live message type', message?.type);
      return;
    }
    for (const handler of [...(this.handlers.get(message.type) ?? []), ...(everywhere.get(message.type) ?? [])])
      handler(message.data);
  }
}

function addHandler<K extends LiveMessageType>(
  map: Map<string, Set<(data: unknown) => void>>,
  type: K,
  handler: Handler<K>,
): () => void {
  let set = map.get(type);
  if (!set) map.set(type, (set = new Set()));
  set.add(handler as (data: unknown) => void);
  return () => set.delete(handler as (data: unknown) => void);
}

/** Hears `type` on whichever live connection is open, now or after a reconnect, until the returned function is called. */
export function onLiveMessage<K extends LiveMessageType>(type: K, handler: Handler<K>): () => void {
  return addHandler(everywhere, type, handler);
}

/**
 * A trigger for the query layer (shared/data/use-resource): fires on each `type` message that `when` accepts. It lives
 * here, not there, so a page that only reads does not pull the live client in with the hook.
 */
export function onLive<K extends LiveMessageType>(
  type: K,
  when: (...data: Parameters<Handler<K>>) => boolean = () => true,
): (fire: () => void) => () => void {
  return (fire) =>
    onLiveMessage(type, (...data: Parameters<Handler<K>>) => {
      if (when(...data)) fire();
    });
}

function defaultBackoff(attempt: number): number {
  return Math.min(30_000, 1000 * 2 ** attempt) + Math.floor(Math.random() * 500);
}

/** Opens the named connection, closing an existing one of that name first. */
export function openLiveSocket(name: string, options: LiveSocketOptions): LiveSocket {
  connections.get(name)?.close();
  const socket = new LiveSocket(options);
  connections.set(name, socket);
  socket.connect();
  return socket;
}

export function closeLiveSocket(name: string): void {
  connections.get(name)?.close();
  connections.delete(name);
}

export function liveUrl(origin = window.location.origin): string {
  return `${origin.replace(/^http/, 'ws')}/users/ws`;
}
