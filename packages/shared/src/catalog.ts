import { z } from 'zod';

// Schemas of the catalog domain, shared by the API routes, the web forms and the tests.
export const catalogPlaceholder = z.never().optional();
