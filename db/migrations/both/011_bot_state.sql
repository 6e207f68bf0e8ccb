-- What the bot remembers about itself between runs, by key: the server its commands were
-- last synced to (DEV_GUILD_ID), so that moving to another server or to global commands
-- clears those and leaves no duplicates.
CREATE TABLE bot_state (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
