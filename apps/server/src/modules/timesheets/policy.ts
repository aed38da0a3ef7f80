import { type Actor, adminOnly, type Rule, scopeAllows } from '../../lib/policy.ts';

/** A timesheet as the rules see it: its id, and whether the asking supervisor has its site. */
export interface SheetScope {
  id: string;
  /** The asking supervisor supervises the timesheet's site (false for everyone else). */
  supervisedSite: boolean;
}

/** One of the site's supervisors, or their magic link for this very timesheet. */
const siteSupervisor = (actor: Actor, sheet: SheetScope) =>
  actor.role === 'supervisor' && sheet.supervisedSite && scopeAllows(actor.scope, 'timesheet', sheet.id);

/**
 * Timesheets (issue 11, spec §4, §6): the office makes, sends and deletes them; a site's supervisor
 * reads, approves and rejects lines of their own sites' (from the magic link the e-mail carries, a
 * session that reaches that one timesheet only).
 */
export const timesheetsPolicy = {
  /** The list: the office's all; a supervisor's own sites' (their dashboard). */
  list: { roles: ['admin', 'supervisor'] },
  read: {
    roles: ['admin', 'supervisor'],
    scopes: ['timesheet'],
    allows: (actor, sheet) =>
      actor.role === 'admin' ? scopeAllows(actor.scope, 'timesheet', sheet.id) : siteSupervisor(actor, sheet),
  },
  /** A supervisor's sites today (their home). */
  onSite: { roles: ['supervisor'] },
  /** Make, send, delete. */
  manage: { roles: adminOnly },
  /** Approve the week or reject a line: not from a link opened once the week was approved (read-only). */
  approve: {
    roles: ['supervisor'],
    scopes: ['timesheet'],
    allows: (actor, sheet) => siteSupervisor(actor, sheet) && !actor.scope?.readOnly,
  },
} satisfies {
  list: Rule;
  onSite: Rule;
  read: Rule<SheetScope>;
  manage: Rule;
  approve: Rule<SheetScope>;
};
