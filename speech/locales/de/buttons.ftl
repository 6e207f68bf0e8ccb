# Die Zug-Buttons eines Bretts, wenn sie nicht mehr gelten.

buttons-stale = Das Brett hat sich geändert, seit diese Buttons gepostet wurden; nimm das neueste Brett oder /{ name-move }.
buttons-stale-link = Das Brett hat sich geändert, seit diese Buttons gepostet wurden; das aktuelle Brett: { $link }
buttons-not-your-turn = Du bist nicht am Zug: Dieser Button ist für den Spieler am Zug.
buttons-not-yours = Du bist nicht am Zug: Diese Buttons sind für einen anderen Spieler.
