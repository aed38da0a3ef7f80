import type { ReportParams } from '../definition.ts';
import type { LedgerFilters } from '../hours-ledger.ts';

/** The ledger's filters of a report's request. */
export const ledgerFilters = (params: ReportParams): LedgerFilters => ({
  from: params.from,
  to: params.to,
  clientId: params.clientId,
  siteId: params.siteId,
  supervisorId: params.supervisorId,
  employeeId: params.employeeId,
});
