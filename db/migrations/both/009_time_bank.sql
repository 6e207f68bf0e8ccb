-- Time banks and weekend pauses (correspondence clocks). A match's clock may give each
-- player a bank of time instead of a per-turn deadline: bank_hours at the start,
-- bank_add_hours after each of their turns, at most bank_max_hours (0 = no bank).
-- weekend_pause = 1: Saturday and Sunday (UTC) don't count on the match's clocks.
ALTER TABLE match_clocks ADD COLUMN bank_hours INTEGER NOT NULL DEFAULT 0;
ALTER TABLE match_clocks ADD COLUMN bank_add_hours INTEGER NOT NULL DEFAULT 0;
ALTER TABLE match_clocks ADD COLUMN bank_max_hours INTEGER NOT NULL DEFAULT 0;
ALTER TABLE match_clocks ADD COLUMN weekend_pause {{flag}} NOT NULL DEFAULT 0;
-- Each seat's bank, in seconds, at the start of the match's current turn (NULL: the
-- bank it started with); written with the move that changes it.
ALTER TABLE seats ADD COLUMN bank_seconds {{big}};
