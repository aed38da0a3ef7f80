import type { Role } from '@brigade/shared/roles';
import { describe, expect, it } from 'vitest';
import { checkAccess, readStoredSession, type Session } from './auth.ts';
import { renewalDue } from './sessionRenewal.ts';

const hour = 3600_000;
const day = 24 * hour;
const now = Date.UTC(2026, 10, 25, 15, 0);

/** An unsigned token with these claims (the app reads them; only the server checks the signature). */
function token(claims: { iat: number; exp: number; sid?: string }): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const seconds = { iat: Math.floor(claims.iat / 1000), exp: Math.floor(claims.exp / 1000) };
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: 'u1', sid: claims.sid ?? 's1', ...seconds })}.sig`;
}

function storage(items: Record<string, string>) {
  return { getItem: (key: string) => items[key] ?? null };
}

const worker = {
  id: 'u1',
  firstName: 'Maxime',
  lastName: 'Bouchard',
  role: 'employee',
  language: 'en',
};

describe('the stored session', () => {
  const stored = (user: object) =>
    readStoredSession(
      storage({
        'brigade.token': token({ iat: now, exp: now + 60 * day }),
        'brigade.user': JSON.stringify(user),
      }),
    );

  it('keeps a worker without an e-mail signed in, as well as one with an e-mail', () => {
    // Phone only (the server answers email: null), e-mail only, both: the stored user has no phone.
    for (const email of [null, 'maxime@example.test']) {
      const session = stored({ ...worker, email });
      expect(session?.user).toEqual({ ...worker, email });
      expect(checkAccess(session, { allowed: ['employee'], pathname: '/time-entries' }, now)).toEqual({
        kind: 'allow',
      });
    }
    // Stored before the field existed: no e-mail.
    expect(stored(worker)?.user.email).toBeNull();
  });

  it('refuses a stored user that is not one', () => {
    expect(stored({ ...worker, email: 42 })).toBeNull();
    expect(stored({ ...worker, firstName: undefined })).toBeNull();
    expect(readStoredSession(storage({ 'brigade.token': 'x', 'brigade.user': '{' }))).toBeNull();
  });
});

describe('renewing a sign-in', () => {
  const session = (
    role: Role,
    claims: { iat: number; exp: number },
    scope: Session['scope'] = null,
  ): Session => ({
    token: token(claims),
    user: { ...worker, language: 'en', email: null, role },
    scope,
  });

  it('is due for a worker or a supervisor once their token is a day old', () => {
    for (const role of ['employee', 'supervisor'] as const) {
      expect(renewalDue(session(role, { iat: now - 23 * hour, exp: now + 59 * day }), now)).toBe(false);
      expect(renewalDue(session(role, { iat: now - 25 * hour, exp: now + 59 * day }), now)).toBe(true);
    }
  });

  it('is due at half its life for a field sign-in shorter than two days', () => {
    expect(renewalDue(session('employee', { iat: now - 5 * hour, exp: now + 7 * hour }), now)).toBe(false);
    expect(renewalDue(session('employee', { iat: now - 7 * hour, exp: now + 5 * hour }), now)).toBe(true);
  });

  it('is never due for an admin, a magic link, an expired token or nobody', () => {
    const old = { iat: now - 10 * day, exp: now + hour };
    expect(renewalDue(session('admin', old), now)).toBe(false);
    expect(renewalDue(session('supervisor', old, { kind: 'timesheet', id: 't1' }), now)).toBe(false);
    expect(renewalDue(session('employee', { iat: now - 61 * day, exp: now - 1000 }), now)).toBe(false);
    expect(renewalDue(null, now)).toBe(false);
  });
});
