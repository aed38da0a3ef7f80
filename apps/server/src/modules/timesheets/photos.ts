import { and, between, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { timeEntries, timeEntryPhotos } from '../../db/schema/index.ts';
import { addDays } from '../../lib/calendar.ts';
import { notFound } from '../../lib/errors.ts';
import type { Actor } from '../../lib/policy.ts';
import type { FileStorage } from '../../lib/storage.ts';
import { timesheetsPolicy } from './policy.ts';
import { sheetFor } from './read.ts';

/**
 * A parking receipt's photo of one line of the week, read through its timesheet: whoever may open
 * the timesheet (the office, the site's supervisors, the magic link of that very timesheet) sees
 * the receipts of its entries, and nothing else through it (an entry of another site or week is
 * no line of this one: 404, as for a refused line).
 */
export async function readSheetPhoto(
  deps: { db: Executor; storage: FileStorage },
  actor: Actor,
  ids: { id: string; entryId: string; photoId: string },
  size: 'full' | 'thumb',
): Promise<Buffer> {
  const { sheet } = await sheetFor(deps.db, actor, ids.id, timesheetsPolicy.read);
  const [photo] = await deps.db
    .select({ storageKey: timeEntryPhotos.storageKey, thumbnailKey: timeEntryPhotos.thumbnailKey })
    .from(timeEntryPhotos)
    .innerJoin(timeEntries, eq(timeEntries.id, timeEntryPhotos.timeEntryId))
    .where(
      and(
        eq(timeEntryPhotos.id, ids.photoId),
        eq(timeEntryPhotos.timeEntryId, ids.entryId),
        eq(timeEntries.siteId, sheet.siteId),
        between(timeEntries.workDate, sheet.weekStart, addDays(sheet.weekStart, 6)),
      ),
    );
  if (!photo) throw notFound('Photo');
  const file = await deps.storage.get(size === 'thumb' ? photo.thumbnailKey : photo.storageKey);
  if (!file) throw notFound('Photo');
  return file;
}
