// Owns: the content pages (terms, privacy, responsible gambling) and their texts from the server, per brand and language.
// Does not own: the footer (app/shell), the routes (app/router).
// Called by: app/router (the pages, lazily), features/auth (the terms in a dialog), app/shell/footer (fetchContentPage).
export { ContentPageView, useContentPage } from './content.page';
export { fetchContentPage } from './content.api';
export { ContentDialog } from './content-dialog';
