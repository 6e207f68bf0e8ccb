-- Notifications (issue 29): each person's time zone, quiet hours, how "your turn" reaches
-- them and their daily digest (one row per user, claimed by one process while its DMs go
-- out, like the clock rows of 007); what was held during quiet hours, delivered once,
-- summed up, when they end; spectators following a match and players muting one; and
-- each player's private note on a match.
CREATE TABLE notify_settings (
    user_id       {{big}} PRIMARY KEY,
    time_zone     TEXT    NOT NULL DEFAULT 'UTC',
    quiet_start   INTEGER,            -- minutes after local midnight (NULL: no quiet hours)
    quiet_end     INTEGER,
    your_turn     TEXT    NOT NULL DEFAULT 'mention',
    digest_hour   INTEGER,            -- local hour of the daily digest (NULL: none)
    digest_at     {{time}},           -- the next digest (UTC), NULL: none
    summary_at    {{time}},           -- when the held notices go out (UTC), NULL: none held
    claimed_by    TEXT,
    claimed_until {{time}}
);
CREATE INDEX notify_settings_digest ON notify_settings (digest_at);
CREATE INDEX notify_settings_summary ON notify_settings (summary_at);
CREATE TABLE notify_held (
    id       {{id}},
    user_id  {{big}} NOT NULL,
    match_id {{big}} NOT NULL REFERENCES matches (id),
    kind     TEXT    NOT NULL,        -- 'turn', 'reminder', 'moved', 'ended'
    held_at  {{time}} NOT NULL
);
CREATE INDEX notify_held_by_user ON notify_held (user_id, id);
CREATE TABLE match_follows (
    match_id {{big}} NOT NULL REFERENCES matches (id),
    user_id  {{big}} NOT NULL,
    mode     TEXT    NOT NULL,        -- 'end', 'moves' (spectators) or 'mute' (players)
    PRIMARY KEY (match_id, user_id)
);
CREATE TABLE match_notes (
    match_id   {{big}} NOT NULL REFERENCES matches (id),
    user_id    {{big}} NOT NULL,
    note       TEXT    NOT NULL,
    PRIMARY KEY (match_id, user_id)
);
