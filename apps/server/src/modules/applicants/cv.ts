import { randomUUID } from 'node:crypto';
import { type ApplicantDetail, cvMaxBytes } from '@brigade/shared';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { applicants } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { safeFileName } from '../../lib/file-names.ts';
import { refuseHugeImage, uprightImage } from '../../lib/images.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import type { FileStorage } from '../../lib/storage.ts';
import { recordAudit } from '../audit/index.ts';
import { recordAccess } from '../privacy-log/index.ts';
import { applicantsPolicy } from './policy.ts';
import { findApplicant, getApplicant } from './read.ts';
import { lockApplicant } from './write.ts';

export interface CvDeps {
  db: Db;
  storage: FileStorage;
}

/** What the file is, from its first bytes (never from its name or the type the browser claims). */
export function sniffCvType(content: Buffer): string | null {
  const starts = (...bytes: number[]) => bytes.every((byte, index) => content[index] === byte);
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'application/pdf'; // %PDF-
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0x52, 0x49, 0x46, 0x46) && content.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'image/webp';
  return null;
}

/**
 * The CV as it is kept: a PDF as it came; an image re-encoded in its own format, upright, without
 * its metadata (a phone's photo carries where it was taken), once refused if over 40 MP.
 */
async function cleanedCv(content: Buffer, contentType: string): Promise<Buffer> {
  if (contentType === 'application/pdf') return content;
  await refuseHugeImage(content);
  try {
    const image = uprightImage(content);
    if (contentType === 'image/png') return await image.png().toBuffer();
    if (contentType === 'image/webp') return await image.webp({ quality: 90 }).toBuffer();
    return await image.jpeg({ quality: 90 }).toBuffer();
  } catch {
    throw new AppError('CV_NOT_ACCEPTED', 'Not a PDF or an image');
  }
}

/** The name the CV is kept and sent under: the uploader's, cleaned, with its real type's extension. */
export const cvFileName = (name: string | undefined, contentType: string) =>
  safeFileName(name, contentType, 'cv');

/** The applicant's CV as their row keeps it: the stored file's key, name, type and size (all null: none). */
type CvColumns = Pick<typeof applicants.$inferSelect, 'cvKey' | 'cvFileName' | 'cvContentType' | 'cvSize'>;

/**
 * Points the applicant at another CV, or none, with the audit row: it names the file before and,
 * for a new one, the file after. Call inside the transaction.
 */
async function setCv(
  tx: Tx,
  actorId: string,
  before: { id: string; cvFileName: string | null },
  cv: CvColumns,
): Promise<void> {
  await tx
    .update(applicants)
    .set({ ...cv, updatedAt: new Date() })
    .where(eq(applicants.id, before.id));
  await recordAudit(tx, {
    actorId,
    action: cv.cvKey ? 'applicant.cv' : 'applicant.cv_remove',
    entity: 'applicant',
    entityId: before.id,
    before: { cvFileName: before.cvFileName },
    after: cv.cvKey
      ? { cvFileName: cv.cvFileName, size: cv.cvSize, contentType: cv.cvContentType }
      : undefined,
  });
}

/**
 * Stores the CV, then points the applicant at it in a transaction; if that fails, the new file is
 * removed, and a replaced file is removed only once the row points at the new one.
 */
export async function uploadCv(
  deps: CvDeps,
  actor: Actor,
  id: string,
  upload: { content: Buffer; fileName?: string },
): Promise<ApplicantDetail> {
  authorize(actor, applicantsPolicy.write);
  if (upload.content.length > cvMaxBytes) {
    throw new AppError('CV_TOO_LARGE', 'The CV is over 5 MB', { maxBytes: cvMaxBytes });
  }
  const contentType = sniffCvType(upload.content);
  if (!contentType) throw new AppError('CV_NOT_ACCEPTED', 'Not a PDF or an image');
  await getApplicant(deps.db, actor, id);
  const content = await cleanedCv(upload.content, contentType);
  const key = `cv/${randomUUID()}`;
  await deps.storage.put(key, content);
  let replaced: string | null = null;
  try {
    await deps.db.transaction(async (tx) => {
      const before = await lockApplicant(tx, id);
      replaced = before.cvKey;
      await setCv(tx, actor.userId, before, {
        cvKey: key,
        cvFileName: cvFileName(upload.fileName, contentType),
        cvContentType: contentType,
        cvSize: content.length,
      });
    });
  } catch (error) {
    await deps.storage.remove(key);
    throw error;
  }
  if (replaced) await deps.storage.remove(replaced);
  return (await findApplicant(deps.db, id)) as ApplicantDetail;
}

export async function readCv(
  deps: CvDeps,
  actor: Actor,
  id: string,
): Promise<{ content: Buffer; fileName: string; contentType: string }> {
  authorize(actor, applicantsPolicy.read);
  const [row] = await deps.db.select().from(applicants).where(eq(applicants.id, id));
  if (!row?.cvKey || !row.cvFileName || !row.cvContentType) throw notFound('CV');
  await recordAccess(deps.db, actor, { kind: 'applicant', id }, 'cv');
  const content = await deps.storage.get(row.cvKey);
  if (!content) throw notFound('CV');
  // Named again from the kept type: a row written before names were cleaned may hold any name.
  return {
    content,
    fileName: cvFileName(row.cvFileName, row.cvContentType),
    contentType: row.cvContentType,
  };
}

export async function removeCv(deps: CvDeps, actor: Actor, id: string): Promise<ApplicantDetail> {
  authorize(actor, applicantsPolicy.write);
  const key = await deps.db.transaction(async (tx) => {
    const before = await lockApplicant(tx, id);
    if (!before.cvKey) return null;
    await setCv(tx, actor.userId, before, {
      cvKey: null,
      cvFileName: null,
      cvContentType: null,
      cvSize: null,
    });
    return before.cvKey;
  });
  if (key) await deps.storage.remove(key);
  return (await findApplicant(deps.db, id)) as ApplicantDetail;
}
