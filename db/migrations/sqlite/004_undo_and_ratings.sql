-- Undo requests waiting for the opponents' consent. A request belongs to the match's
-- version when it was made: any change of the match (a move) lapses it.
CREATE TABLE undo_requests (
    match_id   INTEGER NOT NULL REFERENCES matches (id),
    version    INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    from_seq   INTEGER NOT NULL,
    consents   TEXT    NOT NULL DEFAULT '[]',
    created_at TEXT    NOT NULL,
    PRIMARY KEY (match_id, version)
);

-- Ratings (openskill, Plackett-Luce) per server and game. matches.rated is the host's
-- choice at the start; matches.rating_applied is set in the same transaction as the
-- rating update, so a finished match is rated exactly once.
ALTER TABLE matches ADD COLUMN rated INTEGER NOT NULL DEFAULT 1;
ALTER TABLE matches ADD COLUMN rating_applied INTEGER NOT NULL DEFAULT 0;
CREATE INDEX matches_by_rating ON matches (status, rating_applied);
CREATE TABLE ratings (
    guild_id   INTEGER NOT NULL,
    game       TEXT    NOT NULL,
    user_id    INTEGER NOT NULL,
    mu         REAL    NOT NULL,
    sigma      REAL    NOT NULL,
    games      INTEGER NOT NULL DEFAULT 0,
    updated_at TEXT    NOT NULL,
    PRIMARY KEY (guild_id, game, user_id)
);
-- Each rated match's change per player, to show it in the final post.
CREATE TABLE rating_changes (
    match_id     INTEGER NOT NULL REFERENCES matches (id),
    user_id      INTEGER NOT NULL,
    before_mu    REAL    NOT NULL,
    before_sigma REAL    NOT NULL,
    after_mu     REAL    NOT NULL,
    after_sigma  REAL    NOT NULL,
    PRIMARY KEY (match_id, user_id)
);
