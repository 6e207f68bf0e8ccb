-- Tournaments: an event of many matches over rounds (service/tournaments.py). status:
-- open (taking entrants), running, finished, cancelled; round: the round being played
-- (0 before the start); round_ends: that round's deadline (NULL: none). settings: the
-- format, rounds, seats per table, late entry and the matches' terms.
CREATE TABLE tournaments (
    id             {{id}},
    guild_id       {{big}},
    channel_id     {{big}},
    message_id     {{big}},
    organiser_id   {{big}} NOT NULL,
    organiser_name TEXT    NOT NULL,
    game           TEXT    NOT NULL,
    options        {{json}} NOT NULL DEFAULT '{}',
    settings       {{json}} NOT NULL DEFAULT '{}',
    status         TEXT    NOT NULL DEFAULT 'open',
    round          INTEGER NOT NULL DEFAULT 0,
    round_ends     {{time}},
    created_at     {{time}} NOT NULL
);
CREATE INDEX tournaments_by_status ON tournaments (status, guild_id);
-- Entrants in entry order (position); computer entrants have negative ids.
-- withdrawn_round: the first round they no longer play (NULL: still in).
CREATE TABLE tournament_entrants (
    tournament_id  {{big}} NOT NULL,
    user_id        {{big}} NOT NULL,
    display_name   TEXT    NOT NULL,
    is_ai          {{flag}} NOT NULL DEFAULT 0,
    position       INTEGER NOT NULL,
    withdrawn_round INTEGER,
    PRIMARY KEY (tournament_id, user_id)
);
-- Each round's tables: the entrants in seat order (a JSON list; one entrant: a bye), its
-- match, and once it is scored the points of each ([[user id, points], ...]).
CREATE TABLE tournament_tables (
    tournament_id {{big}} NOT NULL,
    round         INTEGER NOT NULL,
    table_no      INTEGER NOT NULL,
    players       {{json}} NOT NULL,
    match_id      {{big}},
    points        {{json}},
    PRIMARY KEY (tournament_id, round, table_no)
);
CREATE UNIQUE INDEX tournament_tables_match ON tournament_tables (match_id);
