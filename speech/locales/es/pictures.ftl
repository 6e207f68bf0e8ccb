# Las palabras de las imágenes del tablero (rendering/): cabeceras, paneles, leyendas, pies.
# Cortas: cada una va en un recuadro propio.

## Cabecera de todos los juegos

picture-seat = Puesto { $number }
picture-player = Jugador { $number }
picture-points = { $count ->
    [one] { $count } pt
    [many] { $count } pts
   *[other] { $count } pts
}
picture-to-act = { $count ->
    [one] Juega { $who }
    [many] Juegan { $who }
   *[other] Juegan { $who }
}
picture-game-over = Partida terminada
picture-wins = Gana { $who }
picture-share-the-win = { $who } comparten la victoria
picture-outcome-because = { $outcome } – { $reason }
picture-status-game-over = partida terminada
picture-status-final-position = posición final

## Witch Stones

picture-witch-side = { $side ->
    [suns] soles
   *[moons] lunas
}
picture-witch-choosing-sides = elección de bando
picture-witch-first-to = gana quien llegue a { $target }
picture-witch-reached = llegó a { $target } puntos
picture-witch-no-moves-left = no quedan jugadas
picture-witch-draw = Tablas a { $points ->
    [one] { $points } punto
    [many] { $points } puntos
   *[other] { $points } puntos
} – no quedan jugadas
picture-witch-footer = Puntos: corona 5, piedra de tierra 1, pieza del otro bando 2, la tuya 0

## Angry Gods

picture-angry-pool = Reserva
picture-angry-gods = Dioses
picture-angry-towers-left = Torres restantes { $left }/{ $towers }
picture-angry-no-worshippers = sin fieles
picture-angry-worshippers = { $count ->
    [one] { $count } fiel
    [many] { $count } fieles
   *[other] { $count } fieles
}
picture-angry-placement = colocación { $number }
picture-angry-leader = líder
picture-angry-follower = seguidor
picture-angry-god = dios
picture-angry-false-god = Dios Falso
picture-angry-footer = Lugar de un seguidor: una casilla y una esquina, C3 + se = C3se. Cruces rojas: seguidores recién retirados.

## Storm of the Gods

picture-storm-seat-note = C{ $community } L{ $limbo }
picture-storm-status = Turno { $turn } · mazo { $stack }
picture-storm-footer = C: comunidad (lista) · L: Limbo · número de arriba: población · { $discarded }
picture-storm-discarded = { $count ->
    [one] { $count } loseta descartada
    [many] { $count } losetas descartadas
   *[other] { $count } losetas descartadas
}
picture-storm-discarded-by-population = { $count ->
    [one] { $count } loseta descartada
    [many] { $count } losetas descartadas
   *[other] { $count } losetas descartadas
} (por población { $populations })
picture-storm-encircled = Vaal Er Num rodeado desde el turno de { $who }: la partida termina cuando ese turno vuelva, salvo que se rompa el cerco
picture-storm-construction-victory = { $who } tiene un santuario y 2 construcciones: gana al empezar su próximo turno
picture-storm-phase-wind = { $who } sacó { $face } { $steps }: toca elegir el viento, { $options }
picture-storm-phase-occupy = { $who } puede ocupar { $hex }, vaciada por el viento, o pasar
picture-storm-phase-convert = { $who } puede convertir una loseta que arrastró el viento, o pasar
picture-storm-phase-develop = { $who } desarrolla su culto (acciones, luego fin)
picture-storm-wind-on = Vaal Er Num en { $hex }
picture-storm-rolled-went = { $wind } · sacó { $face } { $steps }, fue hacia { $direction }
picture-storm-rolled-choose = { $wind } · sacó { $face } { $steps }: ¿{ $choices }?
picture-storm-community = comunidad
picture-storm-limbo = limbo
picture-storm-built = obras
picture-storm-sanctuary = santuario
picture-storm-key-worshippers = fieles
picture-storm-key-construction = construcción
picture-storm-key-sanctuary = santuario
picture-storm-key-wind = el viento
picture-storm-key-move = su avance
picture-storm-key-attack = su ataque
picture-storm-key-last-move = última jugada

