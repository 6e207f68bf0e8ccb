# A board's move buttons and picker pressed when they no longer apply (bot/match/picker.py,
# bot/match/ui.py).

buttons-stale = The board changed since these buttons were posted; use the newest board or /{ name-move }.
buttons-stale-link = The board changed since these buttons were posted; the current board: { $link }
buttons-not-your-turn = It is not your turn: this button is for the player to act.
buttons-not-yours = It is not your turn: these buttons are for another player.
