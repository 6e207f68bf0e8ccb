# Witch Stones : un coup tel que le fil et l'historique l'affichent.

witch-stones-side = { $who } a choisi de jouer les { $side ->
        [suns] soleils
       *[moons] lunes
    }.
    .step = a choisi de jouer les { $side ->
            [suns] soleils
           *[moons] lunes
        }
witch-stones-take = { $who } a pris { $stone ->
        [crown] la couronne
        [sun] le soleil
        [moon] la lune
       *[earth] la pierre de terre
    } en { $square } (+{ $gained }).
    .step = a pris { $stone ->
            [crown] la couronne
            [sun] le soleil
            [moon] la lune
           *[earth] la pierre de terre
        } en { $square } (+{ $gained })
witch-stones-line = { $who } a retiré la ligne { $first }-{ $last } : { $stones } (+{ $gained }).
    .step = a retiré la ligne { $first }-{ $last } : { $stones } (+{ $gained })
witch-stones-single = { $who } a retiré { $first }, une ligne d'une seule pièce : { $stones } (+{ $gained }).
    .step = a retiré { $first }, une ligne d'une seule pièce : { $stones } (+{ $gained })
witch-stones-passes = { $move } { $passer } n'a aucun coup possible et passe son tour.
    .step = { $move } ; { $passer } n'a aucun coup possible et passe son tour
witch-stones-stones = { $stone ->
        [crown] { $count ->
            [one] { $count } couronne
            [many] { $count } de couronnes
           *[other] { $count } couronnes
        }
        [sun] { $count ->
            [one] { $count } soleil
            [many] { $count } de soleils
           *[other] { $count } soleils
        }
        [moon] { $count ->
            [one] { $count } lune
            [many] { $count } de lunes
           *[other] { $count } lunes
        }
       *[earth] { $count ->
            [one] { $count } pierre de terre
            [many] { $count } de pierres de terre
           *[other] { $count } pierres de terre
        }
    }
