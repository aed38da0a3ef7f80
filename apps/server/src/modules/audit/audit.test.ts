import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { recordAudit } from './service.ts';

const t = await buildTestApp();
const admin = await t.signedIn('admin');

function read(query: Record<string, string>, headers = admin.headers) {
  return t.app.inject({ method: 'GET', url: '/api/audit-log', headers, query });
}

describe('GET /api/audit-log', () => {
  it('pages newest first by keyset, without repeating or skipping entries written meanwhile', async () => {
    const entityId = randomUUID();
    for (let n = 1; n <= 5; n++) {
      await recordAudit(t.db, { actorId: admin.user.id, action: `test.step${n}`, entity: 'test', entityId });
    }
    const first = (await read({ entity: 'test', entityId, limit: '2' })).json();
    expect(first.items.map((e: { action: string }) => e.action)).toEqual(['test.step5', 'test.step4']);
    expect(first.nextCursor).toBe(first.items[1].id);

    // A new entry arrives between two pages: the next page is unaffected.
    await recordAudit(t.db, { actorId: admin.user.id, action: 'test.step6', entity: 'test', entityId });
    const second = (
      await read({ entity: 'test', entityId, limit: '2', before: String(first.nextCursor) })
    ).json();
    expect(second.items.map((e: { action: string }) => e.action)).toEqual(['test.step3', 'test.step2']);
    const last = (
      await read({ entity: 'test', entityId, limit: '2', before: String(second.nextCursor) })
    ).json();
    expect(last).toMatchObject({ nextCursor: null });
    expect(last.items.map((e: { action: string }) => e.action)).toEqual(['test.step1']);
  });

  it('is for admins only and refuses a bad cursor', async () => {
    const worker = await t.signedIn('employee');
    expect((await read({}, worker.headers)).statusCode).toBe(403);
    expect((await read({ before: 'abc' })).statusCode).toBe(400);
  });
});
