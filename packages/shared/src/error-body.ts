import { z } from 'zod';

/**
 * The error body (`ApiErrorBody` in errors.ts) as a schema, for the API documentation (OpenAPI) of
 * every route's error answers. Kept apart from errors.ts so that the web app's first download,
 * which needs the error codes, does not pull in zod.
 */
export const apiErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  details: z.record(z.string(), z.unknown()).optional(),
});
