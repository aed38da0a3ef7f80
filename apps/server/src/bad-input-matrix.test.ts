import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/app.ts';
import {
  callerOf as callerOfRoute,
  concretePath,
  documentedOperations,
  type JsonSchema,
} from '../test/openapi-walk.ts';

/**
 * The bad-input matrix (issue 27): like the permission matrix, generated from the contracts — every
 * documented route × every shape of bad input a client could send. Each answer is a 4xx with a
 * code, never a 5xx; a new route that answers 500 to any of them fails here. Runs on PGlite, and on
 * PostgreSQL when TEST_DATABASE_URL is set.
 */

const t = await buildTestApp();
const { app } = t;
const admin = (await t.signedIn('admin')).headers;
const supervisor = (await t.signedIn('supervisor')).headers;
const employee = (await t.signIn(await t.createEmployee())).headers;

const callerOf = (path: string) => callerOfRoute(path, { admin, supervisor, employee });

/** Routes that end the caller's own session whatever the body: the walk would sign itself out. */
const skipped = new Set(['POST /api/logout', 'POST /api/session/refresh']);

/** One value of a body schema, however deep, with the body that carries another value there. */
interface Leaf {
  path: string;
  schema: JsonSchema;
  body: (value: unknown) => unknown;
}

const typeOf = (schema: JsonSchema) => (Array.isArray(schema.type) ? schema.type[0] : schema.type);

/** Every leaf and every array of a body schema (objects' one-value properties kept around them). */
function leaves(schema: JsonSchema, path: string[] = []): Leaf[] {
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (alternatives) return alternatives.flatMap((alternative) => leaves(alternative, path));
  const type = typeOf(schema);
  if (type === 'object' && schema.properties) {
    const fixed = Object.fromEntries(
      Object.entries(schema.properties)
        .filter(([, property]) => property.enum?.length === 1)
        .map(([name, property]) => [name, property.enum![0]]),
    );
    return Object.entries(schema.properties).flatMap(([name, property]) =>
      leaves(property, [...path, name]).map((leaf) => ({
        ...leaf,
        body: (value: unknown) => ({ ...fixed, [name]: leaf.body(value) }),
      })),
    );
  }
  const self: Leaf = { path: path.join('.'), schema, body: (value) => value };
  if (type === 'array' && schema.items) {
    return [
      self,
      ...leaves(schema.items, [...path, '0']).map((leaf) => ({
        ...leaf,
        body: (value: unknown) => [leaf.body(value)],
      })),
    ];
  }
  return [self];
}

const far = ['9999-12-26', '9999-12-31', '10000-01-01'];
const huge = 2 ** 53 + 2;
const longText = 'é'.repeat(100_000);
const loneSurrogate = 'chantier \ud800 nord';

/** The bad values for one leaf, by its type: the wrong type first, then the edges of its own. */
function badValuesOf(schema: JsonSchema): unknown[] {
  const type = typeOf(schema);
  const items = schema.items;
  switch (type) {
    case 'string':
      return [
        123,
        true,
        {},
        ['a'],
        longText,
        loneSurrogate,
        'a\u0000b',
        ...(schema.format === 'date' || /\\d\{4\}/.test(schema.pattern ?? '') ? far : []),
        ...(schema.format === 'date-time' ? ['9999-12-31T23:59:59Z', '+275760-09-13T00:00:00Z'] : []),
      ];
    case 'number':
    case 'integer':
      return ['abc', true, {}, huge, -huge, 1e308, -1e308, 0.5];
    case 'boolean':
      return ['yes', 1, {}];
    case 'array':
      return [
        'x',
        { 0: 'a' },
        Array.from({ length: 10_000 }, () =>
          items && typeOf(items) === 'string' ? '00000000-0000-4000-8000-000000000000' : 1,
        ),
      ];
    default:
      return [null];
  }
}

function nested(depth: number): unknown {
  let value: unknown = 'fond';
  for (let level = 0; level < depth; level++) value = { a: value };
  return value;
}

/** Bodies that are not an object at all, or are objects no form sends. */
const wholeBodies: unknown[] = [
  null,
  [],
  [{}],
  'texte',
  42,
  true,
  nested(50),
  Array.from({ length: 10_000 }, () => ({})),
];

/** Bad values of a query parameter, as text. */
function badQueryValuesOf(schema: JsonSchema): string[] {
  const type = typeOf(schema);
  return [
    'abc',
    '',
    '9007199254740993',
    '-1e308',
    ...far,
    '9999-12',
    '0000-01',
    '%ED%A0%80', // a lone surrogate, percent-encoded as UTF-8 would (invalid UTF-8)
    encodeURIComponent('é'.repeat(2_000)),
    ...(type === 'array' ? [Array.from({ length: 2_000 }, () => 'a').join(',')] : []),
  ];
}

/** What went wrong in one cell: `{ where, status, body }`. */
interface Failure {
  where: string;
  status: number;
  body: string;
}

