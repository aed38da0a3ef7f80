import type { Rule } from '../../lib/policy.ts';

/** A report asked for: its type, and the site the asker names (a supervisor must supervise it). */
export interface ReportScope {
  type: string;
}

/** The reports a supervisor may make: the timesheets summary, of their own sites only (issue 28). */
export const supervisorReports: ReadonlySet<string> = new Set(['timesheets-summary']);

/**
 * Reports (issue 28): the office makes every one; a supervisor the timesheets summary of the sites
 * they supervise (the service limits the report to those sites, and refuses a site of someone else's).
 */
export const reportsPolicy = {
  /** The list: the office's every report, a supervisor's own. */
  list: { roles: ['admin', 'supervisor'] },
  /** A report's preview and document. */
  read: {
    roles: ['admin', 'supervisor'],
    allows: (actor, report) => actor.role === 'admin' || supervisorReports.has(report.type),
  },
} satisfies { list: Rule; read: Rule<ReportScope> };
