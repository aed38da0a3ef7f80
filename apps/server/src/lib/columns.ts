/**
 * What a write stores from a parsed input names every field of it: each field as a column of the
 * same name, or listed in `Elsewhere` (stored under another name or in another table). Written as
 *
 *   return { clientId: input.clientId, … } satisfies ColumnsOf<OrderInputParsed, 'skills' | 'toolIds'>;
 *
 * a field added to the shared schema fails to compile here until it is stored or said to be stored
 * elsewhere, instead of being dropped silently (the column's default kept on every save).
 */
export type ColumnsOf<Input, Elsewhere extends keyof Input = never> = Record<
  Exclude<keyof Input, Elsewhere>,
  unknown
> &
  // Other columns too: what the fields become (minutes from a time), the search text…
  Record<string, unknown>;
