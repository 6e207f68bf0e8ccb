-- What each move showed everyone: the positions its public view marks (``marks``, JSON)
-- and its public description with seat markers (``said``). Pictures outline every move
-- since a player's last turn, and posts list them, without replaying the log.
ALTER TABLE moves ADD COLUMN marks {{json}} NOT NULL DEFAULT '[]';
ALTER TABLE moves ADD COLUMN said TEXT NOT NULL DEFAULT '';
