-- Night shifts in one entry (issue 25). Hand-written around what drizzle-kit generated (the
-- column and the check): the two functions and the exclusion constraint are not Drizzle's to declare.
--
-- An entry's end may now pass 24:00 (22:00–06:00 is start 1320, end 1800, on the day it starts).
-- Every existing entry keeps its columns as they are (they all end by 24:00); only `minutes` is
-- computed again, in real time: the same for every entry but one that crosses 02:00 on a night the
-- clocks change, which now counts the hour the clocks took or gave back.
--
-- The real time of a shift: its start and end on the company's clock, read in America/Toronto with
-- PostgreSQL's own time zone database. timezone(text, timestamp) is immutable in PostgreSQL (indexes
-- may use it), so a generated column and an exclusion constraint may too. A change of Ontario's
-- rules comes as a time zone database update that changes future instants only, and an entry is
-- never in the future (the API refuses a day to come): no stored value is made wrong by one.
-- A time the clock shows twice (01:00–01:59 the night it goes back) is read as the second one, a
-- time it skips (02:00–02:59 the night it goes forward) with the offset before the change
-- (PostgreSQL's reading, which `companyInstant` in packages/shared/src/shift-times.ts copies).
CREATE FUNCTION time_entry_span(work_date date, start_minute integer, end_minute integer)
RETURNS tstzrange
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT tstzrange(
    (work_date + start_minute * interval '1 minute') AT TIME ZONE 'America/Toronto',
    (work_date + end_minute * interval '1 minute') AT TIME ZONE 'America/Toronto')
$$;--> statement-breakpoint
CREATE FUNCTION time_entry_minutes(work_date date, start_minute integer, end_minute integer, break_minutes integer)
RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT (extract(epoch FROM
      ((work_date + end_minute * interval '1 minute') AT TIME ZONE 'America/Toronto')
      - ((work_date + start_minute * interval '1 minute') AT TIME ZONE 'America/Toronto')) / 60)::integer
    - break_minutes
$$;--> statement-breakpoint
ALTER TABLE "time_entries" DROP CONSTRAINT "time_entries_no_overlap";--> statement-breakpoint
ALTER TABLE "time_entries" DROP CONSTRAINT "time_entries_hours";--> statement-breakpoint
ALTER TABLE "time_entries" drop column "minutes";--> statement-breakpoint
ALTER TABLE "time_entries" ADD COLUMN "minutes" integer GENERATED ALWAYS AS (time_entry_minutes(work_date, start_minute, end_minute, break_minutes)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_hours" CHECK ("time_entries"."start_minute" >= 0 and "time_entries"."start_minute" < 1440 and "time_entries"."start_minute" < "time_entries"."end_minute" and "time_entries"."end_minute" - "time_entries"."start_minute" <= 1440 and "time_entries"."break_minutes" >= 0 and "time_entries"."minutes" > 0);--> statement-breakpoint
-- Two entries of one worker never overlap in real time, across midnight too: Monday's 22:00–06:00
-- and Tuesday's 05:00–13:00 are refused together, even written at the same moment.
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_no_overlap" EXCLUDE USING gist ("employee_id" WITH =, time_entry_span("work_date", "start_minute", "end_minute") WITH &&);
