# Playing where the bot is not a member (issue 55): a match, a challenge, a reminder on
# the bot's answers (bot/match/hosted.py, bot/challenges/hosted.py).

anywhere-no-deadline = No deadline: I cannot post here on my own, so each move is answered with the new board, and /board shows it again.
anywhere-open = { $title } #{ $id } is open below: players press { match-button-join }, and you press { match-button-start }.
anywhere-board-below = The board is below.
anywhere-failed = I couldn't open the match just now; nothing was left behind. Try again in a moment.
# At the head of a board: a reminder whose DM Discord refused ($names: mentions).
anywhere-unseen = ⏰ { $names }: my reminder could not reach you by DM. This match is waiting for your move.
anywhere-challenge-posted = Challenge #{ $id } is below; it lapses in { $hours ->
        [one] { $hours } hour
       *[other] { $hours } hours
    } unless answered.
anywhere-challenge-begun = Match #{ $id } has begun: its board is below.
