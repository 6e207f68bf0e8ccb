# Le déroulement d'une partie : ce que montre son fil et ce qu'apprend celui qui joue.

## Qui joue, ce qui s'est passé

match-to-act = À jouer : { $who }.
match-nobody = personne
match-since-last-turn = Depuis le dernier tour de { $who } :
match-before-first-turn = Avant le premier tour de { $who } :
match-last-move = Dernier coup : { $move }
match-more-moves = … { $count ->
        [one] { $count } autre coup
        [many] { $count } d'autres coups
       *[other] { $count } autres coups
    } (voir /historique) …
match-recap-turn = { $who } { $steps }.
match-recap-each = { $who }, chacun : { $steps }.
match-recap-next = { $before } ; { $step }
match-bot-plays-their-seat = { $said } ; désormais le bot joue à sa place, et cette place finit dernière.
match-aborted-by = La partie n° { $id } a été annulée par { $who }.
match-aborted-by-host = La partie n° { $id } a été annulée par l'hôte.

## La fin

match-game-over = Partie terminée : { $verdict } ({ $reason }). Scores : { $scores }.
match-wins = { $count ->
        [one] { $who } gagne
        [many] { $who } gagnent
       *[other] { $who } gagnent
    }
match-draw = Partie nulle
match-score = { $who } : { $unit ->
        [checker] { $score ->
            [one] { $score } pion
            [many] { $score } de pions
           *[other] { $score } pions
        }
       *[point] { $score }
    }
match-revealed = Révélé : { $secret }

## Ce qu'un seul joueur voit

match-private = { $game } n° { $id }, rien que pour vous : { $secret }
match-no-secrets = { $game } n'a aucune information cachée : tout est sur le plateau.
match-your-note = Votre note (vous seul la voyez) :

## Refus

match-write-a-move = Écrivez un coup, ou choisissez-en un dans la liste.
match-move-too-long = C'est bien trop long pour être un coup.
match-you-resigned = Vous avez abandonné cette partie.
match-not-your-turn = Ce n'est pas à vous de jouer : on attend { $waiting }.
match-illegal-move = Coup illégal : { $why }.
match-see-rules = Voir « { $section } » dans les règles.
match-did-you-mean = Vouliez-vous dire { $moves } ?
match-already-over = Cette partie est déjà terminée.
match-only-host-aborts = Seuls l'hôte ou un membre ayant « Gérer le serveur » peuvent annuler une partie.
match-resign-in-lobby = Cette partie n'a pas encore commencé ; l'hôte peut l'annuler.
match-already-resigned = Vous avez déjà abandonné.
