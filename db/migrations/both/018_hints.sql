-- The hints each seat of a match took (issue 39, /hint): one row per hint given, keyed by
-- the position it was asked in (the match's version), so that two presses of /hint on
-- one position count once, and a count is never lost to a race. By seat, as moves are:
-- a player who deletes their data leaves no row naming them.
CREATE TABLE hints (
    match_id {{big}}  NOT NULL REFERENCES matches (id),
    seat     INTEGER  NOT NULL,
    version  INTEGER  NOT NULL,
    taken_at {{time}} NOT NULL,
    PRIMARY KEY (match_id, seat, version)
);
