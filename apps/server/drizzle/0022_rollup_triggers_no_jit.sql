-- The rollup triggers are statement triggers over transition tables whose row counts the planner knows: a chunk of
-- 10,000 postings (agent or lottery settlement) estimates above jit_above_cost, and compiling the queue insert took
-- 250 ms of the 335 ms the trigger spent (85 ms without). Their queries are small index probes: no JIT for them.
ALTER FUNCTION team_rollup_rounds() SET jit = off;
--> statement-breakpoint
ALTER FUNCTION team_rollup_tickets() SET jit = off;
--> statement-breakpoint
ALTER FUNCTION team_rollup_postings() SET jit = off;
--> statement-breakpoint
ALTER FUNCTION team_rollup_users() SET jit = off;
