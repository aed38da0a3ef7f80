import type { SessionScope } from '@brigade/shared';

/**
 * May this session act on resource `kind`/`id`? A full session (no scope) may, as far as scopes go
 * (its role is checked elsewhere). A magic-link session only reaches the one resource its link was
 * issued for: same kind and same id; a scope without an id names no resource.
 */
export function scopeAllows(scope: SessionScope | null, kind: string, id: string): boolean {
  if (!scope) return true;
  return scope.kind === kind && scope.id !== undefined && scope.id === id;
}
