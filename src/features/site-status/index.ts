// Owns: the site's state (normal / blocked / maintenance), platform settings, the status pages.
// Does not own: how the state is detected over HTTP (shared/api hooks, wired by app/) or the live socket.
// Called by: app/ (router guards, start-up, api hooks, live handlers), pages that link to support; the status pages
// (status.page.tsx) load lazily.
export {
  siteStatus,
  platformSettings,
  setBlocked,
  setMaintenance,
  loadSiteStatus,
  loadGeneralSettings,
  loadCashbackSettings,
} from './site-status.store';
export { useSupport, SupportLink } from './support-link';
