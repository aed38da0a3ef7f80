import { intlLocales, type Language } from '@brigade/shared';
import type { ReportDefinition, ReportFormat, ReportParams } from '../definition.ts';

/**
 * The words every report shares (its frame: company, period, page, totals, the empty period), in
 * the document's language. A report's own words stay in its file; these are the ones two reports
 * would otherwise write twice.
 */
const words = {
  fr: {
    company: 'Brigade — placement de main-d’œuvre',
    period: 'Période',
    page: (page: number, pages: number) => `Page ${page} de ${pages}`,
    madeOn: (at: string) => `Produit le ${at}`,
    total: 'Total',
    grandTotal: 'Total général',
    subtotal: (of: string) => `Sous-total — ${of}`,
    /** An empty period is a document that says so, never an error. */
    empty: 'Aucune donnée pour cette période et ces filtres.',
    filters: 'Filtres',
    client: 'Client',
    site: 'Chantier',
    supervisor: 'Superviseur',
    employee: 'Travailleur',
    number: 'No d’employé',
    date: 'Date',
    week: 'Semaine',
    weekOf: (start: string) => `Semaine du ${start}`,
    daysWorked: 'Jours travaillés',
    regular: 'Régulières',
    overtime: 'Supplémentaires',
    hours: 'Heures',
    parking: 'Stationnement',
    status: 'Statut',
    summary: 'Sommaire',
    timesheetStatus: {
      none: 'Aucune feuille',
      draft: 'Brouillon',
      sent: 'Envoyée',
      reopened: 'Rouverte',
      approved: 'Approuvée',
    },
  },
  en: {
    company: 'Brigade — labour staffing',
    period: 'Period',
    page: (page: number, pages: number) => `Page ${page} of ${pages}`,
    madeOn: (at: string) => `Made on ${at}`,
    total: 'Total',
    grandTotal: 'Grand total',
    subtotal: (of: string) => `Subtotal — ${of}`,
    empty: 'No data for this period and these filters.',
    filters: 'Filters',
    client: 'Client',
    site: 'Site',
    supervisor: 'Supervisor',
    employee: 'Worker',
    number: 'Employee no.',
    date: 'Date',
    week: 'Week',
    weekOf: (start: string) => `Week of ${start}`,
    daysWorked: 'Days worked',
    regular: 'Regular',
    overtime: 'Overtime',
    hours: 'Hours',
    parking: 'Parking',
    status: 'Status',
    summary: 'Summary',
    timesheetStatus: {
      none: 'No timesheet',
      draft: 'Draft',
      sent: 'Sent',
      reopened: 'Reopened',
      approved: 'Approved',
    },
  },
} as const;

export type ReportWords = (typeof words)[Language];
export const reportWords = (language: Language): ReportWords => words[language];

/** A local day as people read it: "15 nov. 2026" / "Nov 15, 2026" (fr-CA / en-CA). */
export function dayText(date: string, language: Language): string {
  return new Intl.DateTimeFormat(intlLocales[language], {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

/** The period as a line: "15 nov. 2026 – 21 nov. 2026". */
export function periodText(params: Pick<ReportParams, 'from' | 'to'>, language: Language): string {
  return params.from === params.to
    ? dayText(params.from, language)
    : `${dayText(params.from, language)} – ${dayText(params.to, language)}`;
}

/** A moment in the company's zone: "28 novembre 2026 à 19 h 05". */
export function momentText(at: Date | string, language: Language): string {
  return new Intl.DateTimeFormat(intlLocales[language], {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'America/Toronto',
  }).format(new Date(at));
}

/** The document's file name, in its language: `heures-employes_2026-11-15_2026-11-21.xlsx`. */
export function reportFileName(
  definition: Pick<ReportDefinition, 'fileStem'>,
  params: Pick<ReportParams, 'from' | 'to' | 'language'>,
  format: ReportFormat,
): string {
  return `${definition.fileStem[params.language]}_${params.from}_${params.to}.${format}`;
}

/** "Période : …" in French (a space before the colon), "Period: …" in English. */
export const labelled = (label: string, value: string, language: Language) =>
  `${label}${language === 'fr' ? '\u00a0: ' : ': '}${value}`;

// One collator, made once: `localeCompare(…, 'fr')` builds one a call, which costs seconds over a
// month of 2,000 workers' lines.
const frenchOrder = new Intl.Collator('fr-CA');

/** Names in French alphabetical order (accents after their letter: "Côté" before "Cousineau"). */
export const compareText = (a: string, b: string): number => frenchOrder.compare(a, b);

/**
 * `items` in the order of their keys (compared in French order, the first key first): each key's
 * distinct values are ranked once, then only the ranks are compared — a month of 2,000 workers is
 * 9,000 lines but 2,000 names, and a collator's comparison is dear.
 */
export function sortByTexts<T>(items: readonly T[], keys: (item: T) => readonly string[]): T[] {
  const keyed = items.map((item) => ({ item, key: keys(item) }));
  const width = keyed[0]?.key.length ?? 0;
  const ranks: Map<string, number>[] = [];
  for (let column = 0; column < width; column++) {
    const distinct = [...new Set(keyed.map(({ key }) => key[column] ?? ''))].sort(compareText);
    ranks.push(new Map(distinct.map((value, rank) => [value, rank])));
  }
  const ranked = keyed.map(({ item, key }) => ({
    item,
    ranks: key.map((value, column) => ranks[column]?.get(value) ?? 0),
  }));
  ranked.sort((a, b) => {
    for (let column = 0; column < width; column++) {
      const difference = (a.ranks[column] ?? 0) - (b.ranks[column] ?? 0);
      if (difference) return difference;
    }
    return 0;
  });
  return ranked.map(({ item }) => item);
}

/** A person's name as lists sort it: "Tremblay, Luc". */
export const sortName = (person: { firstName: string; lastName: string }) =>
  `${person.lastName}, ${person.firstName}`;
