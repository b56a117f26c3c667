import { lazy } from 'react';
import { contentPagePaths } from '@contracts/app-routes';
import type { ContentPageSlug } from '@contracts/content-pages';
import { patterns } from '../../shared/routing/paths';
import { oneOf, type RouteEntry, type RouteParams } from '../../shared/routing/route';

const ContentPage = lazy(() =>
  import('.').then((m) => ({
    default: ({ params }: { params: RouteParams }) => <m.ContentPageView slug={params.slug as ContentPageSlug} />,
  })),
);

export const contentRoutes: RouteEntry[] = [
  {
    name: ':slug',
    pattern: patterns.content,
    access: 'public',
    accepts: oneOf('slug', contentPagePaths),
    page: ContentPage,
  },
];
