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
       *[point] { $score ->
            [one] { $score } Punkt
           *[other] { $score } Punkte
        }
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

## Die Lobby und der Start

match-lobby = **{ $game }** #{ $id } – Lobby ({ $seated }/{ $most }, mindestens { $least }). Spieler: { $players }.
match-no-one-yet = noch niemand
match-lobby-options = Optionen: { $options }.
match-lobby-help = Drück **Beitreten**, um mitzuspielen; der Gastgeber drückt **Starten**, sobald alle da sind.
match-lobby-head = **{ $game }** #{ $id }. Spieler: { $players }.
match-lobby-aborted = Die Partie wurde abgebrochen.
match-lobby-started = Die Partie hat begonnen: Die Bretter folgen unten.
match-lobby-over = Die Partie ist vorbei: Die Bretter stehen unten.
match-button-join = Beitreten
match-button-leave = Verlassen
match-button-start = Starten
match-button-ai = Computergegner hinzufügen
match-open-in = { $game } #{ $id } ist in { $thread } eröffnet: Dort drücken die Spieler auf Beitreten, und du drückst auf Starten, sobald alle da sind.
match-begins = **{ $game }** #{ $id } beginnt. Plätze: { $seats }.
match-seat = { $number }. { $who }

## Was jemand nach seinem Zug erfährt

match-played = Gespielt: `{ $move }`.
match-board-where-started = (Das Brett steht dort, wo die Partie gestartet wurde: /brett dort.)
match-board-not-posted = (Ich konnte das Brett nicht im Thread der Partie posten: Prüf meine Berechtigungen.)
match-resign-sure = In { $game } #{ $id } aufgeben? Du landest auf dem letzten Platz, und der Bot spielt deinen Platz weiter. Das lässt sich nicht rückgängig machen.
match-button-resign = Ja, aufgeben
match-button-rematch = Revanche
match-you-resigned-from = Du hast in { $game } #{ $id } aufgegeben.
match-not-your-button = Dieser Knopf ist nicht für dich.
match-is-aborted = { $game } #{ $id } ist abgebrochen.

## Die Uhr im Startpost

match-clock = { $parts }.
match-clock-next = { $before }; { $part }
match-clock-no-reminders = Keine Erinnerungen
match-clock-reminder = Erinnerung nach { $after } h
match-clock-reminders = Erinnerungen nach { $after } h, dann alle { $every } h
match-clock-deadline = Frist { $hours } h pro Zug (danach { $then ->
        [forfeit] ist die Partie verloren
       *[skip] wird der Zug übersprungen
    })
match-clock-no-deadline = keine Frist
match-clock-weekends = Wochenenden pausiert (Samstag und Sonntag UTC zählen nicht)

## Wertung nach einer gewerteten Partie

match-ratings = Wertung: { $changes }.
match-rating-change = { $who } { NUMBER($before, minimumFractionDigits: 1) } → { NUMBER($after, minimumFractionDigits: 1) } ({ $sign }{ NUMBER($change, minimumFractionDigits: 1) })

## Die Konsole

console-discarded =
    (Was du getippt hast, während der Computer nachdachte, wurde verworfen: Es
    galt einer Stellung, die es nicht mehr gibt.)
console-saved = Gespeichert. Weiter geht es mit: { $command }
console-only-move = Nur ein gültiger Zug: { $move }. Enter spielt ihn.
console-plays-only-move = { $who } spielt den einzigen Zug: { $move }.
console-boards-saved = Bretter gespeichert in { $folder }.
console-rematch = Revanche? [y/N]
console-pass-to = Weitergeben an { $who } – drück Enter
console-pass-to-only-enter = Weitergeben an { $who } – drück Enter (nur Enter)
console-no-moves-yet = Noch keine Züge.
console-resign-sure = Für { $who } aufgeben? [y/N]
console-not-resigned = Nicht aufgegeben.
console-every-move = Alle Züge: { $path }
console-record-replayable = Die Aufzeichnung (mit --import nachspielbar): { $path }
console-record-seen = Die Aufzeichnung (was alle gesehen haben): { $path }
