# Die Wörter der Brettbilder (rendering/): Kopfzeilen, Tafeln, Legenden, Fußzeilen.
# Kurz halten: Jedes steht in einem eigenen Kasten.

## Kopfzeile aller Spiele

picture-seat = Platz { $number }
picture-player = Spieler { $number }
picture-points = { $count ->
    [one] { $count } Pkt.
   *[other] { $count } Pkt.
}
picture-to-act = { $count ->
    [one] { $who } ist am Zug
   *[other] { $who } sind am Zug
}
picture-game-over = Partie beendet
picture-wins = { $who } gewinnt
picture-share-the-win = { $who } teilen sich den Sieg
picture-outcome-because = { $outcome } – { $reason }
picture-status-game-over = Partie beendet
picture-status-final-position = Schlussstellung

## Witch Stones

picture-witch-side = { $side ->
    [suns] Sonnen
   *[moons] Monde
}
picture-witch-choosing-sides = Seitenwahl
picture-witch-first-to = Ziel: { $target }
picture-witch-reached = { $target } Punkte erreicht
picture-witch-no-moves-left = keine Züge mehr
picture-witch-draw = Remis mit { $points ->
    [one] { $points } Punkt
   *[other] { $points } Punkten
} – keine Züge mehr
picture-witch-footer = Punkte: Krone 5, Erdstein 1, Stein der anderen Seite 2, eigener 0

## Angry Gods

picture-angry-pool = Vorrat
picture-angry-gods = Götter
picture-angry-towers-left = Türme übrig { $left }/{ $towers }
picture-angry-no-worshippers = keine Anbeter
picture-angry-worshippers = { $count ->
    [one] { $count } Anbeter
   *[other] { $count } Anbeter
}
picture-angry-placement = { $number }. Einsatz
picture-angry-leader = Anführer
picture-angry-follower = Anhänger
picture-angry-god = Gott
picture-angry-false-god = Falscher Gott
picture-angry-footer = Platz eines Anhängers: ein Feld und eine Ecke, C3 + se = C3se. Rote Kreuze: gerade entfernte Anhänger.

## Storm of the Gods

picture-storm-seat-note = G{ $community } L{ $limbo }
picture-storm-status = Runde { $turn } · Stapel { $stack }
picture-storm-footer = G: Gemeinde (bereit) · L: Limbus · obere Zahl: Bevölkerung · { $discarded }
picture-storm-discarded = { $count ->
    [one] { $count } Plättchen abgeworfen
   *[other] { $count } Plättchen abgeworfen
}
picture-storm-discarded-by-population = { $count ->
    [one] { $count } Plättchen abgeworfen
   *[other] { $count } Plättchen abgeworfen
} (nach Bevölkerung { $populations })
picture-storm-encircled = Vaal Er Num seit dem Zug von { $who } umzingelt: Die Partie endet, wenn dieser Zug wiederkommt, außer der Ring wird gebrochen
picture-storm-construction-victory = { $who } hält ein Heiligtum und 2 Bauwerke: Sieg zu Beginn des nächsten eigenen Zugs
picture-storm-phase-wind = { $who } hat { $face } { $steps } gewürfelt: Wind wählen, { $options }
picture-storm-phase-occupy = { $who } darf { $hex } besetzen (vom Wind geleert) oder passen
picture-storm-phase-convert = { $who } darf ein vom Wind gezogenes Plättchen bekehren oder passen
picture-storm-phase-develop = { $who } entwickelt den eigenen Kult (Aktionen, dann Ende)
picture-storm-wind-on = Vaal Er Num auf { $hex }
picture-storm-rolled-went = { $wind } · Wurf { $face } { $steps }, nach { $direction }
picture-storm-rolled-choose = { $wind } · Wurf { $face } { $steps }: { $choices }?
picture-storm-community = Gemeinde
picture-storm-limbo = Limbus
picture-storm-built = gebaut
picture-storm-sanctuary = Heiligtum
picture-storm-key-worshippers = Anbeter
picture-storm-key-construction = Bauwerk
picture-storm-key-sanctuary = Heiligtum
picture-storm-key-wind = der Wind
picture-storm-key-move = sein Weg
picture-storm-key-attack = sein Angriff
picture-storm-key-last-move = letzter Zug

