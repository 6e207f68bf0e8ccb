-- Engines now name seats with markers ({seat0}, {seat1}, ...) that the service fills with
-- the players' names, instead of the words "Player 1", "Player 2", ... that a person's
-- name could imitate. Stored results (their reasons) and snapshots (Storm of the Gods
-- keeps event texts in its state) are rewritten to the markers, so old matches read
-- right and their snapshots still equal a replay of their logs.
UPDATE matches SET result = replace(replace(replace(replace(replace(replace(result, 'Player 1', '{seat0}'), 'Player 2', '{seat1}'), 'Player 3', '{seat2}'), 'Player 4', '{seat3}'), 'Player 5', '{seat4}'), 'Player 6', '{seat5}') WHERE result LIKE '%Player %';
UPDATE matches SET snapshot = replace(replace(replace(replace(replace(replace(snapshot, 'Player 1', '{seat0}'), 'Player 2', '{seat1}'), 'Player 3', '{seat2}'), 'Player 4', '{seat3}'), 'Player 5', '{seat4}'), 'Player 6', '{seat5}') WHERE snapshot LIKE '%Player %';
