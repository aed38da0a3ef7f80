import type { AccessKind } from '@brigade/shared/privacy-log';
import type { Executor } from '../../db/client.ts';
import { accessLog } from '../../db/schema/index.ts';
import type { Actor } from '../../lib/policy.ts';

export type SubjectKind = 'employee' | 'applicant' | 'supervisor';

/**
 * Notes that `actor` opened one of a person's sensitive records (Law 25): their file, a CV, a
 * health-related absence, the export of their data. A person reading their own is not noted.
 */
export async function recordAccess(
  db: Executor,
  actor: Actor,
  subject: { kind: SubjectKind; id: string },
  what: AccessKind,
): Promise<void> {
  if (actor.userId === subject.id) return;
  await db
    .insert(accessLog)
    .values({ actorId: actor.userId, subjectKind: subject.kind, subjectId: subject.id, what });
}
