-- A bot a community can run (issue 38).
-- Members who deleted their data (/privacy delete): each gets one number here, and every
-- row that kept them (seats, hosts, entrants, challenges) now names DELETED_BASE - id
-- instead of their Discord id (db/privacy.py). Nothing else of them is kept: the row
-- holds no id of theirs, only when.
CREATE TABLE deleted_players (
    id         {{id}},
    deleted_at {{time}} NOT NULL
);
-- Each server's /settings (service/server_settings.py checks and words them): a JSON
-- object of the settings a moderator changed; absent keys take the defaults.
CREATE TABLE server_settings (
    guild_id   {{big}} PRIMARY KEY,
    settings   {{json}} NOT NULL DEFAULT '{}',
    updated_at {{time}} NOT NULL
);
-- Servers that removed the bot: when; their data is deleted once the host's retention
-- period has passed (a re-invite before then removes the row, and nothing is deleted).
CREATE TABLE server_departures (
    guild_id {{big}} PRIMARY KEY,
    left_at  {{time}} NOT NULL
);
