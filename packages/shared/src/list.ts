import { z } from 'zod';
import { searchQuerySchema } from './text.ts';

export { pageSizes } from './enums.ts';

/**
 * The query string of every list endpoint: `q` searches (accent- and case-insensitive), `sort` is
 * one of the columns the endpoint allows, `page` is 1-based.
 */
export function listQuerySchema<const Sort extends readonly [string, ...string[]]>(
  sortable: Sort,
  defaultSort: Sort[number],
) {
  return z.object({
    q: searchQuerySchema.optional(),
    sort: z.enum(sortable).default(defaultSort as never),
    order: z.enum(['asc', 'desc']).default('asc'),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(200).default(50),
  });
}

/** Filters given as strings in the URL: `active=true|false|all`. */
export const activeFilterSchema = z.enum(['true', 'false', 'all']).default('true');

/** A page of a list, with the total number of matching rows. */
export function pageSchema<Item extends z.ZodType>(item: Item) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}
export interface Page<Item> {
  items: Item[];
  total: number;
  page: number;
  pageSize: number;
}

/** What DELETE answers: removed for good when nothing refers to the record, archived otherwise. */
export const deleteOutcomeSchema = z.object({ outcome: z.enum(['deleted', 'archived']) });
export type DeleteOutcome = z.infer<typeof deleteOutcomeSchema>;
