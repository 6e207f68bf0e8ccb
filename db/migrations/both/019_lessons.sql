-- Lessons (issue 39, /learn): a match played as its game's lesson (engines/lesson.py), an
-- unrated match of a learner against the easy computer whose moves the lesson's script
-- judges. The current step is not stored: it is the number of the learner's moves.
ALTER TABLE matches ADD COLUMN lesson {{flag}} NOT NULL DEFAULT 0;
