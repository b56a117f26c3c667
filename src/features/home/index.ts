// Owns: the Home page and its banners.
// Does not own: the game lobby (features/games) or the header (app/layout).
// Called by: app/router.
export { HomePage } from './home.page';
export { deviceTypeForWidth } from './device-type';
