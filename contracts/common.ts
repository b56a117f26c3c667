import { z } from 'zod';

// Shapes every domain shares: paged lists, error bodies, money on the wire.

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(50),
});
export type PageQuery = z.infer<typeof pageQuery>;

export const paged = <T extends z.ZodTypeAny>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    size: z.number().int(),
    page: z.number().int(),
    pages: z.number().int(),
  });
export type Paged<T> = { items: T[]; total: number; size: number; page: number; pages: number };

export function pageOf<T>(items: T[], total: number, q: PageQuery): Paged<T> {
  return { items, total, size: q.size, page: q.page, pages: Math.max(1, Math.ceil(total / q.size)) };
}

/** Every non-2xx body: `detail` is text (or structured data where the spec says so, e.g. block info). */
export const errorBody = z
  .object({
    detail: z.unknown(),
    code: z.string().optional(),
    error: z.number().int().optional(),
    redirect_url: z.string().optional(),
  })
  .passthrough();
export type ErrorBody = z.infer<typeof errorBody>;

/** Money on the wire: a decimal number in major units (spec fields), never used for arithmetic. */
export const money = z.number();
