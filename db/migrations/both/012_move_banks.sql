-- What each move did to the time banks, so that taking it back puts them back (JSON, NULL
-- for a match without a bank): {"before": {seat: bank_seconds before the move, or null},
-- "spent": {seat: bank_seconds after the turn's time, before any increment}}.
ALTER TABLE moves ADD COLUMN banks {{json}};
-- When the move's turn began (the clocks' start for it; NULL for older moves), so that
-- taking it back does not give a deadline back its full length.
ALTER TABLE moves ADD COLUMN turn_began {{time}};
