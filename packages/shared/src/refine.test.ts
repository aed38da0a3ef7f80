import { describe, expect, it } from 'vitest';
import { siteInputSchema } from './clients.ts';
import { createEmployeeSchema } from './employees.ts';

/** Each problem as "path: message". */
function problems(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

const someId = '0b6f1c4e-8a55-4c59-9a5f-0c2a1d3e4f50';
const site = { name: 'Tour Le Quartz', supervisorIds: [someId] };

describe('cross-field checks run beside the fields’ own problems', () => {
  it('a site ending before it starts, with a malformed postal code and e-mail', () => {
    const result = siteInputSchema.safeParse({
      ...site,
      postalCode: 'zzz',
      adminHoursEmail: 'pas-un-courriel',
      startDate: '2026-03-01',
      endDate: '2026-02-01',
      latitude: 45.5,
    });
    expect(problems(result)).toEqual([
      'postalCode: invalid_postal_code',
      'adminHoursEmail: invalid_email',
      'endDate: end_before_start',
      'longitude: coordinates_incomplete',
    ]);
  });

  it('not while a field it reads is itself invalid', () => {
    const result = siteInputSchema.safeParse({ ...site, startDate: '31/02/2026', endDate: '2026-02-01' });
    expect(problems(result).map((problem) => problem.split(':')[0])).toEqual(['startDate']);
  });

  it('a skill chosen twice, with a malformed phone and postal code', () => {
    const skill = { skillId: someId, obtainedOn: null, expiresOn: null };
    const result = createEmployeeSchema.safeParse({
      employeeNumber: 'E-1',
      firstName: 'Léa',
      lastName: 'Roy',
      phone: '12',
      postalCode: 'zzz',
      skills: [skill, skill],
    });
    expect(problems(result)).toEqual([
      'phone: invalid_phone',
      'postalCode: invalid_postal_code',
      'skills.1.skillId: duplicate',
    ]);
  });
});
