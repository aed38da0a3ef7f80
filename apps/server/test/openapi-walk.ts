import type { BrigadeApp } from '../src/app.ts';

/**
 * What the walks over every route (bad-input.test.ts, bad-input-matrix.test.ts) share: the routes
 * the app documents, who may call each, and a concrete address for each.
 */

/** The parts of an OpenAPI (3.0) schema the walks read. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  pattern?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
}
export interface Operation {
  parameters?: { in: 'query' | 'path' | 'header'; name: string; schema: JsonSchema }[];
  requestBody?: { content: { 'application/json'?: { schema: JsonSchema } } };
}

/** Every operation the app documents (its OpenAPI document lists every route it registers). */
export async function documentedOperations(app: BrigadeApp) {
  const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  return Object.entries(document.paths as Record<string, Record<string, Operation>>).flatMap(
    ([path, operations]) =>
      Object.entries(operations).map(([method, operation]) => ({
        method: method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'DELETE',
        path,
        operation,
      })),
  );
}

/**
 * Who may call a route: the admin, except for what only a site's supervisor does (a timesheet's
 * approval) and what only a worker does (their own assignations). A walk that stops at 403 proves
 * nothing.
 */
export function callerOf(
  path: string,
  headers: {
    admin: Record<string, string>;
    supervisor: Record<string, string>;
    employee: Record<string, string>;
  },
) {
  return /^\/api\/timesheets\/\{id\}\/(approve|entries\/\{entryId\}\/reject)/.test(path)
    ? headers.supervisor
    : /^\/api\/my-assignations/.test(path)
      ? headers.employee
      : headers.admin;
}

/** The path with each `{param}` replaced: a well-formed id unless `value` is given for it. */
export function concretePath(path: string, replaced: Record<string, string> = {}) {
  return path.replace(
    /\{(\w+)\}/g,
    (_, name: string) => replaced[name] ?? '00000000-0000-4000-8000-000000000000',
  );
}
