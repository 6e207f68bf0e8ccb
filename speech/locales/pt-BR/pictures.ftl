# As palavras das imagens do tabuleiro (rendering/): cabeçalhos, painéis, legendas, rodapés.
# Curtas: cada uma fica num quadro próprio.

## Cabeçalho de todos os jogos

picture-seat = Lugar { $number }
picture-player = Jogador { $number }
picture-points = { $count ->
    [one] { $count } pt
    [many] { $count } pts
   *[other] { $count } pts
}
picture-to-act = { $count ->
    [one] Vez de { $who }
    [many] Vez de { $who }
   *[other] Vez de { $who }
}
picture-game-over = Partida encerrada
picture-wins = { $who } vence
picture-share-the-win = { $who } dividem a vitória
picture-outcome-because = { $outcome } – { $reason }
picture-status-game-over = partida encerrada
picture-status-final-position = posição final

## Witch Stones

picture-witch-side = { $side ->
    [suns] sóis
   *[moons] luas
}
picture-witch-choosing-sides = escolha de lados
picture-witch-first-to = vence quem chegar a { $target }
picture-witch-reached = chegou a { $target } pontos
picture-witch-no-moves-left = sem jogadas restantes
picture-witch-draw = Empate com { $points ->
    [one] { $points } ponto
    [many] { $points } pontos
   *[other] { $points } pontos
} – sem jogadas restantes
picture-witch-footer = Pontos: coroa 5, pedra terrestre 1, peça do outro lado 2, a sua 0

## Angry Gods

picture-angry-pool = Reserva
picture-angry-gods = Deuses
picture-angry-towers-left = Torres restantes { $left }/{ $towers }
picture-angry-no-worshippers = sem fiéis
picture-angry-worshippers = { $count ->
    [one] { $count } fiel
    [many] { $count } fiéis
   *[other] { $count } fiéis
}
picture-angry-placement = colocação { $number }
picture-angry-leader = líder
picture-angry-follower = seguidor
picture-angry-god = deus
picture-angry-false-god = Falso Deus
picture-angry-footer = Lugar de um seguidor: um espaço e um canto, C3 + se = C3se. Cruzes vermelhas: seguidores recém-removidos.

## Storm of the Gods

picture-storm-seat-note = C{ $community } L{ $limbo }
picture-storm-status = Turno { $turn } · pilha { $stack }
picture-storm-footer = C: comunidade (pronta) · L: Limbo · número de cima: população · { $discarded }
picture-storm-discarded = { $count ->
    [one] { $count } peça descartada
    [many] { $count } peças descartadas
   *[other] { $count } peças descartadas
}
picture-storm-discarded-by-population = { $count ->
    [one] { $count } peça descartada
    [many] { $count } peças descartadas
   *[other] { $count } peças descartadas
} (por população { $populations })
picture-storm-encircled = Vaal Er Num cercado desde o turno de { $who }: a partida termina quando esse turno voltar, a menos que o cerco seja rompido
picture-storm-construction-victory = { $who } tem um santuário e 2 construções: vence no início do próximo turno
picture-storm-phase-wind = { $who } tirou { $face } { $steps }: escolha do vento, { $options }
picture-storm-phase-occupy = { $who } pode ocupar { $hex }, esvaziado pelo vento, ou passar
picture-storm-phase-convert = { $who } pode converter uma peça que o vento puxou, ou passar
picture-storm-phase-develop = { $who } desenvolve seu culto (ações, depois fim)
picture-storm-wind-on = Vaal Er Num em { $hex }
picture-storm-rolled-went = { $wind } · tirou { $face } { $steps }, foi para { $direction }
picture-storm-rolled-choose = { $wind } · tirou { $face } { $steps }: { $choices }?
picture-storm-community = comunidade
picture-storm-limbo = limbo
picture-storm-built = obras
picture-storm-sanctuary = santuário
picture-storm-key-worshippers = fiéis
picture-storm-key-construction = construção
picture-storm-key-sanctuary = santuário
picture-storm-key-wind = o vento
picture-storm-key-move = seu avanço
picture-storm-key-attack = seu ataque
picture-storm-key-last-move = última jogada

