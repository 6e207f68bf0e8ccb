# Witch Stones: uma jogada como o tópico e o histórico a mostram.

witch-stones-side = { $who } escolheu jogar com { $side ->
        [suns] os sóis
       *[moons] as luas
    }.
    .step = escolheu jogar com { $side ->
            [suns] os sóis
           *[moons] as luas
        }
witch-stones-take = { $who } retirou { $stone ->
        [crown] a coroa
        [sun] o sol
        [moon] a lua
       *[earth] a pedra terrestre
    } de { $square } (+{ $gained }).
    .step = retirou { $stone ->
            [crown] a coroa
            [sun] o sol
            [moon] a lua
           *[earth] a pedra terrestre
        } de { $square } (+{ $gained })
witch-stones-line = { $who } retirou a linha { $first }-{ $last }: { $stones } (+{ $gained }).
    .step = retirou a linha { $first }-{ $last }: { $stones } (+{ $gained })
witch-stones-single = { $who } retirou { $first } como linha de uma só peça: { $stones } (+{ $gained }).
    .step = retirou { $first } como linha de uma só peça: { $stones } (+{ $gained })
witch-stones-passes = { $move } { $passer } não tem nenhuma jogada possível e passa a vez.
    .step = { $move }; { $passer } não tem nenhuma jogada possível e passa a vez
witch-stones-stones = { $stone ->
        [crown] { $count ->
            [one] { $count } coroa
            [many] { $count } de coroas
           *[other] { $count } coroas
        }
        [sun] { $count ->
            [one] { $count } sol
            [many] { $count } de sóis
           *[other] { $count } sóis
        }
        [moon] { $count ->
            [one] { $count } lua
            [many] { $count } de luas
           *[other] { $count } luas
        }
       *[earth] { $count ->
            [one] { $count } pedra terrestre
            [many] { $count } de pedras terrestres
           *[other] { $count } pedras terrestres
        }
    }
