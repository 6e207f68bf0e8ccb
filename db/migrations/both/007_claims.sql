-- Claims: several processes may run the clock pass over one database; a process claims a
-- due clock row (claimed_by = its worker id) until claimed_until, does the match's timed
-- work (a deadline, a computer's move, a reminder) and releases it, so exactly one
-- process acts on it (the claim selects FOR UPDATE SKIP LOCKED). Every running match gets
-- a clock row (the pass claims rows).
ALTER TABLE match_clocks ADD COLUMN claimed_by TEXT;
ALTER TABLE match_clocks ADD COLUMN claimed_until {{time}};
INSERT INTO match_clocks (match_id)
    SELECT id FROM matches WHERE status = 'running'
    AND id NOT IN (SELECT match_id FROM match_clocks);