function judge(
  where: string,
  response: { statusCode: number; body: string },
  failures: Failure[],
  namedField?: string,
) {
  const { statusCode, body } = response;
  let code: unknown;
  try {
    code = JSON.parse(body)?.code;
  } catch {
    code = undefined;
  }
  const refusedWithCode = statusCode >= 400 && statusCode < 500 && typeof code === 'string';
  if (statusCode >= 500 || (statusCode >= 400 && !refusedWithCode)) {
    failures.push({ where, status: statusCode, body: body.slice(0, 300) });
  } else if (namedField !== undefined) {
    // A lone surrogate is refused where it is, whatever else the body lacks.
    const fields: { path: string }[] = JSON.parse(body)?.details?.fields ?? [];
    if (statusCode !== 400 || !fields.some((field) => field.path === namedField)) {
      failures.push({
        where: `${where} (names ${namedField})`,
        status: statusCode,
        body: body.slice(0, 300),
      });
    }
  }
}

describe('the bad-input matrix', () => {
  it('answers every route × every bad body and query with a 4xx and a code, never a 5xx', async () => {
    const operations = (await documentedOperations(app)).filter(
      ({ method, path }) => !skipped.has(`${method} ${path}`),
    );
    const failures: Failure[] = [];
    let cells = 0;
    for (const { method, path, operation } of operations) {
      const url = concretePath(path);
      const headers = callerOf(path);
      const bodySchema = operation.requestBody?.content['application/json']?.schema;
      if (bodySchema || method !== 'GET') {
        for (const payload of wholeBodies) {
          const response = await app.inject({
            method,
            url,
            headers: { ...headers, 'content-type': 'application/json' },
            payload: JSON.stringify(payload),
          });
          judge(`${method} ${path} body ${JSON.stringify(payload).slice(0, 30)}`, response, failures);
          cells++;
        }
      }
      for (const leaf of bodySchema ? leaves(bodySchema) : []) {
        for (const value of badValuesOf(leaf.schema)) {
          const response = await app.inject({
            method,
            url,
            headers: { ...headers, 'content-type': 'application/json' },
            payload: JSON.stringify(leaf.body(value)),
          });
          judge(
            `${method} ${path} body ${leaf.path}=${JSON.stringify(value).slice(0, 30)}`,
            response,
            failures,
            value === loneSurrogate ? leaf.path : undefined,
          );
          cells++;
        }
      }
      for (const parameter of operation.parameters?.filter((p) => p.in === 'query') ?? []) {
        for (const value of badQueryValuesOf(parameter.schema)) {
          const response = await app.inject({ method, url: `${url}?${parameter.name}=${value}`, headers });
          judge(`${method} ${path}?${parameter.name}=${value.slice(0, 30)}`, response, failures);
          cells++;
        }
      }
    }
    if (process.env.BAD_INPUT_REPORT) {
      const { writeFileSync } = await import('node:fs');
      writeFileSync(
        process.env.BAD_INPUT_REPORT,
        failures.map((f) => `${f.status} ${f.where} ${f.body}`).join('\n'),
      );
    }
    expect(failures.map((f) => `${f.status} ${f.where}`)).toEqual([]);
    expect(cells).toBeGreaterThan(3_000);

    // The walk left the server answering at once (measured in the bench, not asserted here).
    const started = performance.now();
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    console.info(
      `bad-input matrix: ${cells} cells; health then answered in ${(performance.now() - started).toFixed(1)} ms`,
    );
  }, 300_000);
});

describe('what the matrix found, one by one', () => {
  it('refuses a note holding a lone surrogate (it made the audit row fail), and keeps an emoji', async () => {
    const broken = await app.inject({
      method: 'POST',
      url: '/api/clients',
      headers: { ...admin, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'Toitures Lune', notes: loneSurrogate }),
    });
    expect(broken.statusCode, broken.body).toBe(400);
    expect(broken.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { fields: [{ path: 'notes', message: 'control_character' }] },
    });
    const emoji = await app.inject({
      method: 'POST',
      url: '/api/clients',
      headers: admin,
      payload: { name: 'Toitures Soleil', notes: 'Accès par la ruelle 👍' },
    });
    expect(emoji.statusCode, emoji.body).toBe(201);
    expect(emoji.json().notes).toBe('Accès par la ruelle 👍');
  });

  it('refuses a week or a day past 2999 on every route that computes from it', async () => {
    for (const url of [
      '/api/time-entries/week?week=9999-12-26',
      '/api/dashboards/clients?week=9999-12-26',
      '/api/dashboards/map?week=9999-12-31',
      '/api/overview?from=9999-12-31',
      '/api/absences/calendar?month=9999-12',
    ]) {
      const response = await app.inject({
        method: 'GET',
        url,
        headers: url.includes('time-entries') ? employee : admin,
      });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
      expect(response.json().code, url).toBe('VALIDATION_FAILED');
    }
  });

  it('refuses a body that is not an object on the forms with cross-field checks', async () => {
    for (const url of ['/api/orders', '/api/employees', '/api/absences', '/api/time-entries']) {
      for (const payload of ['null', '[]', '"texte"', '42']) {
        const response = await app.inject({
          method: 'POST',
          url,
          headers: { ...admin, 'content-type': 'application/json' },
          payload,
        });
        expect(response.statusCode, `${url} ${payload}: ${response.body}`).toBe(400);
        expect(response.json().code).toBe('VALIDATION_FAILED');
      }
    }
  });
});
