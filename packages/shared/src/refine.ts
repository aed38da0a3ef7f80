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
    when: (payload: { issues: readonly { path?: readonly PropertyKey[] }[] }) =>
      payload.issues.every((issue) => !fields.includes(String(issue.path?.[0]))),
  };
}
