import type { Api } from './api.ts';
import { uniqueMobile } from './phones.ts';

/** A tag no other test run uses, for the names a test creates. */
export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The date `days` after today in Toronto (yyyy-mm-dd). */
export const inDays = (days: number) => {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(new Date());
  return new Date(Date.parse(today) + days * 86_400_000).toISOString().slice(0, 10);
};

/** A mobile no other test uses: 438-555-01xx. */
const phone = () => uniqueMobile();

/**
 * A client, its site and supervisor, a trade only three new workers have (Alexis and Béatrice
 * speak French, Connor English), and an order for three of them, in 10 to 12 days.
 */
export async function crew(api: Api, tag: string) {
  const client = await api.call('POST /clients', { body: { name: `Coffrages ${tag}` } });
  const supervisor = await api.call('POST /supervisors', {
    body: {
      firstName: 'Nadia',
      lastName: `Roy ${tag}`,
      email: `nadia.${tag}@e2e.brigade.test`,
      clientId: client.id,
      invitationChannel: 'none',
    },
  });
  const site = await api.call('POST /clients/:id/sites', {
    params: { id: client.id },
    body: {
      name: `Tour ${tag}`,
      city: 'Laval',
      street: '10 boul. des Laurentides',
      supervisorIds: [supervisor.id],
    },
  });
  const skill = await api.call('POST /skills', {
    body: { nameFr: `Coffreur ${tag}`, nameEn: `Formworker ${tag}` },
  });
  const workers = [];
  for (const [index, language] of (['fr', 'fr', 'en'] as const).entries()) {
    workers.push(
      await api.call('POST /employees', {
        body: {
          employeeNumber: `MAT-${tag}-${index}`,
          firstName: ['Alexis', 'Béatrice', 'Connor'][index] as string,
          lastName: `Matching ${tag}`,
          phone: phone(),
          language,
          skills: [{ skillId: skill.id }],
          invitationChannel: 'none',
        },
      }),
    );
  }
  const order = await api.call('POST /orders', {
    body: {
      clientId: client.id,
      siteId: site.id,
      supervisorId: supervisor.id,
      skills: [{ skillId: skill.id, mandatory: true }],
      workersNeeded: 3,
      startsOn: inDays(10),
      endsOn: inDays(12),
      dailyStart: '07:00',
      dailyEnd: '15:30',
    },
  });
  return { client, site, skill, workers, order };
}
