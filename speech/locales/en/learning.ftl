# Learning a game: /learn's lessons, /hint and /review (service/learning, bot/learning,
# console/coach.py). A lesson's own words (its rule, ask, wrong and closing words) are
# its overlays beside the script (engines/**/learn.<lang>.toml), not entries here: the
# { $title }, { $rule }, { $ask }, { $wrong } and { $finish } below come from them.

## A lesson's board post and the refusals of its steps

lesson-step-above = **{ $title }**, step { $number } of { $steps }: { $rule }
lesson-step-below = ➡️ { $ask }
lesson-finish = 🎓 { $finish }
lesson-step-text =
    Step { $number } of { $steps }: { $rule }
    { $ask }
lesson-wrong = { $wrong }
lesson-hint = { $move } (step { $number } of { $steps }): { $rule } { $ask }

## /learn

lesson-no-game = There is no game '{ $game }'.
lesson-none-yet = { $game } has no lesson yet; lessons: { $lessons }.
lesson-running = { $where ->
    [none] Your lesson of { $game } (#{ $match }) is still running: play on there, or resign it to start again.
   *[other] Your lesson of { $game } (#{ $match }) is still running in { $where }: play on there, or resign it to start again.
}
lesson-opened = Your lesson of { $game } (#{ $match }) is open in { $thread }: play each step with /move or the buttons.
lesson-opened-no-board = Your lesson of { $game } (#{ $match }) is open in { $thread } (I could not post the board there): play each step with /move or the buttons.
lesson-public-thread = Note: this thread is public (I may not open private threads in this channel), so other members can see it; only you play your lesson or look it up with /board, /history or /export.
lesson-public-forum = Note: this thread is public (a forum has no private posts), so other members can see it; only you play your lesson or look it up with /board, /history or /export.
lesson-forum-post = **{ $thread }** (a lesson)
lesson-here = Your lesson of { $game } (#{ $match }) is below: play each step with /move or the buttons.
lesson-here-no-board = Your lesson of { $game } (#{ $match }) is open, but I could not show its board: use /board: play each step with /move or the buttons.
lesson-here-seen = Everyone in this conversation sees it; only you play it. In a DM with me, it is yours alone.

## /hint

hint-not-a-player = Only a player of this match may ask for a hint.
hint-resigned = You resigned from this match: the computer plays your seat.
hint-tournament = Hints are not given in tournament matches.
hint-rated = Hints are only for unrated matches, and this one is rated.
hint-not-running = This match is not running: a hint is for a move still to make.
hint-not-your-turn = It is not your turn: a hint is for the move you are to make.
hint-given = Hint for { $name } (only you see it; { $count ->
        [one] { $count } hint
       *[other] { $count } hints
    } taken in this match): { $hint }
hints-taken = { $name } took { $count ->
        [one] { $count } hint
       *[other] { $count } hints
    }.

## /review

review-not-a-player = Only a player of this match may ask for its review.
review-not-over = This match is not over yet: a review comes once it has ended.
review-no-choice = Review of { $game } #{ $match }: you made no choice in it to look at.
review-heading = Review of { $game } #{ $match } for { $name }: the computer replayed your { $decisions ->
        [one] { $decisions } decision
       *[other] { $decisions } decisions
    } and names { $moments } where the game turned.{ $cut ->
        [search] { " " }Time ran out after { $looked } of your { $decisions } decisions: these moments are among those.
       *[none] { "" }
    }{ $pictures ->
        [cut] { " " }Time ran out before every picture was drawn: those moments are words.
       *[all] { "" }
    }
review-moment-same = Move { $move }: you played { $played }, the computer's choice too (your chances { NUMBER($chances, style: "percent") }). { $reason }
review-moment-other = Move { $move }: you played { $played }; the computer prefers { $reason } Its estimate of your chances: { NUMBER($chances, style: "percent") } with its move, { NUMBER($yours, style: "percent") } with yours (a swing of { $swing } points in a hundred).
review-marked-same = { $board } Marked: your move { $played } in your colour.
review-marked-other = { $board } Marked: your move { $played } in your colour, the computer's { $best } in the highlight colour.
review-progress = Reviewing… { $done }/{ $total } positions
review-computer-alone = Match #{ $match } was played by the computer alone: there is nobody to review it for.
review-command = The computer's review: { $command }
review-picture = [picture: { $path }]
