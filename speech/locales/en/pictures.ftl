# The words the board pictures draw (rendering/): headers, panels, legends, footers.
# Keep them short: each is drawn in a box of its own (tests/rendering/test_picture_words.py
# fails on any that reaches past it, in every language and in the pseudo-locale).

## Every game's header

picture-seat = Seat { $number }
picture-player = Player { $number }
picture-points = { $count ->
    [one] { $count } pt
   *[other] { $count } pts
}
# who: one name, or several ("Ana, Bo"); count: how many
picture-to-act = { $count ->
    [one] { $who } to act
   *[other] { $who } to act
}
picture-game-over = Game over
picture-wins = { $who } wins
picture-share-the-win = { $who } share the win
# outcome: "Ana wins"; reason: "reached 50 points"
picture-outcome-because = { $outcome } - { $reason }
picture-status-game-over = game over
picture-status-final-position = final position

## Witch Stones

picture-witch-side = { $side ->
    [suns] suns
   *[moons] moons
}
picture-witch-choosing-sides = choosing sides
picture-witch-first-to = first to { $target }
picture-witch-reached = reached { $target } points
picture-witch-no-moves-left = no moves left
picture-witch-draw = Draw at { $points ->
    [one] { $points } point
   *[other] { $points } points
} - no moves left
picture-witch-footer = Points: crown 5, earthstone 1, the other side's piece 2, your own 0

## Angry Gods

picture-angry-pool = Pool
picture-angry-gods = Gods
picture-angry-towers-left = Towers left { $left }/{ $towers }
picture-angry-no-worshippers = no worshippers
picture-angry-worshippers = { $count ->
    [one] { $count } worshipper
   *[other] { $count } worshippers
}
picture-angry-placement = placement { $number }
picture-angry-leader = leader
picture-angry-follower = follower
picture-angry-god = god
picture-angry-false-god = False God
picture-angry-footer = A follower's place: a space and a corner, C3 + se = C3se. Red crosses: followers just removed.

## Storm of the Gods

# C and L: the letters the footer explains (community, Limbo)
picture-storm-seat-note = C{ $community } L{ $limbo }
picture-storm-status = Turn { $turn } · stack { $stack }
picture-storm-footer = C: community (ready) · L: Limbo · top number: population · { $discarded }
picture-storm-discarded = { $count ->
    [one] { $count } tile discarded
   *[other] { $count } tiles discarded
}
# populations: "0:2 3:1" (population:count)
picture-storm-discarded-by-population = { $count ->
    [one] { $count } tile discarded
   *[other] { $count } tiles discarded
} (by population { $populations })
picture-storm-encircled = Vaal Er Num surrounded since { $who }'s turn: the game ends when it comes back, unless broken
picture-storm-construction-victory = { $who } holds a sanctuary and 2 constructions: wins at the start of their next turn
# options: "N or SE"
picture-storm-phase-wind = { $who } rolled { $face } { $steps }: choose the wind, { $options }
picture-storm-phase-occupy = { $who } may occupy { $hex }, emptied by the wind, or skip
picture-storm-phase-convert = { $who } may convert one tile the wind drew, or skip
picture-storm-phase-develop = { $who } develops their cult (actions, then end)
picture-storm-wind-on = Vaal Er Num on { $hex }
# wind: picture-storm-wind-on
picture-storm-rolled-went = { $wind } · rolled { $face } { $steps }, went { $direction }
picture-storm-rolled-choose = { $wind } · rolled { $face } { $steps }: { $choices }?
picture-storm-community = community
picture-storm-limbo = limbo
picture-storm-built = built
picture-storm-sanctuary = sanctuary
picture-storm-key-worshippers = worshippers
picture-storm-key-construction = construction
picture-storm-key-sanctuary = sanctuary
picture-storm-key-wind = the wind
picture-storm-key-move = its move
picture-storm-key-attack = its attack
picture-storm-key-last-move = last move

## Terra

picture-realm-reserve-count = reserve { $count }
# phase: the engine's phase (build, discard)
picture-realm-status = turn { $turn } · { $phase ->
    [build] build
    [discard] discard
    [war] war
   *[other] { $phase }
}
picture-realm-counts = reserve { $reserve } · cup { $cup } · { $discards ->
    [one] { $discards } discard
   *[other] { $discards } discards
}
picture-realm-reserve = reserve
picture-realm-your-reserve = your reserve
picture-realm-discarded = discarded
picture-realm-you-discarded = you discarded
picture-realm-none = none
picture-realm-kind = { $kind ->
    [temple] temple
    [castle] castle
    [town] town
    [farm] farm
    [mine] mine
    [palace] palace
    [army] army
    [mountain] mountain
   *[river] river
}
# who: one name or several; count: how many
picture-realm-winners = { $count ->
    [one] { $who } wins
   *[other] { $who } win
} with { $points ->
    [one] { $points } point
   *[other] { $points } points
}.
picture-realm-must-discard = { $who } must discard { $count } to keep { $keep }
picture-realm-controller = badge and frame: the territory's controller

## When Gods Collide

picture-wgc-face = { $face ->
    [king] King
    [pawn] Pawn
    [knight] Knight
    [queen] Queen
    [bishop] Bishop
    [rook] Rook
    [imp] Imp
    [double-knight] Double Knight
    [winged-sandals] Winged Sandals
    [god-of-wind] God of Wind
    [princess] Princess
   *[seth] Seth
}
picture-wgc-culture = { $culture ->
    [babylonian] Babylonian
    [egyptian] Egyptian
    [greek] Greek
   *[norse] Norse
}
picture-wgc-eliminated = eliminated
picture-wgc-winner = winner
picture-wgc-checkers = { $count ->
    [one] { $count } checker
   *[other] { $count } checkers
}
picture-wgc-tiles = { $count ->
    [one] { $count } tile
   *[other] { $count } tiles
}
picture-wgc-status = { $phase ->
    [tiles] Laying tiles
    [arrange] Arranging armies
    [god] Choosing gods
   *[over] Game over
}
picture-wgc-turn = Turn { $turn } / { $turns }
picture-wgc-phase-line = { $phase ->
    [tiles] Laying tiles, { $tiles } each
    [arrange] Arranging the armies
   *[god] Choosing gods in secret
}
picture-wgc-rolled = { $who } rolled
picture-wgc-chess = chess
picture-wgc-number = number
picture-wgc-hero = hero
picture-wgc-hero-asked = a 6: hero or not?
picture-wgc-hero-asked-short = a 6: hero?
picture-wgc-last-god-standing = last god standing
picture-wgc-turn-limit = most checkers at the turn limit
picture-wgc-out = Out: { $who }
picture-wgc-note-own = crown: your god
picture-wgc-note-found = star in your colour: a god only you found
picture-wgc-note-public = gold star: a god known to all
picture-wgc-note-gaps = grey: gaps

## The replay's captions

picture-replay-start = Start ({ $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
} to come)
# final: yes on the last position
picture-replay-after = After move { $index } of { $moves }{ $final ->
    [yes] , final position
   *[no] {""}
}
picture-replay-after-several = After moves { $first }-{ $last } of { $moves }{ $final ->
    [yes] , final position
   *[no] {""}
}
