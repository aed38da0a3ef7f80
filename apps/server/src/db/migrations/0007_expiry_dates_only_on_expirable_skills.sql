-- Only an expirable skill carries an expiry date on its holders (the API now refuses one for a skill
-- that does not expire, and clears them when a skill stops expiring): dates left on such holders
-- before are removed, so that nobody is counted as expiring on a skill that never expires.
UPDATE "employee_skills" SET "expires_on" = NULL FROM "skills"
  WHERE "skills"."id" = "employee_skills"."skill_id" AND NOT "skills"."expirable" AND "employee_skills"."expires_on" IS NOT NULL;
