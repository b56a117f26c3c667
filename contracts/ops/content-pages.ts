import { z } from 'zod';
import { contentPage, type contentPageEdit } from '../content-pages';
import { opsEndpoint } from '../endpoint';

// The content pages an operator edits under /ops-api (terms, privacy, responsible gambling, licence text); each edit is
// recorded with the operator's name (docs/architecture.md, "Operator endpoints").

export const contentPageSummaries = z.array(contentPage.omit({ body: true }).extend({ updated_by: z.string() }));

export const listContentPages = opsEndpoint<z.infer<typeof contentPageSummaries>>(
  'GET',
  '/content-pages',
  'content.manage',
);
export const saveContentPage = opsEndpoint<z.infer<typeof contentPage>, z.input<typeof contentPageEdit>>(
  'PUT',
  '/content-pages/:slug',
  'content.manage',
);
