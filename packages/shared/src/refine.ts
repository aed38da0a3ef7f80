/**
 * When a cross-field check runs: as soon as the fields it reads are valid, even while other fields
 * are not. Zod skips an object's refinements once any of its fields failed in certain ways (a
 * malformed e-mail, a bad postal code…), so a form would show "fin avant début" only after every
 * other problem was fixed; with this, every problem shows at once.
 *
 *   z.object({ … }).superRefine(checkDates, whenValid('startDate', 'endDate'))
 *   z.object({ … }).refine(ok, { path: ['endDate'], message: 'end_before_start', ...whenValid('startDate', 'endDate') })
 */
export function whenValid(...fields: string[]) {
  return {
    when: (payload: { value: unknown; issues: readonly { path?: readonly PropertyKey[] }[] }) =>
      // A body that is not an object at all (null, an array, a string…) has no fields to compare:
      // its own issue says so, and a check reading `value.startsOn` would throw (a 500).
      isPlainObject(payload.value) &&
      payload.issues.every((issue) => !fields.includes(String(issue.path?.[0]))),
  };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
