# Spielen, wo der Bot kein Mitglied ist (Issue 55).

anywhere-no-deadline = Keine Frist: Hier kann ich nicht von mir aus schreiben, also beantworte ich jeden Zug mit dem neuen Brett, und /brett zeigt es erneut.
anywhere-open = { $title } #{ $id } ist unten offen: Die Spieler drücken { match-button-join }, und du drückst { match-button-start }.
anywhere-board-below = Das Brett steht unten.
anywhere-failed = Ich konnte die Partie gerade nicht eröffnen; nichts ist liegen geblieben. Versuch es gleich noch einmal.
anywhere-unseen = ⏰ { $names }: Meine Erinnerung hat dich per DM nicht erreicht. Diese Partie wartet auf deinen Zug.
anywhere-challenge-posted = Herausforderung #{ $id } steht unten; sie verfällt nach { $hours ->
        [one] { $hours } Stunde
       *[other] { $hours } Stunden
    }, wenn niemand antwortet.
anywhere-challenge-begun = Partie #{ $id } hat begonnen: Ihr Brett steht unten.
