import { z } from 'zod';

// Content pages (terms, privacy, responsible gambling) and the footer's licence text: operator-edited, per brand
// domain and language. Bodies are plain text: paragraphs split by a blank line, a line starting with "## " is a heading.
export const contentPageSlugs = ['terms', 'privacy', 'responsible-gambling', 'licence', 'support'] as const;
export type ContentPageSlug = (typeof contentPageSlugs)[number];

export const contentPageParams = z.object({ slug: z.enum(contentPageSlugs) });
export const contentPageQuery = z.object({
  domain: z.string().max(253).optional(),
  locale: z
    .string()
    .regex(/^[a-z]{2,3}$/, 'must be a language code like en or ru')
    .optional(),
});
export const contentPage = z.object({
  slug: z.enum(contentPageSlugs),
  locale: z.string(),
  domain: z.string(),
  title: z.string(),
  body: z.string(),
  updated_at: z.string(),
});
export type ContentPage = z.infer<typeof contentPage>;

/** The operator's edit (PUT /ops-api/content-pages/:slug): domain '' (or absent) is the default for every brand. */
export const contentPageEdit = z.object({
  domain: z.string().max(253).default(''),
  locale: z.string().regex(/^[a-z]{2,3}$/, 'must be a language code like en or ru'),
  title: z.string().trim().min(1).max(200),
  body: z.string().trim().min(1).max(100_000),
});
export type ContentPageEdit = z.infer<typeof contentPageEdit>;
