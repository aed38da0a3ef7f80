import { z } from 'zod';
import { endpoint } from '../endpoint.ts';

/** Health checks, for load balancers and orchestrators (public). */
export const systemEndpoints = {
  'GET /health': endpoint({
    summary: 'The process is up',
    response: z.object({ status: z.literal('ok'), version: z.string() }),
  }),
  'GET /ready': endpoint({
    summary: 'The database answers',
    response: z.object({ status: z.literal('ready') }),
    otherResponses: { 503: z.object({ status: z.literal('unavailable') }) },
  }),
};
