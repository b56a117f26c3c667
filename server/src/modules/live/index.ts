// Owns: the live channel (/users/ws), the socket hub and the bus (in-process or Redis).
// Does not own: what messages mean; modules publish through LivePublisher.
// Called by: app.ts wiring; every module that pushes messages gets a LivePublisher.
export { createInProcessBus, createRedisBus, type LiveBus, type LiveControl, type LivePublisher } from './live.bus';
export { createLiveHub, LIVE_CLOSE, type LiveHub, type LiveIdentity, type LiveStats } from './live.hub';
export { createLiveProcesses, type LiveProcesses } from './live.processes';
export { liveRoutes, type LiveSockets } from './live.routes';
export { createLiveModule, type LiveModuleDeps } from './live.module';
