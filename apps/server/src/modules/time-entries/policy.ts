import { adminOnly, anyRole, type Rule } from '../../lib/policy.ts';

/** An entry as the rules see it: whose hours, and whether the site is one the asking supervisor has. */
export interface EntryScope {
  employeeId: string;
  /** The asking supervisor supervises the entry's site (false for everyone else). */
  supervisedSite: boolean;
}

/** A worker as the rules see them: whether the asking supervisor has them on one of their sites. */
export interface WorkerScope {
  employeeId: string;
  supervisedWorker: boolean;
}

const ownOrSupervisedOrAdmin = (actor: { role: string; userId: string }, entry: EntryScope) =>
  actor.role === 'admin' ||
  (actor.role === 'employee' && actor.userId === entry.employeeId) ||
  (actor.role === 'supervisor' && entry.supervisedSite);

/**
 * Hours (issue 11, spec §6): an employee logs and reads their own; a supervisor those on the sites
 * they supervise; an admin anyone's. A magic-link session (a timesheet's approval) logs nothing.
 */
export const timeEntriesPolicy = {
  read: { roles: anyRole, allows: ownOrSupervisedOrAdmin },
  write: { roles: anyRole, allows: ownOrSupervisedOrAdmin },
  /** Hour alerts and the hours of everyone by day: the office's (spec §2, hour-alerts). */
  hourAlerts: { roles: adminOnly },
  /** The sites one may log hours on (a supervisor sees their own only). */
  sites: { roles: anyRole },
  /**
   * A worker's week: an employee their own; a supervisor that of a worker who logged hours on, or is
   * asked for, one of their sites (and only those sites' entries); an admin anyone's.
   */
  /** Hours that need not name their worker: an employee's own. */
  ownByDefault: { roles: ['employee'] },
  /**
   * Hours of any pay week: the office's and the supervisors' (for their workers). A worker logs,
   * changes and deletes this pay week's and the last one's only (1900-01-01 was accepted).
   */
  anyPayWeek: { roles: ['admin', 'supervisor'] },
  /**
   * Hours of a worker not confirmed on the site that week: the office's, and the worker's own
   * (flagged for the office). A supervisor logs only for the workers confirmed on their sites.
   */
  unconfirmedWorker: { roles: ['admin', 'employee'] },
  /** Change hours or receipts in an approved week (which reopens its timesheet): the office only. */
  approvedWeek: { roles: adminOnly },
  week: {
    roles: anyRole,
    allows: (actor, worker) =>
      actor.role === 'admin' ||
      (actor.role === 'employee' && actor.userId === worker.employeeId) ||
      (actor.role === 'supervisor' && worker.supervisedWorker),
  },
} satisfies {
  read: Rule<EntryScope>;
  write: Rule<EntryScope>;
  week: Rule<WorkerScope>;
  sites: Rule;
  hourAlerts: Rule;
  ownByDefault: Rule;
  anyPayWeek: Rule;
  unconfirmedWorker: Rule;
  approvedWeek: Rule;
};
