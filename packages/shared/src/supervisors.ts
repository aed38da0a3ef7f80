import { z } from 'zod';

// Schemas of the supervisors domain, shared by the API routes, the web forms and the tests.
export const supervisorsPlaceholder = z.never().optional();
