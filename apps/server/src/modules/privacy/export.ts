import type { Language } from '@brigade/shared';
import { asc } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Db } from '../../db/client.ts';
import { privacyIncidents } from '../../db/schema/index.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { incidentColumns } from './incident-values.ts';
import { privacyPolicy } from './policy.ts';
import { registerWords } from './texts.ts';

/** A moment as the office reads it (Montréal's clock), yyyy-MM-dd HH:mm. */
function localMoment(moment: Date): string {
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'America/Toronto',
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(moment);
}

/**
 * The whole register as a workbook in `language`: one row per incident, in the register's order.
 * A register of a small agency holds tens of rows: it is made whole, not streamed.
 */
export async function privacyIncidentsWorkbook(
  db: Db,
  actor: Actor,
  language: Language,
): Promise<{ fileName: string; content: Buffer }> {
  authorize(actor, privacyPolicy.incidents);
  const rows = await db.select(incidentColumns).from(privacyIncidents).orderBy(asc(privacyIncidents.number));
  const w = registerWords(language);
  const book = new ExcelJS.Workbook();
  book.creator = 'Brigade';
  const ws = book.addWorksheet(w.sheetName, { pageSetup: { orientation: 'landscape', fitToPage: true } });
  ws.addRow([w.title]).font = { bold: true, size: 14 };
  ws.addRow([]);
  ws.addRow([...w.columns]).font = { bold: true };
  for (const row of rows) {
    ws.addRow([
      row.number,
      row.occurredOn,
      row.discoveredOn,
      row.description,
      row.personalInformation,
      row.affectedCount,
      row.affectedPeople ?? '',
      row.seriousInjuryRisk ? w.yes : w.no,
      row.riskAssessment ?? '',
      row.commissionNotifiedOn ?? w.notSent,
      row.peopleNotifiedOn ?? w.notSent,
      row.measures ?? '',
      row.recordedBy ?? '',
      localMoment(row.createdAt),
      localMoment(row.updatedAt),
    ]).alignment = { vertical: 'top', wrapText: true };
  }
  if (rows.length === 0) ws.addRow([w.empty]);
  ws.columns.forEach((column, index) => {
    column.width = [3, 4, 11].includes(index) || index === 8 ? 40 : 16;
  });
  const content = Buffer.from(await book.xlsx.writeBuffer());
  return { fileName: `${w.fileName}.xlsx`, content };
}
