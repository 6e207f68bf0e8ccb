-- The tournaments' outbox (issue 35): every post a tournament step owes its channel (a
-- round's pairings, the standings, the final standings, a notice) and every match it
-- started that must be announced (its thread and first board) is a row, written in the
-- step's own transaction. Whichever process claims a row (claimed_by until
-- claimed_until, as the clock rows of 007) posts it and marks it sent; a row claimed by a
-- process that died is claimed again when its claim lapses. post_key names the post once
-- ("7:pairings:2", "7:match:31"), so a step that runs twice queues it once.
CREATE TABLE tournament_outbox (
    id            {{id}},
    tournament_id {{big}} NOT NULL,
    post_key      TEXT    NOT NULL,
    kind          TEXT    NOT NULL,   -- pairings, standings, final, notice, match
    round         INTEGER NOT NULL DEFAULT 0,
    match_id      {{big}},
    words         TEXT,               -- a notice's sentence
    mentions      TEXT,               -- whom a notice pings: user ids, space-separated
    created_at    {{time}} NOT NULL,
    claimed_by    TEXT,
    claimed_until {{time}},
    sent_at       {{time}}
);
CREATE UNIQUE INDEX tournament_outbox_once ON tournament_outbox (post_key);
CREATE INDEX tournament_outbox_unsent ON tournament_outbox (sent_at, tournament_id);
