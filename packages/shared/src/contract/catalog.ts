import {
  skillCreateSchema,
  skillDetailSchema,
  skillListQuerySchema,
  skillOptionsSchema,
  skillPageSchema,
  skillUpdateSchema,
  toolCreateSchema,
  toolDetailSchema,
  toolListQuerySchema,
  toolOptionsSchema,
  toolPageSchema,
  toolUpdateSchema,
} from '../catalog.ts';
import { endpoint } from '../endpoint.ts';
import { deleteOutcomeSchema } from '../list.ts';
import { idParams } from './ids.ts';

/** The skills catalogue (master data), in French and English. */
export const skillsEndpoints = {
  'GET /skills': endpoint({
    summary: 'List skills (search, filters, sort, pages)',
    query: skillListQuerySchema,
    response: skillPageSchema,
  }),
  'GET /skills/options': endpoint({
    summary: 'Every active skill, for pickers and filters (no counts, no pages)',
    response: skillOptionsSchema,
  }),
  'POST /skills': endpoint({
    summary: 'Create a skill',
    body: skillCreateSchema,
    status: 201,
    response: skillDetailSchema,
    errors: [409],
  }),
  'GET /skills/:id': endpoint({
    summary: 'A skill with its holders and the certificates expiring soon',
    params: idParams,
    response: skillDetailSchema,
  }),
  'PUT /skills/:id': endpoint({
    summary: 'Replace a skill (every field; active: true re-activates it)',
    params: idParams,
    body: skillUpdateSchema,
    response: skillDetailSchema,
    errors: [409],
  }),
  'DELETE /skills/:id': endpoint({
    summary: 'Delete a skill nobody holds; archive it otherwise',
    params: idParams,
    response: deleteOutcomeSchema,
  }),
};

/** The tools catalogue (master data), in French and English. */
export const toolsEndpoints = {
  'GET /tools': endpoint({
    summary: 'List tools (search, filters, sort, pages)',
    query: toolListQuerySchema,
    response: toolPageSchema,
  }),
  'GET /tools/options': endpoint({
    summary: 'Every active tool, for pickers and filters (no counts, no pages)',
    response: toolOptionsSchema,
  }),
  'POST /tools': endpoint({
    summary: 'Create a tool',
    body: toolCreateSchema,
    status: 201,
    response: toolDetailSchema,
    errors: [409],
  }),
  'GET /tools/:id': endpoint({
    summary: 'A tool with the employees who own it',
    params: idParams,
    response: toolDetailSchema,
  }),
  'PUT /tools/:id': endpoint({
    summary: 'Replace a tool (every field; active: true re-activates it)',
    params: idParams,
    body: toolUpdateSchema,
    response: toolDetailSchema,
    errors: [409],
  }),
  'DELETE /tools/:id': endpoint({
    summary: 'Delete a tool nobody owns; archive it otherwise',
    params: idParams,
    response: deleteOutcomeSchema,
  }),
};
