import type { z } from 'zod';

/**
 * One endpoint of the API, declared once: the Fastify route validates and documents with these
 * schemas (apps/server/src/lib/route.ts), and the web's typed client (apps/web/src/lib/api.ts) takes
 * its request and answer types from them, so a changed field fails the type check on both sides.
 *
 * Who may call it is not part of the contract: that is the server's policy (each module's
 * `policy.ts`), which the route names beside the endpoint.
 */
export interface EndpointDefinition {
  /** What it does, in one line (OpenAPI summary). */
  summary: string;
  description?: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The success status: 200 by default; 204 answers no body. */
  status?: 200 | 201 | 202 | 204;
  /** The success answer's schema (none for 204). */
  response?: z.ZodType;
  /** Other answers with a body of their own (not the error body), e.g. `{ 503: … }` for /ready. */
  otherResponses?: Record<number, z.ZodType>;
  /**
   * Error statuses this endpoint can answer besides those every route may (400 for bad input,
   * 401/403 for a refused caller, 404 for an unknown id: the route adds those itself), e.g. [409],
   * or a public route's own 401 (wrong password).
   */
  errors?: readonly (401 | 403 | 404 | 409 | 429)[];
}

/** Declares an endpoint, keeping its exact schema types. */
export const endpoint = <const Definition extends EndpointDefinition>(definition: Definition): Definition =>
  definition;

/** `GET /clients/:id`: the key of an endpoint in the contract table is its method and path. */
export type EndpointKey = `${'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH'} /${string}`;

export type EndpointTable = Record<EndpointKey, EndpointDefinition>;

/** Splits a key into its method and path (`'GET /clients/:id'` → GET, `/clients/:id`). */
export function splitEndpointKey(key: EndpointKey): { method: string; path: string } {
  const space = key.indexOf(' ');
  return { method: key.slice(0, space), path: key.slice(space + 1) };
}

type SchemaOf<Definition, Part extends string> = Definition extends { [K in Part]: infer S extends z.ZodType }
  ? S
  : undefined;

/** What a part of the request is once the server has parsed it (defaults applied, text trimmed…). */
export type ParsedPart<Definition, Part extends 'params' | 'query' | 'body'> =
  SchemaOf<Definition, Part> extends z.ZodType ? z.output<SchemaOf<Definition, Part>> : undefined;

/** What a client may send for a part of the request (before the server's parsing). */
export type InputPart<Definition, Part extends 'params' | 'query' | 'body'> =
  SchemaOf<Definition, Part> extends z.ZodType ? z.input<SchemaOf<Definition, Part>> : undefined;

/** One part of a call's input, required when the server requires it, absent when it takes none. */
type CallPart<Definition, Name extends 'params' | 'query' | 'body'> =
  InputPart<Definition, Name> extends undefined
    ? { [P in Name]?: never }
    : Record<string, never> extends InputPart<Definition, Name>
      ? { [P in Name]?: InputPart<Definition, Name> }
      : { [P in Name]: InputPart<Definition, Name> };

/** What a call to the endpoint sends: its path params, query and body (the web's `call`, e2e's `apiAs`). */
export type CallParts<Definition> = CallPart<Definition, 'params'> &
  CallPart<Definition, 'query'> &
  CallPart<Definition, 'body'>;

/** What the handler returns: the success schema's input (it is serialized through the schema). */
export type ReplyOf<Definition> =
  SchemaOf<Definition, 'response'> extends z.ZodType
    ? z.input<SchemaOf<Definition, 'response'>>
    : // biome-ignore lint/suspicious/noConfusingVoidType: the handler of a 204 endpoint returns nothing
      void;

/** What the client receives: the success schema's output, as JSON carries it. */
export type AnswerOf<Definition> =
  SchemaOf<Definition, 'response'> extends z.ZodType ? z.output<SchemaOf<Definition, 'response'>> : undefined;
