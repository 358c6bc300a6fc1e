import { z } from "zod";

/*
 * The paging shape every list shares (server/lib/list-query.ts listPage answers it): the query's
 * `page` (1-based) and `pageSize`, and the answer's items with the total of matching rows.
 */

/** `page` and `pageSize` of a list's query string (pageSize up to `max`, `fallback` by default). */
export function pageQueryFields(options: { max: number; fallback: number } = { max: 200, fallback: 50 }) {
  return {
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(options.max).default(options.fallback),
  };
}

/** A page of `item`s: `{ items, total, page, pageSize }` (extend it for lists that say more). */
export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

/**
 * A list filter of one value or several comma-separated (`status=approved,sent`), each one of
 * `values` (a zod enum): the query text parsed into an array of them (at least one, no more
 * than the enum has).
 */
export function commaListSchema<E extends z.ZodEnum<Readonly<Record<string, string>>>>(values: E) {
  const count = values.options.length;
  return z
    .string()
    .trim()
    .max(count * 40)
    .transform((text) =>
      text
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(values).min(1).max(count));
}