## Terra

picture-realm-reserve-count = Vorrat { $count }
picture-realm-status = Runde { $turn } · { $phase ->
    [build] Bauen
    [discard] Abwerfen
    [war] Krieg
   *[other] { $phase }
}
picture-realm-counts = Vorrat { $reserve } · Beutel { $cup } · { $discards ->
    [one] { $discards } abgeworfen
   *[other] { $discards } abgeworfen
}
picture-realm-reserve = Vorrat
picture-realm-your-reserve = dein Vorrat
picture-realm-discarded = abgeworfen
picture-realm-you-discarded = von dir abgeworfen
picture-realm-none = keine
picture-realm-kind = { $kind ->
    [temple] Tempel
    [castle] Burg
    [town] Stadt
    [farm] Hof
    [mine] Mine
    [palace] Palast
    [army] Armee
    [mountain] Gebirge
   *[river] Fluss
}
picture-realm-winners = { $count ->
    [one] { $who } gewinnt
   *[other] { $who } gewinnen
} mit { $points ->
    [one] { $points } Punkt
   *[other] { $points } Punkten
}.
picture-realm-must-discard = { $who } muss { $count } abwerfen und { $keep } behalten
picture-realm-controller = Wappen und Rahmen: wer das Gebiet beherrscht

## When Gods Collide

picture-wgc-face = { $face ->
    [king] König
    [pawn] Bauer
    [knight] Springer
    [queen] Dame
    [bishop] Läufer
    [rook] Turm
    [imp] Kobold
    [double-knight] Doppelspringer
    [winged-sandals] Flügelsandalen
    [god-of-wind] Gott des Windes
    [princess] Prinzessin
   *[seth] Seth
}
picture-wgc-culture = { $culture ->
    [babylonian] Babylonier
    [egyptian] Ägypter
    [greek] Griechen
   *[norse] Nordmänner
}
picture-wgc-eliminated = ausgeschieden
picture-wgc-winner = Sieger
picture-wgc-checkers = { $count ->
    [one] { $count } Stein
   *[other] { $count } Steine
}
picture-wgc-tiles = { $count ->
    [one] { $count } Plättchen
   *[other] { $count } Plättchen
}
picture-wgc-status = { $phase ->
    [tiles] Plättchen legen
    [arrange] Armeen aufstellen
    [god] Götter wählen
   *[over] Partie beendet
}
picture-wgc-turn = Runde { $turn } / { $turns }
picture-wgc-phase-line = { $phase ->
    [tiles] Plättchen legen, je { $tiles }
    [arrange] Die Armeen werden aufgestellt
   *[god] Götter werden geheim gewählt
}
picture-wgc-rolled = { $who } würfelt
picture-wgc-chess = Schach
picture-wgc-number = Zahl
picture-wgc-hero = Held
picture-wgc-hero-asked = eine 6: Held oder nicht?
picture-wgc-hero-asked-short = eine 6: Held?
picture-wgc-last-god-standing = letzter Gott im Spiel
picture-wgc-turn-limit = die meisten Steine beim Rundenlimit
picture-wgc-out = Ausgeschieden: { $who }
picture-wgc-note-own = Krone: dein Gott
picture-wgc-note-found = Stern in deiner Farbe: ein Gott, den nur du gefunden hast
picture-wgc-note-public = goldener Stern: ein Gott, den alle kennen
picture-wgc-note-gaps = grau: Lücken

## Die Beschriftungen der Wiederholung

picture-replay-start = Start ({ $moves ->
    [one] { $moves } Zug folgt
   *[other] { $moves } Züge folgen
})
picture-replay-after = Nach Zug { $index } von { $moves }{ $final ->
    [yes] , Schlussstellung
   *[no] {""}
}
picture-replay-after-several = Nach den Zügen { $first }–{ $last } von { $moves }{ $final ->
    [yes] , Schlussstellung
   *[no] {""}
}
