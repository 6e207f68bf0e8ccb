-- Reminders that could not be posted (a locked thread, the bot's permissions removed):
-- how many failed in a row since when, and when their retries stopped (after a day), so
-- the back-off (1 h, 2 h, 4 h…) survives restarts; a reminder posted clears them.
ALTER TABLE match_clocks ADD COLUMN post_failures INTEGER NOT NULL DEFAULT 0;
ALTER TABLE match_clocks ADD COLUMN post_failing_since {{time}};
ALTER TABLE match_clocks ADD COLUMN posts_stopped_at {{time}};
