-- Clocks: each match's reminder schedule and optional deadline, the reminders sent per
-- player and turn, the last nudge, and players' vacations. A match without a row here
-- has the default clock (reminders after 24 h, then every 24 h; no deadline).
CREATE TABLE match_clocks (
    match_id           {{big}}  PRIMARY KEY REFERENCES matches (id),
    remind_after_hours INTEGER NOT NULL DEFAULT 24,
    remind_every_hours INTEGER NOT NULL DEFAULT 24,
    deadline_hours     INTEGER NOT NULL DEFAULT 0,
    on_timeout         TEXT    NOT NULL DEFAULT 'skip',
    nudged_at          {{time}},
    checked_version    INTEGER NOT NULL DEFAULT -1,
    next_check_at      {{time}}
);
CREATE INDEX match_clocks_by_next_check ON match_clocks (next_check_at);

-- The latest reminder sent to a player for a turn (the match's version): slot 0 is the
-- first reminder, 1 the second…; warned = the deadline warning went out.
CREATE TABLE turn_reminders (
    match_id {{big}}   NOT NULL REFERENCES matches (id),
    user_id  {{big}}   NOT NULL,
    version  INTEGER  NOT NULL,
    slot     INTEGER  NOT NULL DEFAULT -1,
    warned   {{flag}} NOT NULL DEFAULT 0,
    PRIMARY KEY (match_id, user_id)
);

CREATE TABLE vacations (
    id        {{id}},
    user_id   {{big}} NOT NULL,
    starts_at {{time}} NOT NULL,
    ends_at   {{time}} NOT NULL
);
CREATE INDEX vacations_by_user ON vacations (user_id, ends_at);

-- Turns reminded under migration 002 stay reminded (their first reminder was sent).
INSERT INTO turn_reminders (match_id, user_id, version, slot)
    SELECT m.id, s.user_id, m.version, 0 FROM matches m JOIN seats s ON s.match_id = m.id
    WHERE m.status = 'running' AND m.reminded_version = m.version AND s.is_ai = 0;
