-- Matches, their seats and the move log. The move log is the source of truth;
-- matches.snapshot is a cache that a replay of the log must reproduce.
CREATE TABLE matches (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id         INTEGER,
    channel_id       INTEGER,
    thread_id        INTEGER,
    lobby_message_id INTEGER,
    game             TEXT    NOT NULL,
    options          TEXT    NOT NULL DEFAULT '{}',
    seed             INTEGER NOT NULL,
    status           TEXT    NOT NULL DEFAULT 'lobby',
    host_id          INTEGER NOT NULL,
    version          INTEGER NOT NULL DEFAULT 0,
    snapshot         TEXT,
    result           TEXT,
    created_at       TEXT    NOT NULL,
    updated_at       TEXT    NOT NULL
);
CREATE INDEX matches_by_guild ON matches (guild_id, status);
CREATE INDEX matches_by_channel ON matches (channel_id);
CREATE INDEX matches_by_thread ON matches (thread_id);

CREATE TABLE seats (
    match_id     INTEGER NOT NULL REFERENCES matches (id),
    user_id      INTEGER NOT NULL,
    seat         INTEGER,
    display_name TEXT    NOT NULL,
    is_ai        INTEGER NOT NULL DEFAULT 0,
    resigned     INTEGER NOT NULL DEFAULT 0,
    joined_at    TEXT    NOT NULL,
    PRIMARY KEY (match_id, user_id)
);
CREATE INDEX seats_by_user ON seats (user_id);

CREATE TABLE moves (
    match_id   INTEGER NOT NULL REFERENCES matches (id),
    seq        INTEGER NOT NULL,
    seat       INTEGER NOT NULL,
    notation   TEXT    NOT NULL,
    created_at TEXT    NOT NULL,
    PRIMARY KEY (match_id, seq)
);
