import { z } from 'zod';

/** `/:id` of every record route: records are named by UUIDs. */
export const idParams = z.object({ id: z.uuid() });
