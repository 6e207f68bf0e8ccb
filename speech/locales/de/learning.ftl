# Ein Spiel lernen: die Lektionen von /lernen, /tipp und /analyse. Die Worte einer
# Lektion selbst stehen in ihren Overlays neben dem Skript (engines/**/learn.de.toml).

## Der Brett-Post einer Lektion und die Ablehnungen ihrer Schritte

lesson-step-above = **{ $title }**, Schritt { $number } von { $steps }: { $rule }
lesson-step-below = ➡️ { $ask }
lesson-finish = 🎓 { $finish }
lesson-step-text =
    Schritt { $number } von { $steps }: { $rule }
    { $ask }
lesson-wrong = { $wrong }
lesson-hint = { $move } (Schritt { $number } von { $steps }): { $rule } { $ask }

## /lernen

lesson-no-game = Ein Spiel „{ $game }“ gibt es nicht.
lesson-none-yet = { $game } hat noch keine Lektion; Lektionen gibt es für: { $lessons }.
lesson-running = { $where ->
    [none] Deine Lektion zu { $game } (#{ $match }) läuft noch: Spiel dort weiter oder gib sie auf, um neu anzufangen.
   *[other] Deine Lektion zu { $game } (#{ $match }) läuft noch in { $where }: Spiel dort weiter oder gib sie auf, um neu anzufangen.
}
lesson-opened = Deine Lektion zu { $game } (#{ $match }) ist in { $thread } geöffnet: Spiel jeden Schritt mit /zug oder den Buttons.
lesson-opened-no-board = Deine Lektion zu { $game } (#{ $match }) ist in { $thread } geöffnet (das Brett konnte ich dort nicht posten): Spiel jeden Schritt mit /zug oder den Buttons.
lesson-public-thread = Hinweis: Dieser Thread ist öffentlich (in diesem Kanal darf ich keine privaten Threads öffnen), andere Mitglieder können ihn also sehen; deine Lektion spielen oder mit /brett, /verlauf oder /exportieren ansehen kannst aber nur du.
lesson-public-forum = Hinweis: Dieser Thread ist öffentlich (ein Forum hat keine privaten Beiträge), andere Mitglieder können ihn also sehen; deine Lektion spielen oder mit /brett, /verlauf oder /exportieren ansehen kannst aber nur du.
lesson-forum-post = **{ $thread }** (eine Lektion)
lesson-here = Deine Lektion zu { $game } (#{ $match }) steht unten: Spiel jeden Schritt mit /zug oder den Buttons.
lesson-here-no-board = Deine Lektion zu { $game } (#{ $match }) ist geöffnet, aber ihr Brett konnte ich nicht zeigen (nimm /brett): Spiel jeden Schritt mit /zug oder den Buttons.
lesson-here-seen = Alle in dieser Unterhaltung sehen sie; spielen kannst nur du. In einer DM mit mir gehört sie dir allein.

## /tipp

hint-not-a-player = Nur wer in dieser Partie mitspielt, kann um einen Tipp bitten.
hint-resigned = Du hast diese Partie aufgegeben: Der Computer spielt deinen Platz.
hint-tournament = In Turnierpartien gibt es keine Tipps.
hint-rated = Tipps gibt es nur in ungewerteten Partien, und diese ist gewertet.
hint-not-running = Diese Partie läuft nicht: Ein Tipp gilt einem Zug, der noch zu machen ist.
hint-not-your-turn = Du bist nicht am Zug: Ein Tipp gilt dem Zug, den du machen sollst.
hint-given = Tipp für { $name } (nur du siehst ihn; { $count ->
        [one] { $count } Tipp
       *[other] { $count } Tipps
    } in dieser Partie genommen): { $hint }
hints-taken = { $name } hat { $count ->
        [one] { $count } Tipp
       *[other] { $count } Tipps
    } genommen.

## /analyse

review-not-a-player = Nur wer in dieser Partie mitgespielt hat, kann ihre Analyse anfordern.
review-not-over = Diese Partie ist noch nicht vorbei: Eine Analyse gibt es, sobald sie beendet ist.
review-no-choice = Analyse von { $game } #{ $match }: Du hattest darin keine Wahl, die sich ansehen ließe.
review-heading = Analyse von { $game } #{ $match } für { $name }: Der Computer hat { $decisions ->
        [one] deine { $decisions } Entscheidung
       *[other] deine { $decisions } Entscheidungen
    } nachgespielt und nennt { $moments ->
        [one] { $moments } Moment, an dem
       *[other] { $moments } Momente, an denen
    } sich die Partie gewendet hat.{ $cut ->
        [search] { " " }Die Zeit lief nach { $looked } von { $decisions } Entscheidungen ab: Diese Momente sind unter ihnen.
       *[none] { "" }
    }{ $pictures ->
        [cut] { " " }Die Zeit lief ab, bevor jedes Bild gezeichnet war: Diese Momente stehen nur in Worten da.
       *[all] { "" }
    }
review-moment-same = Zug { $move }: Du hast { $played } gespielt, auch die Wahl des Computers (deine Chancen { NUMBER($chances, style: "percent") }). { $reason }
review-moment-other = Zug { $move }: Du hast { $played } gespielt; der Computer bevorzugt { $reason } Seine Schätzung deiner Chancen: { NUMBER($chances, style: "percent") } mit seinem Zug, { NUMBER($yours, style: "percent") } mit deinem (ein Unterschied von { $swing } Punkten von hundert).
review-marked-same = { $board } Markiert: dein Zug { $played } in deiner Farbe.
review-marked-other = { $board } Markiert: dein Zug { $played } in deiner Farbe, der des Computers, { $best }, in der Hervorhebungsfarbe.
review-progress = Analysiere … { $done }/{ $total } Stellungen
review-computer-alone = Partie #{ $match } hat nur der Computer gespielt: Es gibt niemanden, für den sie analysiert werden könnte.
review-command = Die Analyse des Computers: { $command }
review-picture = [Bild: { $path }]
