# Witch Stones: a move said in the thread and the history (engines/witch_stones.py,
# WitchStones.said). Seats are names (who, passer); squares (square, first, last) are
# the one notation of every language.

witch-stones-side = { $who } chose to play the { $side ->
        [suns] suns
       *[moons] moons
    }.
    .step = chose to play the { $side ->
            [suns] suns
           *[moons] moons
        }
witch-stones-take = { $who } took the { $stone ->
        [crown] crown
        [sun] sun
        [moon] moon
       *[earth] earthstone
    } on { $square } (+{ $gained }).
    .step = took the { $stone ->
            [crown] crown
            [sun] sun
            [moon] moon
           *[earth] earthstone
        } on { $square } (+{ $gained })
witch-stones-line = { $who } removed the line { $first }-{ $last }: { $stones } (+{ $gained }).
    .step = removed the line { $first }-{ $last }: { $stones } (+{ $gained })
witch-stones-single = { $who } removed { $first } as a one-piece line: { $stones } (+{ $gained }).
    .step = removed { $first } as a one-piece line: { $stones } (+{ $gained })
witch-stones-passes = { $move } { $passer } has no legal move and passes.
    .step = { $move }; { $passer } has no legal move and passes
# One kind of stone a line removed, with how many ("2 earthstones").
witch-stones-stones = { $stone ->
        [crown] { $count ->
            [one] { $count } crown
           *[other] { $count } crowns
        }
        [sun] { $count ->
            [one] { $count } sun
           *[other] { $count } suns
        }
        [moon] { $count ->
            [one] { $count } moon
           *[other] { $count } moons
        }
       *[earth] { $count ->
            [one] { $count } earthstone
           *[other] { $count } earthstones
        }
    }
