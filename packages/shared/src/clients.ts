import { z } from 'zod';

// Schemas of the clients domain, shared by the API routes, the web forms and the tests.
export const clientsPlaceholder = z.never().optional();
