import { controlCharacterIssue } from '@brigade/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/app.ts';
import {
  callerOf as callerOfRoute,
  concretePath,
  documentedOperations,
  type JsonSchema,
} from '../test/openapi-walk.ts';

const t = await buildTestApp();
const { app } = t;
let admin: Record<string, string>;
let supervisor: Record<string, string>;
let employee: Record<string, string>;

beforeAll(async () => {
  admin = (await t.signedIn('admin')).headers;
  supervisor = (await t.signedIn('supervisor')).headers;
  employee = (await t.signIn(await t.createEmployee())).headers;
});

const callerOf = (path: string) => callerOfRoute(path, { admin, supervisor, employee });

/** One string a request body may carry, with the body that carries `value` there and its path. */
interface StringField {
  /** Dotted, as VALIDATION_FAILED names fields: `skills.0.expiresOn`. */
  path: string;
  /** Free text (no list of values, no format): refused as control_character, not as something else. */
  freeText: boolean;
  body: (value: string) => unknown;
}

/**
 * Every string of a body schema, however deep (objects, arrays, alternatives). Each body holds just
 * that string, and the one-value properties (a discriminator such as `channel: 'sms'`) of the objects
 * around it, so that the alternative holding the string is the one checked.
 */
function stringFields(schema: JsonSchema, path: string[] = []): StringField[] {
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (alternatives) return alternatives.flatMap((alternative) => stringFields(alternative, path));
  if (schema.type === 'string') {
    return [
      {
        path: path.join('.'),
        freeText: !schema.enum && !schema.format && !schema.pattern,
        body: (value) => value,
      },
    ];
  }
  if (schema.type === 'array' && schema.items) {
    return stringFields(schema.items, [...path, '0']).map((field) => ({
      ...field,
      body: (value) => [field.body(value)],
    }));
  }
  if (schema.type === 'object' && schema.properties) {
    const fixed = Object.fromEntries(
      Object.entries(schema.properties)
        .filter(([, property]) => property.enum?.length === 1)
        .map(([name, property]) => [name, property.enum![0]]),
    );
    return Object.entries(schema.properties).flatMap(([name, property]) =>
      stringFields(property, [...path, name]).map((field) => ({
        ...field,
        body: (value) => ({ ...fixed, [name]: field.body(value) }),
      })),
    );
  }
  return [];
}

/** Asserts a 400 VALIDATION_FAILED naming `field`, and returns that field's issue. */
function expectRefused(response: { statusCode: number; body: string }, field: string, where: string) {
  expect(response.statusCode, `${where}: ${response.body}`).toBe(400);
  const body = JSON.parse(response.body);
  expect(body.code, where).toBe('VALIDATION_FAILED');
  const issue = body.details.fields.find((entry: { path: string }) => entry.path === field);
  expect(issue, `${where} names ${field}: ${response.body}`).toBeDefined();
  return issue as { path: string; message: string; code?: string };
}

/**
 * Fastify checks a body before the query string: a route that takes both needs a valid body here
 * for its query string to be checked.
 */
const validBodies: Record<string, Record<string, unknown>> = {
  'POST /api/send/sms': { messages: ['00000000-0000-4000-8000-000000000000'] },
};

