import { z } from 'zod';

// Schemas of the employees domain, shared by the API routes, the web forms and the tests.
export const employeesPlaceholder = z.never().optional();
