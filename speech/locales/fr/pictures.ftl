# Les mots des images de plateau (rendering/) : en-têtes, panneaux, légendes, pieds.
# Courts : chacun tient dans un cadre à lui.

## En-tête de tous les jeux

picture-seat = Place { $number }
picture-player = Joueur { $number }
picture-points = { $count ->
    [one] { $count } pt
    [many] { $count } pts
   *[other] { $count } pts
}
picture-to-act = { $count ->
    [one] À { $who } de jouer
    [many] À { $who } de jouer
   *[other] À { $who } de jouer
}
picture-game-over = Partie terminée
picture-wins = { $who } gagne
picture-share-the-win = { $who } se partagent la victoire
picture-outcome-because = { $outcome } – { $reason }
picture-status-game-over = partie terminée
picture-status-final-position = position finale

## Witch Stones

picture-witch-side = { $side ->
    [suns] soleils
   *[moons] lunes
}
picture-witch-choosing-sides = choix des camps
picture-witch-first-to = premier à { $target }
picture-witch-reached = { $target } points atteints
picture-witch-no-moves-left = plus aucun coup possible
picture-witch-draw = Nulle à { $points ->
    [one] { $points } point
    [many] { $points } points
   *[other] { $points } points
} – plus aucun coup possible
picture-witch-footer = Points : couronne 5, pierre de terre 1, pièce du camp adverse 2, la vôtre 0

## Angry Gods

picture-angry-pool = Réserve
picture-angry-gods = Dieux
picture-angry-towers-left = Tours restantes { $left }/{ $towers }
picture-angry-no-worshippers = aucun fidèle
picture-angry-worshippers = { $count ->
    [one] { $count } fidèle
    [many] { $count } fidèles
   *[other] { $count } fidèles
}
picture-angry-placement = pose { $number }
picture-angry-leader = chef
picture-angry-follower = disciple
picture-angry-god = dieu
picture-angry-false-god = Faux Dieu
picture-angry-footer = Place d'un disciple : une case et un coin, C3 + se = C3se. Croix rouges : disciples tout juste retirés.

## Storm of the Gods

picture-storm-seat-note = C{ $community } L{ $limbo }
picture-storm-status = Tour { $turn } · pile { $stack }
picture-storm-footer = C : communauté (prête) · L : Limbes · nombre du haut : population · { $discarded }
picture-storm-discarded = { $count ->
    [one] { $count } tuile défaussée
    [many] { $count } tuiles défaussées
   *[other] { $count } tuiles défaussées
}
picture-storm-discarded-by-population = { $count ->
    [one] { $count } tuile défaussée
    [many] { $count } tuiles défaussées
   *[other] { $count } tuiles défaussées
} (par population { $populations })
picture-storm-encircled = Vaal Er Num encerclé depuis le tour de { $who } : la partie s'arrête quand ce tour revient, sauf si l'encerclement est rompu
picture-storm-construction-victory = { $who } tient un sanctuaire et 2 constructions : victoire au début de son prochain tour
picture-storm-phase-wind = { $who } a fait { $face } { $steps } : choix du vent, { $options }
picture-storm-phase-occupy = { $who } peut occuper { $hex }, vidé par le vent, ou passer
picture-storm-phase-convert = { $who } peut convertir une tuile tirée par le vent, ou passer
picture-storm-phase-develop = { $who } développe son culte (actions, puis fin)
picture-storm-wind-on = Vaal Er Num en { $hex }
picture-storm-rolled-went = { $wind } · a fait { $face } { $steps }, parti vers { $direction }
picture-storm-rolled-choose = { $wind } · a fait { $face } { $steps } : { $choices } ?
picture-storm-community = communauté
picture-storm-limbo = limbes
picture-storm-built = bâti
picture-storm-sanctuary = sanctuaire
picture-storm-key-worshippers = fidèles
picture-storm-key-construction = construction
picture-storm-key-sanctuary = sanctuaire
picture-storm-key-wind = le vent
picture-storm-key-move = sa course
picture-storm-key-attack = son attaque
picture-storm-key-last-move = dernier coup

