import { describe, expect, it } from 'vitest';
import { forgotPasswordRequestSchema, updateMeSchema } from './auth.ts';
import { parseApiDate } from './dates.ts';
import { homeByRole, normalizeRole, toE164 } from './index.ts';

describe('toE164', () => {
  it.each([
    ['514 555-1234', '+15145551234'],
    ['(514) 555 1234', '+15145551234'],
    ['1-514-555-1234', '+15145551234'],
    ['+1 514 555 1234', '+15145551234'],
    ['+33 6 12 34 56 78', '+33612345678'],
  ])('reads %s as %s', (typed, stored) => {
    expect(toE164(typed)).toBe(stored);
  });

  it.each(['', '555-1234', 'abc', '+12'])('refuses %s', (typed) => {
    expect(toE164(typed)).toBeNull();
  });
});

describe('parseApiDate', () => {
  it('accepts the spec’s dd/MM/yyyy and ISO dates', () => {
    expect(parseApiDate('01/01/2100')).toBe('2100-01-01');
    expect(parseApiDate('2026-11-22')).toBe('2026-11-22');
  });
  it('refuses impossible dates', () => {
    expect(parseApiDate('31/02/2026')).toBeNull();
    expect(parseApiDate('2026-13-01')).toBeNull();
    expect(parseApiDate('22-11-2026')).toBeNull();
  });
});

describe('roles', () => {
  it('treats an unknown role as employee and sends each role home', () => {
    expect(normalizeRole('boss')).toBe('employee');
    expect(normalizeRole('admin')).toBe('admin');
    expect(homeByRole).toEqual({
      admin: '/overview',
      employee: '/time-entries',
      supervisor: '/dashboard-supervisor',
    });
  });
});

describe('schemas', () => {
  it('needs the current password to set a new one', () => {
    expect(updateMeSchema.safeParse({ newPassword: 'long enough' }).success).toBe(false);
    expect(updateMeSchema.safeParse({ newPassword: 'long enough', currentPassword: 'x' }).success).toBe(true);
  });
  it('normalizes the e-mail and phone of a reset request (one of the two; an old client’s channel is ignored)', () => {
    expect(forgotPasswordRequestSchema.parse({ email: ' Jo@Example.TEST ' })).toEqual({
      email: 'jo@example.test',
    });
    expect(forgotPasswordRequestSchema.parse({ channel: 'sms', phone: '514.555.1234' })).toEqual({
      phone: '+15145551234',
    });
    expect(forgotPasswordRequestSchema.safeParse({}).success).toBe(false);
    expect(
      forgotPasswordRequestSchema.safeParse({ email: 'jo@example.test', phone: '514 555-1234' }).success,
    ).toBe(false);
  });
});
