// Owns: maintenance and region-block state, the 6000/6001 gate, public platform settings.
// Does not own: the players' own blocks (accounts) or what the app shows (the app's site-status feature).
// Called by: app.ts wiring, the operator module (switches), the live bus subscriber (cache refresh).
export { createSiteStatusService, type SiteStatusService } from './site-status.service';
export { registerSiteStatusGate, siteStatusRoutes } from './site-status.routes';
export { createSiteStatusModule, type SiteStatusModuleDeps } from './site-status.module';
