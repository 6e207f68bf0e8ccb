# The move loop: what a match's thread shows and what a mover is told, from its start
# to its result (service/match, bot/match, console/screen.py). Names, squares and moves
# are facts, the same in every language; { $id } is a match's number.

## Who acts, what happened

match-to-act = To act: { $who }.
# Who is to act when nobody is (a finished position).
match-nobody = nobody
match-since-last-turn = Since { $who }'s last turn:
match-before-first-turn = Before { $who }'s first turn:
match-last-move = Last move: { $move }
# In place of the moves a long post leaves out.
match-more-moves = … { $count ->
        [one] { $count } more move
       *[other] { $count } more moves
    } (see /history) …
# One player's turn of several steps: each step as its sentence without its subject.
match-recap-turn = { $who } { $steps }.
# Several players' turns that said the same (When Gods Collide's set-up).
match-recap-each = { $who } each { $steps }.
# The steps of one turn, one after the other.
match-recap-next = { $before }; { $step }
match-bot-plays-their-seat = { $said }; the bot plays their seat from now on and they rank last.
match-aborted-by = Match #{ $id } was aborted by { $who }.
match-aborted-by-host = Match #{ $id } was aborted by the host.

## The end

match-game-over = Game over: { $verdict } ({ $reason }). Scores: { $scores }.
match-wins = { $count ->
        [one] { $who } wins
       *[other] { $who } win
    }
match-draw = A draw
# One player's score; $unit is what the game's scores count (When Gods Collide: checkers).
match-score = { $who }: { $unit ->
        [checker] { $score ->
            [one] { $score } checker
           *[other] { $score } checkers
        }
       *[point] { $score }
    }
match-revealed = Revealed: { $secret }

## What only one player sees

match-private = { $game } #{ $id }, for your eyes only: { $secret }
match-no-secrets = { $game } has no hidden information: everything is on the board.
match-your-note = Your note (only you see it):

## Refusals

match-write-a-move = Write a move, e.g. pick one from the list.
match-move-too-long = That move is far too long to be a move.
match-you-resigned = You have resigned from this match.
match-not-your-turn = It is not your turn: waiting for { $waiting }.
match-illegal-move = Illegal move: { $why }.
match-see-rules = See "{ $section }" in the rules.
match-did-you-mean = Did you mean { $moves }?
match-already-over = This match is already over.
match-only-host-aborts = Only the host or a member with Manage Server can abort a match.
match-resign-in-lobby = This match has not started yet; the host can abort it.
match-already-resigned = You have already resigned.
