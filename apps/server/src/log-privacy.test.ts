import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testPassword } from '../test/app.ts';
import { createLogger, maskUrl } from './lib/logger.ts';

/** Every line the app logs, at every level. */
const lines: string[] = [];
const t = await buildTestApp(
  {},
  {
    logger: createLogger(
      'trace',
      new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    ),
  },
);
const { app } = t;
let admin: Record<string, string>;

beforeAll(async () => {
  admin = (await t.signedIn('admin')).headers;
});

/** The log lines written while `action` ran. */
async function loggedDuring(action: () => Promise<unknown>): Promise<string> {
  const from = lines.length;
  await action();
  return lines.slice(from).join('');
}

/** The `err` of the error line in `log`, with the fields of its database cause. */
function loggedError(log: string): { query?: string; constraint?: string } {
  const line = log.split('\n').find((entry) => entry.includes('"level":50'));
  if (!line) throw new Error(`no error logged in ${log}`);
  const err = JSON.parse(line).err;
  return { query: err.query, constraint: err.constraint };
}

describe('a database error in the logs', () => {
  it('names the query and the constraint, never the values the request sent', async () => {
    // A rule of this test's own database that the schemas do not know: the write fails in PostgreSQL.
    await t.db.execute(sql`alter table clients add constraint test_refuses_notes check (notes is null)`);
    const sent = {
      name: 'Excavations Tremblay-Dvořák',
      phone: '514 555-0142',
      email: 'marie.tremblay@excavations.test',
      street: '4410 rue Saint-Denis',
      notes: 'Clé sous le paillasson',
    };
    let status = 0;
    const log = await loggedDuring(async () => {
      status = (await app.inject({ method: 'POST', url: '/api/clients', headers: admin, payload: sent }))
        .statusCode;
    });
    expect(status).toBe(500);
    const logged = loggedError(log);
    expect(logged.constraint).toBe('test_refuses_notes');
    expect(log).toContain(
      'new row for relation \\"clients\\" violates check constraint \\"test_refuses_notes\\"',
    );
    expect(logged.query).toMatch(/^insert into "clients" .* values \(default, \$1, \$2/);
    for (const value of [...Object.values(sent), '5145550142', 'excavations tremblay']) {
      expect(log).not.toContain(value);
    }
  });

  it('never holds a profile change nor the new password’s hash', async () => {
    await t.db.execute(
      sql`alter table users add constraint test_refuses_name check (last_name <> 'Ouellet-Nadeau')`,
    );
    const user = await t.createUser({ firstName: 'Josée', lastName: 'Gagnon' });
    const { headers } = await t.signIn(user);
    const sent = {
      firstName: 'Marie-Josée',
      lastName: 'Ouellet-Nadeau',
      phone: '438 555-0177',
      currentPassword: testPassword,
      newPassword: 'the new secret password',
    };
    let status = 0;
    const log = await loggedDuring(async () => {
      status = (await app.inject({ method: 'PUT', url: '/api/users/me', headers, payload: sent })).statusCode;
    });
    expect(status).toBe(500);
    expect(loggedError(log).constraint).toBe('test_refuses_name');
    for (const value of [...Object.values(sent), '4385550177', user.email, '$argon2']) {
      expect(log).not.toContain(value);
    }
  });
});

describe('PostgreSQL’s own messages in the logs', () => {
  it('keep the names of relations and constraints, and mask the values they quote', async () => {
    const failure = (query: ReturnType<typeof sql>) =>
      t.db.execute(query).then(
        () => expect.fail('no error'),
        (error) => error,
      );
    const log = await loggedDuring(async () => {
      app.log.error({ err: await failure(sql`select ${'Marie-Josée Ouellet'}::uuid`) }, 'cast');
      await t.db.execute(sql`create temporary table test_people (email text unique)`);
      await t.db.execute(sql`insert into test_people values (${'josee@example.test'})`);
      app.log.error(
        { err: await failure(sql`insert into test_people values (${'josee@example.test'})`) },
        'twin',
      );
    });
    expect(log).toContain('invalid input syntax for type uuid: \\"***\\"');
    expect(log).toContain('duplicate key value violates unique constraint \\"test_people_email_key\\"');
    expect(log).toContain('"code":"23505"');
    for (const value of ['Marie-Josée', 'josee@example.test']) expect(log).not.toContain(value);
  });
});

describe('URLs in the logs', () => {
  it('mask a token given as a query parameter, like the tokens of reset and magic links', async () => {
    expect(maskUrl('/api/things?page=2&token=abc.DEF-123&x=1')).toBe('/api/things?page=2&token=***&x=1');
    expect(maskUrl('/login?access_token=abc')).toBe('/login?access_token=***');
    const log = await loggedDuring(() =>
      app.inject({ method: 'GET', url: '/api/users/me?token=query-token-value' }),
    );
    expect(log).toContain('/api/users/me?token=***');
    expect(log).not.toContain('query-token-value');
  });

  it('mask search terms (names, phone numbers) and keep the rest of the address', async () => {
    expect(maskUrl('/api/employees?page=2&q=Tremblay%20514&sort=lastName')).toBe(
      '/api/employees?page=2&q=***&sort=lastName',
    );
    expect(maskUrl('/api/conversations?q=5145550101')).toBe('/api/conversations?q=***');
    const log = await loggedDuring(() =>
      app.inject({ method: 'GET', url: '/api/employees?q=B%C3%A9rub%C3%A9%20438555&page=1', headers: admin }),
    );
    expect(log).toContain('/api/employees?q=***&page=1');
    expect(log).not.toContain('438555');
    expect(log).not.toContain('rub');
  });
});
