import type { ApplicantSource, ApplicantStatus } from '@brigade/shared';
import { searchable } from '@brigade/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { applicantSkills, applicantStatusChanges, applicants, skills, users } from '../../db/schema/index.ts';
import { addDays, companyToday } from '../../lib/calendar.ts';
import { phoneWords } from '../../modules/users/index.ts';
import { cities, englishFirst, englishLast, frenchFirst, frenchLast } from './people.ts';
import { random } from './random.ts';

/** How the 80 applicants spread over the pipeline. */
const spread: [ApplicantStatus, number][] = [
  ['new', 22],
  ['contacted', 18],
  ['interview', 14],
  ['hired', 8],
  ['refused', 10],
  ['withdrawn', 8],
];
const sources: ApplicantSource[] = [
  'referral',
  'referral',
  'job_board',
  'job_board',
  'walk_in',
  'social_media',
  'website',
  'other',
];
const path: ApplicantStatus[] = ['new', 'contacted', 'interview'];
const notes = [
  'Disponible tout de suite, a son propre camion.',
  'Préfère les chantiers sur la Rive-Sud.',
  'A travaillé 3 ans chez un entrepreneur en coffrage.',
  'Looking for steady work, open to travel.',
  'Rappeler après 16 h.',
  null,
];

/**
 * 80 applicants across every status, in both languages, with their skills and the steps of their
 * history; the hired ones are marked hired (without an employee record: the demo's workers came
 * before recruiting). Written once.
 */
export async function seedApplicants(db: Db): Promise<void> {
  const [existing] = await db.select({ id: applicants.id }).from(applicants).limit(1);
  if (existing) return;
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'admin@demo.brigade.test'));
  const skillIds = (await db.select({ id: skills.id }).from(skills).where(eq(skills.active, true))).map(
    (s) => s.id,
  );
  const r = random(8080);
  const today = companyToday();
  let index = 0;
  await db.transaction(async (tx) => {
    for (const [status, count] of spread) {
      for (let n = 0; n < count; n++, index++) {
        const english = r.next() < 0.25;
        const firstName = r.pick(english ? englishFirst : frenchFirst);
        const lastName = r.pick(english ? englishLast : frenchLast);
        const [city] = r.pick(cities);
        const phone = `+1450555${String(3000 + index).padStart(4, '0')}`;
        const email =
          r.next() < 0.6
            ? `${`${firstName}.${lastName}`
                .toLowerCase()
                .normalize('NFD')
                .replace(/[^a-z.]/g, '')}@courriel.test`
            : null;
        const createdDaysAgo = r.int(1, 120);
        const hasCard = r.next() < 0.6;
        const [row] = await tx
          .insert(applicants)
          .values({
            firstName,
            lastName,
            phone,
            email,
            language: english ? 'en' : 'fr',
            city,
            yearsOfExperience: r.int(0, 25),
            ccqCardNumber: hasCard ? String(r.int(100000000, 999999999)) : null,
            ccqCardLevel: hasCard ? r.pick(['apprentice', 'journeyman'] as const) : null,
            ccqCardExpiresOn: hasCard ? addDays(today, r.int(-30, 700)) : null,
            availableOn: addDays(today, r.int(-10, 45)),
            source: r.pick(sources),
            status,
            notes: r.pick(notes),
            searchText: searchable(lastName, firstName, email, ...phoneWords(phone), city),
            createdBy: admin?.id ?? null,
            createdAt: new Date(Date.now() - createdDaysAgo * 86_400_000),
            updatedAt: new Date(Date.now() - r.int(0, createdDaysAgo) * 86_400_000),
          })
          .returning({ id: applicants.id });
        if (!row) continue;
        const held = [...new Set([r.pick(skillIds), r.pick(skillIds)].filter(Boolean))];
        if (held.length)
          await tx.insert(applicantSkills).values(held.map((skillId) => ({ applicantId: row.id, skillId })));
        // The steps that led here: new, then along the path, then the last move.
        const steps: ApplicantStatus[] = ['new'];
        const reached = path.indexOf(status);
        if (reached > 0) steps.push(...path.slice(1, reached + 1));
        else if (reached < 0) steps.push(...path.slice(1, r.int(1, 3)), status);
        // Spread over the time since they were recorded, the first step at their creation.
        const created = Date.now() - createdDaysAgo * 86_400_000;
        const span = Date.now() - created;
        await tx.insert(applicantStatusChanges).values(
          steps.map((to, step) => ({
            applicantId: row.id,
            fromStatus: step === 0 ? null : (steps[step - 1] ?? null),
            toStatus: to,
            note: to === 'interview' ? 'Entrevue au bureau' : to === 'refused' ? 'Pas de carte valide' : null,
            changedBy: admin?.id ?? null,
            changedAt: new Date(created + (span * step) / steps.length),
          })),
        );
      }
    }
  });
}