describe('a NUL character anywhere in a request', () => {
  it('is refused with 400 naming the field, in every body and query string of every route', async () => {
    const operations = await documentedOperations(app);
    let checked = 0;
    for (const { method, path, operation } of operations) {
      const bodySchema = operation.requestBody?.content['application/json']?.schema;
      for (const field of bodySchema ? stringFields(bodySchema) : []) {
        const where = `${method} ${path} body ${field.path}`;
        const response = await app.inject({
          method,
          url: concretePath(path),
          headers: callerOf(path),
          payload: field.body('a\u0000b') as Record<string, unknown>,
        });
        const issue = expectRefused(response, field.path, where);
        if (field.freeText) expect(issue.message, where).toBe(controlCharacterIssue);
        checked++;
      }
      for (const parameter of operation.parameters?.filter((p) => p.in === 'query') ?? []) {
        const where = `${method} ${path}?${parameter.name}`;
        const response = await app.inject({
          method,
          url: `${concretePath(path)}?${parameter.name}=a%00b`,
          headers: callerOf(path),
          ...(validBodies[`${method} ${path}`] ? { payload: validBodies[`${method} ${path}`] } : {}),
        });
        const issue = expectRefused(response, parameter.name, where);
        if (parameter.schema.type === 'string' && !parameter.schema.enum && !parameter.schema.format) {
          expect(issue.message, where).toBe(controlCharacterIssue);
        }
        checked++;
      }
      for (const parameter of operation.parameters?.filter((p) => p.in === 'path') ?? []) {
        const where = `${method} ${path} with ${parameter.name} a%00b`;
        const response = await app.inject({
          method,
          url: concretePath(path, { [parameter.name]: 'a%00b' }),
          headers: callerOf(path),
        });
        expectRefused(response, parameter.name, where);
        checked++;
      }
    }
    // The walk reached the master-data forms, the profile and the sign-in routes.
    expect(checked).toBeGreaterThan(150);
  });

  it('is refused in PUT /api/users/me, which any employee may call', async () => {
    const employee = await t.signedIn('employee');
    for (const payload of [{ firstName: 'Hé\u0000lène' }, { phone: '514\u0000555-0101' }]) {
      const response = await app.inject({
        method: 'PUT',
        url: '/api/users/me',
        headers: employee.headers,
        payload,
      });
      const [field] = Object.keys(payload);
      expect(expectRefused(response, field!, JSON.stringify(payload)).message).toBe(controlCharacterIssue);
    }
  });

  it('is refused in a search, like any control character; tabs and line breaks stay in notes', async () => {
    const search = await app.inject({ method: 'GET', url: '/api/clients?q=a%00b', headers: admin });
    expect(expectRefused(search, 'q', 'q').message).toBe(controlCharacterIssue);
    const withEscape = await app.inject({ method: 'GET', url: '/api/clients?q=a%1Bb', headers: admin });
    expect(expectRefused(withEscape, 'q', 'q').message).toBe(controlCharacterIssue);

    const notes = 'Accès par la ruelle\n\tcode 1234';
    const created = await app.inject({
      method: 'POST',
      url: '/api/clients',
      headers: admin,
      payload: { name: 'Toitures Létourneau', notes },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().notes).toBe(notes);
    const bell = await app.inject({
      method: 'POST',
      url: '/api/clients',
      headers: admin,
      payload: { name: 'Toitures Bell', notes: 'ding\u0007' },
    });
    expect(expectRefused(bell, 'notes', 'notes').message).toBe(controlCharacterIssue);
  });
});

describe('limits', () => {
  /** The issue VALIDATION_FAILED gives for `field`, with its zod code. */
  async function refusal(
    method: 'GET' | 'POST',
    url: string,
    field: string,
    payload?: Record<string, unknown>,
  ) {
    const response = await app.inject({ method, url, headers: admin, ...(payload ? { payload } : {}) });
    return expectRefused(response, field, `${method} ${url}`);
  }

  it('refuse a name too long, naming it, instead of cutting it (and nothing is created)', async () => {
    const name = `Construction ${'x'.repeat(5000)}`;
    expect(await refusal('POST', '/api/clients', 'name', { name })).toMatchObject({
      code: 'too_big',
      maximum: 200,
      origin: 'string',
    });
    expect(await refusal('POST', '/api/skills', 'nameFr', { nameFr: name, nameEn: 'Long' })).toMatchObject({
      code: 'too_big',
    });
    const found = await app.inject({
      method: 'GET',
      url: '/api/clients?q=construction%20xxxxx',
      headers: admin,
    });
    expect(found.json().total).toBe(0);
  });

  it('refuse coordinates out of range instead of clamping them', async () => {
    const site = (coordinates: Record<string, number>) => ({
      name: 'Chantier du Port',
      supervisorIds: ['00000000-0000-4000-8000-000000000000'],
      ...coordinates,
    });
    const url = '/api/clients/00000000-0000-4000-8000-000000000000/sites';
    expect(await refusal('POST', url, 'latitude', site({ latitude: 91, longitude: -73.5 }))).toMatchObject({
      code: 'too_big',
      maximum: 90,
    });
    expect(await refusal('POST', url, 'longitude', site({ latitude: 45.5, longitude: -181 }))).toMatchObject({
      code: 'too_small',
      minimum: -180,
    });
  });

  it('refuse a search of more than 8 words instead of searching on the first 8 only', async () => {
    const words = 'un deux trois quatre cinq six sept huit neuf';
    const issue = await refusal('GET', `/api/clients?q=${encodeURIComponent(words)}`, 'q');
    expect(issue.message).toBe('too_many_words');
    const eight = await app.inject({
      method: 'GET',
      url: `/api/clients?q=${encodeURIComponent('un deux trois quatre cinq six sept huit')}`,
      headers: admin,
    });
    expect(eight.statusCode).toBe(200);
  });
});
