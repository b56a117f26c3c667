import type { FastifyBaseLogger } from 'fastify';
import type { AppModule } from '../module';
import type { LiveBus } from './live.bus';
import { createLiveHub, type LiveIdentity } from './live.hub';
import { createLiveProcesses } from './live.processes';
import { liveRoutes, type LiveSockets } from './live.routes';

export interface LiveModuleDeps {
  bus: LiveBus;
  log: FastifyBaseLogger;
  authenticate(token: string): Promise<LiveIdentity | null>;
  /** LIVE_PROCESSES: 0 keeps the sockets in this process; more hands them to that many child processes. */
  processes: number;
  authTimeoutMs: number;
  maxSocketsPerIp: number;
  pingIntervalMs?: number;
  /** Node flags for the live processes (default: this process's own). */
  execArgv?: string[];
  /** Told of every `maintenance` message the bus carries (from any instance). */
  onMaintenance(isActive: boolean): void;
}

/** The live socket (`/users/ws`): the hub here or in child processes, fed by the bus; closed with the server. */
export async function createLiveModule(deps: LiveModuleDeps) {
  const { bus, processes, execArgv, onMaintenance, ...options } = deps;
  const hub: LiveSockets =
    processes > 0
      ? await createLiveProcesses({ ...options, bus, count: processes, execArgv })
      : createLiveHub({ ...options, bus });
  bus.subscribe((envelope) => {
    if (envelope.message.type === 'maintenance') onMaintenance(envelope.message.data.is_active);
    // the hub has just delivered the message to the player's sockets; then they close (4403: the app stays away)
    if (envelope.message.type === 'user_blocked' && 'userId' in envelope.target)
      hub.disconnectUser(envelope.target.userId);
  });
  const module: AppModule = {
    name: 'live',
    routes: { unprefixed: [{ plugin: liveRoutes, options: { hub } }] },
    stop: () => hub.close(),
  };
  return { ...module, hub };
}