## Terra

picture-realm-reserve-count = reserva { $count }
picture-realm-status = turno { $turn } · { $phase ->
    [build] construir
    [discard] descartar
    [war] guerra
   *[other] { $phase }
}
picture-realm-counts = reserva { $reserve } · bolsa { $cup } · { $discards ->
    [one] { $discards } descarte
    [many] { $discards } descartes
   *[other] { $discards } descartes
}
picture-realm-reserve = reserva
picture-realm-your-reserve = tu reserva
picture-realm-discarded = descartadas
picture-realm-you-discarded = tus descartes
picture-realm-none = ninguna
picture-realm-kind = { $kind ->
    [temple] templo
    [castle] castillo
    [town] ciudad
    [farm] granja
    [mine] mina
    [palace] palacio
    [army] ejército
    [mountain] montaña
   *[river] río
}
picture-realm-winners = { $count ->
    [one] Gana { $who }
    [many] Ganan { $who }
   *[other] Ganan { $who }
} con { $points ->
    [one] { $points } punto
    [many] { $points } puntos
   *[other] { $points } puntos
}.
picture-realm-must-discard = { $who } debe descartar { $count } para quedarse con { $keep }
picture-realm-controller = escudo y marco: quién controla el territorio

## When Gods Collide

picture-wgc-face = { $face ->
    [king] Rey
    [pawn] Peón
    [knight] Caballo
    [queen] Dama
    [bishop] Alfil
    [rook] Torre
    [imp] Diablillo
    [double-knight] Caballo doble
    [winged-sandals] Sandalias aladas
    [god-of-wind] Dios del viento
    [princess] Princesa
   *[seth] Seth
}
picture-wgc-culture = { $culture ->
    [babylonian] Babilonios
    [egyptian] Egipcios
    [greek] Griegos
   *[norse] Nórdicos
}
picture-wgc-eliminated = eliminado
picture-wgc-winner = ganador
picture-wgc-checkers = { $count ->
    [one] { $count } ficha
    [many] { $count } fichas
   *[other] { $count } fichas
}
picture-wgc-tiles = { $count ->
    [one] { $count } loseta
    [many] { $count } losetas
   *[other] { $count } losetas
}
picture-wgc-status = { $phase ->
    [tiles] Colocando losetas
    [arrange] Desplegando ejércitos
    [god] Eligiendo dioses
   *[over] Partida terminada
}
picture-wgc-turn = Turno { $turn } / { $turns }
picture-wgc-phase-line = { $phase ->
    [tiles] Colocando losetas, { $tiles } cada uno
    [arrange] Desplegando los ejércitos
   *[god] Eligiendo dioses en secreto
}
picture-wgc-rolled = { $who } sacó
picture-wgc-chess = ajedrez
picture-wgc-number = número
picture-wgc-hero = héroe
picture-wgc-hero-asked = un 6: ¿héroe o no?
picture-wgc-hero-asked-short = un 6: ¿héroe?
picture-wgc-last-god-standing = último dios en pie
picture-wgc-turn-limit = más fichas al llegar al límite de turnos
picture-wgc-out = Eliminados: { $who }
picture-wgc-note-own = corona: tu dios
picture-wgc-note-found = estrella de tu color: un dios que solo tú encontraste
picture-wgc-note-public = estrella dorada: un dios que todos conocen
picture-wgc-note-gaps = gris: huecos

## Los rótulos de la repetición

picture-replay-start = Inicio ({ $moves ->
    [one] falta { $moves } jugada
    [many] faltan { $moves } jugadas
   *[other] faltan { $moves } jugadas
})
picture-replay-after = Tras la jugada { $index } de { $moves }{ $final ->
    [yes] , posición final
   *[no] {""}
}
picture-replay-after-several = Tras las jugadas { $first }-{ $last } de { $moves }{ $final ->
    [yes] , posición final
   *[no] {""}
}
