import { z } from 'zod';

// Shapes every domain shares: paged lists, error bodies, money on the wire.

/** The largest value of a PostgreSQL `integer` (serial) and `bigint` (bigserial) column. */
export const INT4_MAX = 2_147_483_647;
export const INT8_MAX = 9_223_372_036_854_775_807n;

/**
 * A row id of a `bigserial` column in a path or query, kept as a decimal string (ids are bigint): 1 … 2^63−1.
 * Anything longer or larger is a 422, never a database error.
 */
export const bigId = (what = 'an id') =>
  z
    .string()
    .regex(/^[1-9]\d{0,18}$/, `must be ${what}`)
    // (zod runs the refinement after a failed regex too: only digits reach BigInt)
    .refine((v) => !/^\d+$/.test(v) || BigInt(v) <= INT8_MAX, `must be ${what}`);
/** A row id of a `serial` (integer) column, as a number: 1 … 2^31−1. */
export const intId = () => z.coerce.number().int().min(1).max(INT4_MAX);
/** The same id in a JSON body (bonus templates, levels …): a larger number would reach the database and fail there
 * (a 500 the contract fuzz found); the contract refuses it with a 422. */
export const intIdField = () => z.number().int().min(1).max(INT4_MAX);
/** `{ id }` path parameters. */
export const bigIdParams = (what?: string) => z.object({ id: bigId(what) });
export const intIdParams = () => z.object({ id: intId() });

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
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