## Terra

picture-realm-reserve-count = réserve { $count }
picture-realm-status = tour { $turn } · { $phase ->
    [build] construction
    [discard] défausse
    [war] guerre
   *[other] { $phase }
}
picture-realm-counts = réserve { $reserve } · sac { $cup } · { $discards ->
    [one] { $discards } défausse
    [many] { $discards } défausses
   *[other] { $discards } défausses
}
picture-realm-reserve = réserve
picture-realm-your-reserve = votre réserve
picture-realm-discarded = défaussé
picture-realm-you-discarded = votre défausse
picture-realm-none = aucune
picture-realm-kind = { $kind ->
    [temple] temple
    [castle] château
    [town] ville
    [farm] ferme
    [mine] mine
    [palace] palais
    [army] armée
    [mountain] montagne
   *[river] rivière
}
picture-realm-winners = { $count ->
    [one] { $who } gagne
    [many] { $who } gagnent
   *[other] { $who } gagnent
} avec { $points ->
    [one] { $points } point
    [many] { $points } points
   *[other] { $points } points
}.
picture-realm-must-discard = { $who } doit défausser { $count } pour en garder { $keep }
picture-realm-controller = écusson et cadre : qui contrôle le territoire

## When Gods Collide

picture-wgc-face = { $face ->
    [king] Roi
    [pawn] Pion
    [knight] Cavalier
    [queen] Dame
    [bishop] Fou
    [rook] Tour
    [imp] Diablotin
    [double-knight] Double Cavalier
    [winged-sandals] Sandales ailées
    [god-of-wind] Dieu du Vent
    [princess] Princesse
   *[seth] Seth
}
picture-wgc-culture = { $culture ->
    [babylonian] Babyloniens
    [egyptian] Égyptiens
    [greek] Grecs
   *[norse] Nordiques
}
picture-wgc-eliminated = éliminé
picture-wgc-winner = vainqueur
picture-wgc-checkers = { $count ->
    [one] { $count } pièce
    [many] { $count } pièces
   *[other] { $count } pièces
}
picture-wgc-tiles = { $count ->
    [one] { $count } tuile
    [many] { $count } tuiles
   *[other] { $count } tuiles
}
picture-wgc-status = { $phase ->
    [tiles] Pose des tuiles
    [arrange] Mise en place
    [god] Choix des dieux
   *[over] Partie terminée
}
picture-wgc-turn = Tour { $turn } / { $turns }
picture-wgc-phase-line = { $phase ->
    [tiles] Pose des tuiles, { $tiles } chacun
    [arrange] Mise en place des armées
   *[god] Choix secret des dieux
}
picture-wgc-rolled = { $who } a lancé
picture-wgc-chess = échecs
picture-wgc-number = nombre
picture-wgc-hero = héros
picture-wgc-hero-asked = un 6 : héros ou non ?
picture-wgc-hero-asked-short = un 6 : héros ?
picture-wgc-last-god-standing = dernier dieu debout
picture-wgc-turn-limit = le plus de pièces à la limite de tours
picture-wgc-out = Éliminés : { $who }
picture-wgc-note-own = couronne : votre dieu
picture-wgc-note-found = étoile de votre couleur : un dieu que vous seul avez trouvé
picture-wgc-note-public = étoile dorée : un dieu connu de tous
picture-wgc-note-gaps = gris : trous

## Les légendes de la rediffusion

picture-replay-start = Début ({ $moves ->
    [one] { $moves } coup à venir
    [many] { $moves } coups à venir
   *[other] { $moves } coups à venir
})
picture-replay-after = Après le coup { $index } sur { $moves }{ $final ->
    [yes] , position finale
   *[no] {""}
}
picture-replay-after-several = Après les coups { $first } à { $last } sur { $moves }{ $final ->
    [yes] , position finale
   *[no] {""}
}
