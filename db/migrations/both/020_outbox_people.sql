-- Forgetting a person everywhere (issue 57). A tournament notice waiting in the outbox
-- names people only by markers, filled from the tournament when it is posted: {entrantN}
-- (the entrant with entry number N) and {actor}, the person whose step the notice tells
-- of (who withdrew, who cancelled), kept here beside their id as a seat keeps its player,
-- so /privacy delete renames them as it renames a seat.
ALTER TABLE tournament_outbox ADD COLUMN actor_id {{big}};
ALTER TABLE tournament_outbox ADD COLUMN actor_name TEXT;
-- The words of notices already sent, and whom they pinged, were kept only to send them
-- once; they named people in plain text, so they go.
UPDATE tournament_outbox SET words = NULL, mentions = NULL WHERE sent_at IS NOT NULL;
