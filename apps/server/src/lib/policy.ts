import { type Role, roles, type SessionScope } from '@brigade/shared';
import { forbidden } from './errors.ts';

/**
 * Who is asking: the signed-in user, their role, and the scope of their session — null for a full
 * sign-in, `{ kind, id }` for a magic-link session that may reach only the one thing its link names.
 * Every policy and service takes this one type (the authenticated request's `auth` is one).
 */
export interface Actor {
  userId: string;
  role: Role;
  scope: SessionScope | null;
}

/**
 * One rule of a module's policy (`modules/<domain>/policy.ts`): who may do one thing.
 *
 * - `roles`: the roles that may ever do it. The route checks them (and `scopes`) before it reads
 *   the request, so a refused caller learns nothing about the fields or the record.
 * - `scopes`: the magic-link sessions that may do it, by the kind of thing their link names
 *   ('any' for every kind); a magic-link session is refused everything else.
 * - `allows(actor, resource)`: the decision on one resource (an employee reads only their own
 *   profile). The service makes it with `authorize` once it knows the resource.
 *
 * The route and the service read the same rule: it is declared once.
 */
export interface Rule<Resource = undefined> {
  readonly roles: readonly Role[];
  readonly scopes?: readonly string[] | 'any';
  readonly allows?: (actor: Actor, resource: Resource) => boolean;
}

/** Every role (a route any signed-in user may call). */
export const anyRole = roles;
export const adminOnly = ['admin'] as const satisfies readonly Role[];

/**
 * The supervisor whose own sites bound what `actor` sees (lists of hours, sites, timesheets), or
 * null when nothing bounds it: an admin sees every site, an employee is bounded by their own hours.
 */
export function boundingSupervisor(actor: Actor): string | null {
  return actor.role === 'supervisor' ? actor.userId : null;
}

/** The office's live events (socket.io): admins with a full sign-in, never a magic link. */
export const liveEventsRule: Rule = { roles: adminOnly };

/** May this actor attempt what `rule` covers, before the resource is known: role and scope kind. */
export function mayAttempt(actor: Actor, rule: Rule<never>): boolean {
  if (!rule.roles.includes(actor.role)) return false;
  if (!actor.scope) return true;
  return rule.scopes === 'any' || (rule.scopes?.includes(actor.scope.kind) ?? false);
}

/** The whole decision: role, scope kind, then the rule's own test of the resource. */
export function may<Resource>(actor: Actor, rule: Rule<Resource>, resource: Resource): boolean;
export function may(actor: Actor, rule: Rule<undefined>): boolean;
export function may<Resource>(actor: Actor, rule: Rule<Resource>, resource?: Resource): boolean {
  return mayAttempt(actor, rule as Rule<never>) && (rule.allows?.(actor, resource as Resource) ?? true);
}

/** Throws FORBIDDEN unless `may(actor, rule, resource)`. Services call it before acting. */
export function authorize<Resource>(actor: Actor, rule: Rule<Resource>, resource: Resource): void;
export function authorize(actor: Actor, rule: Rule<undefined>): void;
export function authorize<Resource>(actor: Actor, rule: Rule<Resource>, resource?: Resource): void {
  if (!may(actor, rule, resource as Resource)) throw forbidden();
}

/**
 * For rules about one resource of a kind that magic links are issued for: a magic-link session
 * reaches only the resource its link names (same kind, same id); a full session is not limited.
 */
export function scopeAllows(scope: SessionScope | null, kind: string, id: string): boolean {
  if (!scope) return true;
  return scope.kind === kind && scope.id !== undefined && scope.id === id;
}
