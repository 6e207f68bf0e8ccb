-- Challenges: one player invites others to a match of a game; each invited player
-- answers (accepted / declined); the match starts when the last one accepts. An open
-- challenge lapses at expires_at (48 h). settings: the clock and seat choices of the
-- match to start (remind, remind_every, deadline, on_timeout, rated, bots, level).
CREATE TABLE challenges (
    id              {{id}},
    guild_id        {{big}},
    channel_id      {{big}},
    message_id      {{big}},
    challenger_id   {{big}} NOT NULL,
    challenger_name TEXT   NOT NULL,
    game            TEXT   NOT NULL,
    options         {{json}}  NOT NULL DEFAULT '{}',
    settings        {{json}}  NOT NULL DEFAULT '{}',
    status          TEXT   NOT NULL DEFAULT 'open',
    match_id        {{big}},
    created_at      {{time}} NOT NULL,
    expires_at      {{time}} NOT NULL
);
CREATE INDEX challenges_open ON challenges (status, expires_at);
CREATE INDEX challenges_by_challenger ON challenges (challenger_id, status);
-- (No foreign key to challenges: `python -m bot migrate` copies tables by name, and
-- challenge_players sorts before challenges.)
CREATE TABLE challenge_players (
    challenge_id {{big}}  NOT NULL,
    user_id      {{big}}  NOT NULL,
    display_name TEXT    NOT NULL,
    answer       TEXT,
    position     INTEGER NOT NULL,
    PRIMARY KEY (challenge_id, user_id)
);

-- Rematches: each player's press of Rematch under a finished match's final board, and
-- the one rematch a finished match may have (new_match_id NULL while it is being made).
CREATE TABLE rematch_votes (
    match_id   {{big}} NOT NULL REFERENCES matches (id),
    user_id    {{big}} NOT NULL,
    created_at {{time}} NOT NULL,
    PRIMARY KEY (match_id, user_id)
);
CREATE TABLE rematches (
    match_id     {{big}} PRIMARY KEY REFERENCES matches (id),
    new_match_id {{big}}
);
