# Der Ablauf einer Partie: was ihr Thread zeigt und was jemand nach seinem Zug erfährt.

## Wer am Zug ist, was geschah

match-to-act = Am Zug: { $who }.
match-nobody = niemand
match-since-last-turn = Seit dem letzten Zug von { $who }:
match-before-first-turn = Vor dem ersten Zug von { $who }:
match-last-move = Letzter Zug: { $move }
match-more-moves = … { $count ->
        [one] { $count } weiterer Zug
       *[other] { $count } weitere Züge
    } (siehe /verlauf) …
match-recap-turn = { $who } { $steps }.
match-recap-each = { $who } – jeweils: { $steps }.
match-recap-next = { $before }; { $step }
match-bot-plays-their-seat = { $said }; ab jetzt spielt der Bot diesen Platz, der am Ende auf dem letzten Rang steht.
match-aborted-by = Partie #{ $id } wurde von { $who } abgebrochen.
match-aborted-by-host = Partie #{ $id } wurde vom Gastgeber abgebrochen.

## Das Ende

match-game-over = Partie vorbei: { $verdict } ({ $reason }). Stand: { $scores }.
match-wins = { $count ->
        [one] { $who } gewinnt
       *[other] { $who } gewinnen
    }
match-draw = Remis
match-score = { $who }: { $unit ->
        [checker] { $score ->
            [one] { $score } Stein
           *[other] { $score } Steine
        }
       *[point] { $score }
    }
match-revealed = Aufgedeckt: { $secret }

## Was nur ein Spieler sieht

match-private = { $game } #{ $id }, nur für dich: { $secret }
match-no-secrets = In { $game } gibt es keine verdeckten Informationen: Alles liegt offen auf dem Brett.
match-your-note = Deine Notiz (nur du siehst sie):

## Ablehnungen

match-write-a-move = Schreib einen Zug oder wähl einen aus der Liste.
match-move-too-long = Das ist viel zu lang für einen Zug.
match-you-resigned = Du hast in dieser Partie aufgegeben.
match-not-your-turn = Du bist nicht am Zug: Wir warten auf { $waiting }.
match-illegal-move = Ungültiger Zug: { $why }.
match-see-rules = Mehr dazu unter „{ $section }“ in den Regeln.
match-did-you-mean = Meintest du { $moves }?
match-already-over = Diese Partie ist schon vorbei.
match-only-host-aborts = Nur der Gastgeber oder jemand mit „Server verwalten“ kann eine Partie abbrechen.
match-resign-in-lobby = Diese Partie hat noch nicht begonnen; der Gastgeber kann sie abbrechen.
match-already-resigned = Du hast schon aufgegeben.
