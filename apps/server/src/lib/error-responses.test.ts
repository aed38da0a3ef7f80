import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';

const t = await buildTestApp();

interface Operation {
  responses: Record<
    string,
    { content?: Record<string, { schema: { properties?: Record<string, unknown> } }> }
  >;
}

describe('OpenAPI documentation of the master-data routes', () => {
  it('documents the error answers of every route with the one error body', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = response.json().paths as Record<string, Record<string, Operation>>;
    const masterData = Object.entries(paths).filter(([path]) =>
      /^\/api\/(clients|sites|supervisors|employees|skills|tools|audit-log)/.test(path),
    );
    expect(masterData.length).toBeGreaterThanOrEqual(19);
    for (const [path, operations] of masterData) {
      for (const [method, operation] of Object.entries(operations)) {
        const where = `${method.toUpperCase()} ${path}`;
        expect(Object.keys(operation.responses), where).toEqual(expect.arrayContaining(['401', '403']));
        for (const [status, answer] of Object.entries(operation.responses)) {
          if (Number(status) < 400) continue;
          const body = answer.content?.['application/json']?.schema;
          expect(Object.keys(body?.properties ?? {}), `${where} ${status}`).toEqual(
            expect.arrayContaining(['code', 'message', 'details']),
          );
        }
      }
    }
    expect(Object.keys(paths['/api/clients/{id}']!.put!.responses)).toEqual(
      expect.arrayContaining(['400', '401', '403', '404', '409']),
    );
  });
});
