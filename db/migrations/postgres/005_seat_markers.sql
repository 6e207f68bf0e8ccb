-- Engines name seats with markers ({seat0}, ...) instead of the words "Player 1", ...
-- SQLite databases from before are rewritten by their migration 005; a PostgreSQL
-- database is newer than that change (python -m bot migrate upgrades its SQLite source
-- first), so it holds no such words. The number is kept so both backends count alike.
SELECT 1;
