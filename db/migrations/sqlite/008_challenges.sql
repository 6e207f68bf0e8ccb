-- Challenges: one player invites others to a match of a game; each invited player
-- answers (accepted / declined); the match starts when the last one accepts. An open
-- challenge lapses at expires_at (48 h). settings: the clock and seat choices of the
-- match to start (remind, remind_every, deadline, on_timeout, rated, bots, level).
CREATE TABLE challenges (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id        INTEGER,
    channel_id      INTEGER,
    message_id      INTEGER,
    challenger_id   INTEGER NOT NULL,
    challenger_name TEXT    NOT NULL,
    game            TEXT    NOT NULL,
    options         TEXT    NOT NULL DEFAULT '{}',
    settings        TEXT    NOT NULL DEFAULT '{}',
    status          TEXT    NOT NULL DEFAULT 'open',
    match_id        INTEGER,
    created_at      TEXT    NOT NULL,
    expires_at      TEXT    NOT NULL
);
CREATE INDEX challenges_open ON challenges (status, expires_at);
CREATE INDEX challenges_by_challenger ON challenges (challenger_id, status);
-- (No foreign key to challenges: `python -m bot migrate` copies tables by name, and
-- challenge_players sorts before challenges.)
CREATE TABLE challenge_players (
    challenge_id INTEGER NOT NULL,
    user_id      INTEGER NOT NULL,
    display_name TEXT    NOT NULL,
    answer       TEXT,
    position     INTEGER NOT NULL,
    PRIMARY KEY (challenge_id, user_id)
);

-- Rematches: each player's press of Rematch under a finished match's final board, and
-- the one rematch a finished match may have (new_match_id NULL while it is being made).
CREATE TABLE rematch_votes (
    match_id   INTEGER NOT NULL REFERENCES matches (id),
    user_id    INTEGER NOT NULL,
    created_at TEXT    NOT NULL,
    PRIMARY KEY (match_id, user_id)
);
CREATE TABLE rematches (
    match_id     INTEGER PRIMARY KEY REFERENCES matches (id),
    new_match_id INTEGER
);
