import { payWeekStart } from '@brigade/shared/pay-week';
import { addDays } from '../../lib/calendar.ts';

/** How the office picks a report's period: a pay week (Sunday–Saturday), a month, or any days. */
export type PeriodKind = 'week' | 'month' | 'range';
export const periodKinds: readonly PeriodKind[] = ['week', 'month', 'range'];

export interface Period {
  from: string;
  to: string;
}

/** The pay week that holds `date`. */
export function weekOf(date: string): Period {
  const from = payWeekStart(date);
  return { from, to: addDays(from, 6) };
}

/** The last pay week that has ended: what the office reports on by default (last Sunday to Saturday). */
export function lastPayWeek(today: string): Period {
  return weekOf(addDays(payWeekStart(today), -1));
}

/** The calendar month that holds `date`. */
export function monthOf(date: string): Period {
  const [year, month] = date.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const prefix = date.slice(0, 7);
  return { from: `${prefix}-01`, to: `${prefix}-${String(last).padStart(2, '0')}` };
}

/** The week or month before (`step` -1) or after (+1) the one starting on `from`. */
export function stepPeriod(kind: 'week' | 'month', from: string, step: -1 | 1): Period {
  if (kind === 'week') return weekOf(addDays(from, step * 7));
  const [year, month] = from.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(year, month - 1 + step, 1)).toISOString().slice(0, 10);
  return monthOf(first);
}