## Terra

picture-realm-reserve-count = reserva { $count }
picture-realm-status = turno { $turn } · { $phase ->
    [build] construir
    [discard] descartar
    [war] guerra
   *[other] { $phase }
}
picture-realm-counts = reserva { $reserve } · saco { $cup } · { $discards ->
    [one] { $discards } descarte
    [many] { $discards } descartes
   *[other] { $discards } descartes
}
picture-realm-reserve = reserva
picture-realm-your-reserve = sua reserva
picture-realm-discarded = descartadas
picture-realm-you-discarded = seus descartes
picture-realm-none = nenhuma
picture-realm-kind = { $kind ->
    [temple] templo
    [castle] castelo
    [town] cidade
    [farm] fazenda
    [mine] mina
    [palace] palácio
    [army] exército
    [mountain] montanha
   *[river] rio
}
picture-realm-winners = { $count ->
    [one] { $who } vence
    [many] { $who } vencem
   *[other] { $who } vencem
} com { $points ->
    [one] { $points } ponto
    [many] { $points } pontos
   *[other] { $points } pontos
}.
picture-realm-must-discard = { $who } precisa descartar { $count } para ficar com { $keep }
picture-realm-controller = brasão e moldura: quem controla o território

## When Gods Collide

picture-wgc-face = { $face ->
    [king] Rei
    [pawn] Peão
    [knight] Cavalo
    [queen] Dama
    [bishop] Bispo
    [rook] Torre
    [imp] Diabrete
    [double-knight] Cavalo duplo
    [winged-sandals] Sandálias aladas
    [god-of-wind] Deus do vento
    [princess] Princesa
   *[seth] Seth
}
picture-wgc-culture = { $culture ->
    [babylonian] Babilônios
    [egyptian] Egípcios
    [greek] Gregos
   *[norse] Nórdicos
}
picture-wgc-eliminated = eliminado
picture-wgc-winner = vencedor
picture-wgc-checkers = { $count ->
    [one] { $count } pedra
    [many] { $count } pedras
   *[other] { $count } pedras
}
picture-wgc-tiles = { $count ->
    [one] { $count } peça
    [many] { $count } peças
   *[other] { $count } peças
}
picture-wgc-status = { $phase ->
    [tiles] Colocando peças
    [arrange] Posicionando exércitos
    [god] Escolhendo deuses
   *[over] Partida encerrada
}
picture-wgc-turn = Turno { $turn } / { $turns }
picture-wgc-phase-line = { $phase ->
    [tiles] Colocando peças, { $tiles } cada
    [arrange] Posicionando os exércitos
   *[god] Escolhendo deuses em segredo
}
picture-wgc-rolled = { $who } tirou
picture-wgc-chess = xadrez
picture-wgc-number = número
picture-wgc-hero = herói
picture-wgc-hero-asked = um 6: herói ou não?
picture-wgc-hero-asked-short = um 6: herói?
picture-wgc-last-god-standing = último deus de pé
picture-wgc-turn-limit = mais pedras no limite de turnos
picture-wgc-out = Eliminados: { $who }
picture-wgc-note-own = coroa: seu deus
picture-wgc-note-found = estrela da sua cor: um deus que só você encontrou
picture-wgc-note-public = estrela dourada: um deus que todos conhecem
picture-wgc-note-gaps = cinza: vazios

## As legendas do replay

picture-replay-start = Início ({ $moves ->
    [one] { $moves } jogada pela frente
    [many] { $moves } jogadas pela frente
   *[other] { $moves } jogadas pela frente
})
picture-replay-after = Após a jogada { $index } de { $moves }{ $final ->
    [yes] , posição final
   *[no] {""}
}
picture-replay-after-several = Após as jogadas { $first }-{ $last } de { $moves }{ $final ->
    [yes] , posição final
   *[no] {""}
}
