-- Turn reminders: each user's delay (0 = off), and per match the version already
-- reminded about, so a turn is reminded once and reminders survive restarts.
CREATE TABLE user_settings (
    user_id            {{big}}  PRIMARY KEY,
    remind_after_hours INTEGER NOT NULL
);
ALTER TABLE matches ADD COLUMN reminded_version INTEGER NOT NULL DEFAULT -1;
CREATE INDEX matches_by_status_updated ON matches (status, updated_at);
