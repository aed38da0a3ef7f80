import { type Column, type Placeholder, type SQL, sql } from 'drizzle-orm';

/**
 * A site's pay week, as a PostgreSQL advisory lock: writing hours into it holds it shared, approving
 * it holds it alone. Hours written at once on one site go side by side (a row lock on the timesheet
 * would line them up, and write the row at each one); an approval waits for the hours being written,
 * and hours asked meanwhile wait for it, then find the week approved. Advisory locks live in the
 * lock table only, end with the transaction, and are no-ops on PGlite (one connection).
 *
 * (namespace, hash of the site and week): a hash shared by two weeks only makes them wait for each
 * other. The namespace keeps these apart from the server start's lock (a single key).
 */
const weekLockNamespace = sql.raw('1100');

type Value = string | Placeholder | SQL | Column;

const weekKey = (siteId: Value, weekStart: Value) =>
  sql`${weekLockNamespace}, hashtext(${siteId}::text || ':' || ${weekStart}::text)`;

/** An expression that takes the week's lock shared (to write hours into it) until the transaction ends. */
export const shareWeekSql = (siteId: Value, weekStart: Value) =>
  sql`pg_advisory_xact_lock_shared(${weekKey(siteId, weekStart)})`;

/** An expression that takes the week's lock alone (to approve it) until the transaction ends. */
export const holdWeekSql = (siteId: Value, weekStart: Value) =>
  sql`pg_advisory_xact_lock(${weekKey(siteId, weekStart)})`;
