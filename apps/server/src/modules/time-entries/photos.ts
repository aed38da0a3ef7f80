import { randomUUID } from 'node:crypto';
import type { TimeEntry } from '@brigade/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { timeEntries, timeEntryPhotos } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { refuseHugeImage, uprightImage } from '../../lib/images.ts';
import { type Actor, authorize, may } from '../../lib/policy.ts';
import type { FileStorage } from '../../lib/storage.ts';
import { recordAudit } from '../audit/index.ts';
import { timeEntriesPolicy } from './policy.ts';
import { findTimeEntry, getTimeEntry } from './read.ts';

/** A phone's photo is a few MB; a little over this cap still arrives, to be refused by name. */
export const photoMaxBytes = 15 * 1024 * 1024;
export const photosPerEntry = 6;
/** Kept at most this wide or high: a receipt stays readable, the file stays small. */
const photoMaxSide = 1600;
const thumbnailSide = 240;

export interface PhotoDeps {
  db: Db;
  storage: FileStorage;
}

const refused = (reason: 'type' | 'size' | 'count') =>
  new AppError('PHOTO_NOT_ACCEPTED', 'This photo is not accepted', {
    reason,
    maxBytes: photoMaxBytes,
    perEntry: photosPerEntry,
  });

/**
 * The receipt re-encoded as a JPEG: turned upright by its EXIF orientation, then without any of
 * its metadata (where and when it was taken, the phone's make), at most 1,600 px; and its
 * thumbnail. An image over 40 MP is refused from its header (IMAGE_TOO_LARGE), before decoding;
 * anything sharp cannot read as an image is refused.
 */
export async function reencode(content: Buffer) {
  await refuseHugeImage(content);
  try {
    const image = uprightImage(content);
    const { data, info } = await image
      .clone()
      .resize({ width: photoMaxSide, height: photoMaxSide, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 80, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    const thumbnail = await image
      .clone()
      .resize({ width: thumbnailSide, height: thumbnailSide, fit: 'cover' })
      .jpeg({ quality: 70 })
      .toBuffer();
    return { data, thumbnail, width: info.width, height: info.height };
  } catch {
    throw refused('type');
  }
}

/** The entry, once the asker may change it (as for its hours: their own, their site's, anyone's for the office). */
async function entryForChange(db: Db, actor: Actor, entryId: string) {
  const found = await findTimeEntry(db, entryId, actor);
  if (!found) throw notFound('Time entry');
  authorize(actor, timeEntriesPolicy.write, {
    employeeId: found.entry.employee.id,
    supervisedSite: found.supervisedSite,
  });
  // A receipt is evidence of an approved week's parking: only the office adds or removes one then.
  if (found.entry.timesheetStatus === 'approved' && !may(actor, timeEntriesPolicy.approvedWeek)) {
    throw new AppError('TIMESHEET_APPROVED', "The site's week is approved");
  }
  return found.entry;
}

/**
 * Adds a receipt's photo to an entry: checked and re-encoded first, stored, then recorded (a photo
 * whose row could not be written is removed again), at most six per entry.
 */
export async function addPhoto(
  deps: PhotoDeps,
  actor: Actor,
  entryId: string,
  content: Buffer,
): Promise<TimeEntry> {
  const entry = await entryForChange(deps.db, actor, entryId);
  if (content.length > photoMaxBytes) throw refused('size');
  if (entry.photos.length >= photosPerEntry) throw refused('count');
  const photo = await reencode(content);
  const id = randomUUID();
  const keys = { storageKey: `receipt/${id}`, thumbnailKey: `thumb/${id}` };
  await deps.storage.put(keys.storageKey, photo.data);
  await deps.storage.put(keys.thumbnailKey, photo.thumbnail);
  try {
    await deps.db.transaction(async (tx) => {
      // Counted again with the entry locked: two uploads at once make no seventh.
      await tx
        .select({ id: timeEntries.id })
        .from(timeEntries)
        .where(eq(timeEntries.id, entryId))
        .for('update');
      const [count] = await tx
        .select({ n: sql<number>`cast(count(*) as integer)` })
        .from(timeEntryPhotos)
        .where(eq(timeEntryPhotos.timeEntryId, entryId));
      if ((count?.n ?? 0) >= photosPerEntry) throw refused('count');
      await tx.insert(timeEntryPhotos).values({
        id,
        timeEntryId: entryId,
        ...keys,
        width: photo.width,
        height: photo.height,
        bytes: photo.data.length,
        createdBy: actor.userId,
      });
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'time_entry.photo.add',
        entity: 'time_entry',
        entityId: entryId,
        after: { photoId: id, width: photo.width, height: photo.height, bytes: photo.data.length },
      });
    });
  } catch (error) {
    await Promise.all([deps.storage.remove(keys.storageKey), deps.storage.remove(keys.thumbnailKey)]);
    throw error;
  }
  return getTimeEntry(deps.db, actor, entryId);
}

async function photoRow(db: Db, entryId: string, photoId: string) {
  const [row] = await db
    .select()
    .from(timeEntryPhotos)
    .where(and(eq(timeEntryPhotos.id, photoId), eq(timeEntryPhotos.timeEntryId, entryId)));
  if (!row) throw notFound('Photo');
  return row;
}

/** The photo (or its thumbnail), to whoever may read the entry. */
export async function readPhoto(
  deps: PhotoDeps,
  actor: Actor,
  entryId: string,
  photoId: string,
  size: 'full' | 'thumb',
): Promise<Buffer> {
  await getTimeEntry(deps.db, actor, entryId);
  const row = await photoRow(deps.db, entryId, photoId);
  const file = await deps.storage.get(size === 'thumb' ? row.thumbnailKey : row.storageKey);
  if (!file) throw notFound('Photo');
  return file;
}

/** Removes a photo: its row in a transaction (audited), then its files. */
export async function removePhoto(
  deps: PhotoDeps,
  actor: Actor,
  entryId: string,
  photoId: string,
): Promise<TimeEntry> {
  await entryForChange(deps.db, actor, entryId);
  const row = await photoRow(deps.db, entryId, photoId);
  await deps.db.transaction(async (tx) => {
    await tx.delete(timeEntryPhotos).where(eq(timeEntryPhotos.id, photoId));
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'time_entry.photo.remove',
      entity: 'time_entry',
      entityId: entryId,
      before: { photoId, width: row.width, height: row.height, bytes: row.bytes },
    });
  });
  await Promise.all([deps.storage.remove(row.storageKey), deps.storage.remove(row.thumbnailKey)]);
  return getTimeEntry(deps.db, actor, entryId);
}
