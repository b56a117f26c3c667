// Owns: the "opens soon" page for routes whose capability has not landed yet.
// Does not own: any route logic.
// Called by: app/router.
export { SectionPlaceholderPage } from './section-placeholder.page';
