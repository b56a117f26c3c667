import { lazy } from 'react';
import type { ContentPageSlug } from '@contracts/content-pages';
import { patterns } from '../../shared/routing/paths';
import { oneOf, type RouteEntry, type RouteParams } from '../../shared/routing/route';

const ContentPage = lazy(() =>
  import('.').then((m) => ({
    default: ({ params }: { params: RouteParams }) => <m.ContentPageView slug={params.slug as ContentPageSlug} />,
  })),
);
// the licence text is the footer's, not a page of its own
const PAGES: ContentPageSlug[] = ['terms', 'privacy', 'responsible-gambling'];

export const contentRoutes: RouteEntry[] = [
  { name: ':slug', pattern: patterns.content, access: 'public', accepts: oneOf('slug', PAGES), page: ContentPage },
];
