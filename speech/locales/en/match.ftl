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
       *[point] { $score ->
            [one] { $score } point
           *[other] { $score } points
        }
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

## The lobby and the start

match-lobby = **{ $game }** #{ $id } — lobby ({ $seated }/{ $most }, needs { $least }). Players: { $players }.
match-no-one-yet = nobody yet
# The options the host set, as name=value (typed as they are in every language).
match-lobby-options = Options: { $options }.
match-lobby-help = Press **Join** to play; the host presses **Start** when everyone is in.
match-lobby-head = **{ $game }** #{ $id }. Players: { $players }.
match-lobby-aborted = The match was aborted.
match-lobby-started = The match has started: see the boards below.
match-lobby-over = The match is over: see the boards below.
match-button-join = Join
match-button-leave = Leave
match-button-start = Start
match-button-ai = Add computer player
match-open-in = { $game } #{ $id } is open in { $thread }: players press Join there, and you press Start when everyone is in.
match-begins = **{ $game }** #{ $id } begins. Seats: { $seats }.
# One seat in the start post: its number, then who sits there.
match-seat = { $number }. { $who }

## What a mover is answered

match-played = Played `{ $move }`.
match-board-where-started = (Its board is shown where the match was started: /board there.)
match-board-not-posted = (I couldn't post the board in the match's thread: check my permissions.)
match-resign-sure = Resign from { $game } #{ $id }? You will rank last, and the bot plays your seat. This cannot be undone.
match-button-resign = Yes, resign
match-button-rematch = Rematch
match-you-resigned-from = You resigned from { $game } #{ $id }.
match-not-your-button = This button is not yours.
match-is-aborted = { $game } #{ $id } is aborted.

## The clock in the start post ($after, $every and $hours are hours)

match-clock = { $parts }.
match-clock-next = { $before }; { $part }
match-clock-no-reminders = No reminders
match-clock-reminder = Reminder after { $after } h
match-clock-reminders = Reminders after { $after } h, then every { $every } h
# $then: what happens when a turn runs out (skip: a pass or the computer moves; forfeit).
match-clock-deadline = deadline { $hours } h per turn (then { $then ->
        [forfeit] forfeit
       *[skip] skip
    })
match-clock-no-deadline = no deadline
match-clock-weekends = weekends paused (Saturday and Sunday UTC don't count)

## Ratings after a rated match

match-ratings = Ratings: { $changes }.
# One player's rating before and after, and by how much it moved ($sign is + or -).
match-rating-change = { $who } { NUMBER($before, minimumFractionDigits: 1) } → { NUMBER($after, minimumFractionDigits: 1) } ({ $sign }{ NUMBER($change, minimumFractionDigits: 1) })

## The console (one keyboard passed between the players; $command, $path and $folder are
## as the terminal takes them; [y/N] is answered y or n in every language)

console-discarded =
    (What you typed while the computer was thinking was thrown away: it was
    meant for a position that is gone.)
console-saved = Saved. Resume with: { $command }
console-only-move = Only one legal move: { $move }. Enter plays it.
console-plays-only-move = { $who } plays the only move: { $move }.
console-boards-saved = Boards saved in { $folder }.
console-rematch = Rematch? [y/N]
console-pass-to = Pass to { $who } — press Enter
console-pass-to-only-enter = Pass to { $who } — press Enter (only Enter)
console-no-moves-yet = No moves yet.
console-resign-sure = Resign { $who }'s seat? [y/N]
console-not-resigned = Not resigned.
console-every-move = Every move: { $path }
console-record-replayable = The record (replay it with --import): { $path }
console-record-seen = The record (what everyone has seen): { $path }
