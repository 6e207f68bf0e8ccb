# Witch Stones: una jugada tal como la muestran el hilo y el historial.

witch-stones-side = { $who } eligió jugar con los { $side ->
        [suns] soles
       *[moons] lunas
    }.
    .step = eligió jugar con los { $side ->
            [suns] soles
           *[moons] lunas
        }
witch-stones-take = { $who } retiró { $stone ->
        [crown] la corona
        [sun] el sol
        [moon] la luna
       *[earth] la piedra de tierra
    } de { $square } (+{ $gained }).
    .step = retiró { $stone ->
            [crown] la corona
            [sun] el sol
            [moon] la luna
           *[earth] la piedra de tierra
        } de { $square } (+{ $gained })
witch-stones-line = { $who } retiró la línea { $first }-{ $last }: { $stones } (+{ $gained }).
    .step = retiró la línea { $first }-{ $last }: { $stones } (+{ $gained })
witch-stones-single = { $who } retiró { $first } como línea de una sola pieza: { $stones } (+{ $gained }).
    .step = retiró { $first } como línea de una sola pieza: { $stones } (+{ $gained })
witch-stones-passes = { $move } { $passer } no tiene ninguna jugada posible y pasa.
    .step = { $move }; { $passer } no tiene ninguna jugada posible y pasa
witch-stones-stones = { $stone ->
        [crown] { $count ->
            [one] { $count } corona
            [many] { $count } de coronas
           *[other] { $count } coronas
        }
        [sun] { $count ->
            [one] { $count } sol
            [many] { $count } de soles
           *[other] { $count } soles
        }
        [moon] { $count ->
            [one] { $count } luna
            [many] { $count } de lunas
           *[other] { $count } lunas
        }
       *[earth] { $count ->
            [one] { $count } piedra de tierra
            [many] { $count } de piedras de tierra
           *[other] { $count } piedras de tierra
        }
    }
