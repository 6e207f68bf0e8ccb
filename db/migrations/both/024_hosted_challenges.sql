-- Play anywhere (issue 55), its seams: a challenge made where the bot is not a member
-- (a group DM, a server that has not added it) lives on the bot's answers, as a match
-- without a thread does, and its match is one of those.
ALTER TABLE challenges ADD COLUMN hosted {{flag}} NOT NULL DEFAULT 0;
-- What is made where the bot is not a member belongs to no server: a server the bot is
-- not in is neither governed nor left by it (at connection the bot closes what is open
-- in the servers it was removed from, and later deletes their data). Matches made so
-- before this kept that server's id.
UPDATE matches SET guild_id = NULL WHERE hosted = 1;
-- A reminder of a match without a thread goes by DM only; one that reached its player
-- by no way (Discord refused the DM) is shown on the next board anyone opens there.
ALTER TABLE turn_reminders ADD COLUMN unseen {{flag}} NOT NULL DEFAULT 0;
