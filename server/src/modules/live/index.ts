// Owns: the live channel (/users/ws), the socket hub and the bus (in-process or Redis).
// Does not own: what messages mean; modules publish through LivePublisher.
// Called by: app.ts wiring; every module that pushes messages gets a LivePublisher.
export { createInProcessBus, createRedisBus, type LiveBus, type LivePublisher } from './live.bus';
export { createLiveHub, type LiveHub } from './live.hub';
export { liveRoutes } from './live.routes';
