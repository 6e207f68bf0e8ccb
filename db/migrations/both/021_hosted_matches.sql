-- A match without a thread (issue 55, "play anywhere"): started where the bot is not a
-- member (a group DM, a server that has not added the bot, the bot's DM), it lives on the
-- bot's own answers to the players' commands and buttons; the bot never posts there on
-- its own. ``channel_id`` is where it was started; ``thread_id`` stays empty.
ALTER TABLE matches ADD COLUMN hosted {{flag}} NOT NULL DEFAULT 0;
