# Witch Stones: ein Zug, wie ihn der Thread und der Verlauf zeigen.

witch-stones-side = { $who } wählt die { $side ->
        [suns] Sonnen
       *[moons] Monde
    }.
    .step = wählt die { $side ->
            [suns] Sonnen
           *[moons] Monde
        }
witch-stones-take = { $who } nimmt { $stone ->
        [crown] die Krone
        [sun] die Sonne
        [moon] den Mond
       *[earth] den Erdstein
    } auf { $square } (+{ $gained }).
    .step = nimmt { $stone ->
            [crown] die Krone
            [sun] die Sonne
            [moon] den Mond
           *[earth] den Erdstein
        } auf { $square } (+{ $gained })
witch-stones-line = { $who } entfernt die Linie { $first }-{ $last }: { $stones } (+{ $gained }).
    .step = entfernt die Linie { $first }-{ $last }: { $stones } (+{ $gained })
witch-stones-single = { $who } entfernt { $first } als Ein-Stein-Linie: { $stones } (+{ $gained }).
    .step = entfernt { $first } als Ein-Stein-Linie: { $stones } (+{ $gained })
witch-stones-passes = { $move } { $passer } hat keinen gültigen Zug und setzt aus.
    .step = { $move }; { $passer } hat keinen gültigen Zug und setzt aus
witch-stones-stones = { $stone ->
        [crown] { $count ->
            [one] { $count } Krone
           *[other] { $count } Kronen
        }
        [sun] { $count ->
            [one] { $count } Sonne
           *[other] { $count } Sonnen
        }
        [moon] { $count ->
            [one] { $count } Mond
           *[other] { $count } Monde
        }
       *[earth] { $count ->
            [one] { $count } Erdstein
           *[other] { $count } Erdsteine
        }
    }
