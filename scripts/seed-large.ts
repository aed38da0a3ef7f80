/**
 * `npm run seed:large`: fills the database up to 10,000 employees, to see and measure the app at
 * the agency's scale. Uses DATABASE_URL, or the embedded database under DATA_DIR (default ./data).
 * Idempotent: workers are numbered E-10001… and a number that exists is skipped. Also makes sure
 * the demo catalog (skills, tools) exists, so the workers hold skills.
 *   EMPLOYEES=20000 npm run seed:large   # another target
 *   MESSAGES=1000000 npm run seed:large  # and SMS conversations with this many messages in all
 * Every worker also gets absences over the past year and the next six months (fill-absences.ts).
 */
import { count, sql } from 'drizzle-orm';
import { employees } from '../apps/server/src/db/schema/index.ts';
import { seedCatalog } from '../apps/server/src/seed/demo/catalog.ts';
import { insertDemoEmployees } from '../apps/server/src/seed/demo/employees.ts';
import { withConfiguredDatabase } from './bench/database.ts';
import { fillAbsences } from './bench/fill-absences.ts';
import { fillMessages } from './bench/fill-messages.ts';

const target = Number(process.env.EMPLOYEES ?? 10_000);
const started = performance.now();
await withConfiguredDatabase(async (database) => {
  await seedCatalog(database.db);
  const [{ value: before } = { value: 0 }] = await database.db.select({ value: count() }).from(employees);
  const added =
    before < target
      ? await insertDemoEmployees(database.db, { from: 10001, limit: target - before, batchSize: 1000 })
      : 0;
  const absencesStarted = performance.now();
  const addedAbsences = await fillAbsences(database.db);
  console.log(`absences: ${addedAbsences} added (${Math.round(performance.now() - absencesStarted)} ms)`);
  const messagesTarget = Number(process.env.MESSAGES ?? 0);
  if (messagesTarget > 0) {
    const messagesStarted = performance.now();
    const { conversations, added: addedMessages } = await fillMessages(database.db, messagesTarget);
    console.log(
      `messages: ${addedMessages} added over ${conversations} conversations (${Math.round(performance.now() - messagesStarted)} ms)`,
    );
  }
  // The embedded database has no autovacuum: fresh planner statistics, and a visibility map so
  // that a deep page of the list is an index-only scan rather than a sort of everyone.
  await database.db.execute(
    sql`vacuum analyze users, employees, employee_skills, employee_tools, conversations, messages, absences`,
  );
  console.log(
    `employees: ${before} before, ${added} added, ${before + added} now (${Math.round(performance.now() - started)} ms, ${database.kind})`,
  );
});
