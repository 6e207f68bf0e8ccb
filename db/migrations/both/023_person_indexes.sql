-- Finding a person's rows (issue 56): /privacy show, export and delete read every row
-- naming a person (db/privacy.py PERSONAL, ALIASED) by its person column. Where that
-- column led no index, each read was a scan of the whole table: at a million matches,
-- millions of rows read for one member. Each gets its index.
CREATE INDEX matches_by_host ON matches (host_id);
CREATE INDEX ratings_by_user ON ratings (user_id);
CREATE INDEX rating_changes_by_user ON rating_changes (user_id);
CREATE INDEX match_notes_by_user ON match_notes (user_id);
CREATE INDEX match_follows_by_user ON match_follows (user_id);
CREATE INDEX match_posts_by_user ON match_posts (user_id);
CREATE INDEX turn_reminders_by_user ON turn_reminders (user_id);
CREATE INDEX rematch_votes_by_user ON rematch_votes (user_id);
CREATE INDEX undo_requests_by_user ON undo_requests (user_id);
CREATE INDEX tournament_entrants_by_user ON tournament_entrants (user_id);
CREATE INDEX challenge_players_by_user ON challenge_players (user_id);
CREATE INDEX tournaments_by_organiser ON tournaments (organiser_id);
CREATE INDEX tournament_outbox_by_actor ON tournament_outbox (actor_id);
-- A member's seats, newest match first and latest name first: the started matches'
-- autocomplete reads the member's newest seats until it has enough (not every match of
-- their server), and the leaderboard one seat a name (not every seat of the top ten).
-- They lead with user_id, so the index on user_id alone goes.
CREATE INDEX seats_by_user_match ON seats (user_id, match_id);
CREATE INDEX seats_by_user_joined ON seats (user_id, joined_at);
DROP INDEX IF EXISTS seats_by_user;
-- The leaderboard first settles any finished match left unrated, oldest first: the index
-- on (status, rating_applied) could not give them in that order, so the finished matches
-- were read in order of time, every one of them, to find none unsettled. This one gives
-- the unsettled in order and ends at once when there are none; it replaces that one.
CREATE INDEX matches_unsettled ON matches (status, rating_applied, updated_at);
DROP INDEX IF EXISTS matches_by_rating;
