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
       *[point] { $score ->
            [one] { $score } point
            [many] { $score } de points
           *[other] { $score } points
        }
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

## Le salon d'attente et le début

match-lobby = **{ $game }** n° { $id } — salon d'attente ({ $seated }/{ $most }, au moins { $least }). Joueurs : { $players }.
match-no-one-yet = personne pour l'instant
match-lobby-options = Options : { $options }.
match-lobby-help = Appuyez sur **Rejoindre** pour jouer ; l'hôte appuie sur **Lancer** quand tout le monde est là.
match-lobby-head = **{ $game }** n° { $id }. Joueurs : { $players }.
match-lobby-aborted = La partie a été annulée.
match-lobby-started = La partie a commencé : les plateaux suivent ci-dessous.
match-lobby-over = La partie est terminée : les plateaux sont ci-dessous.
match-button-join = Rejoindre
match-button-leave = Quitter
match-button-start = Lancer
match-button-ai = Ajouter l'ordinateur
match-open-in = { $game } n° { $id } est ouverte dans { $thread } : les joueurs y appuient sur Rejoindre, et vous appuyez sur Lancer quand tout le monde est là.
match-begins = **{ $game }** n° { $id } commence. Places : { $seats }.
match-seat = { $number }. { $who }

## Ce qu'on répond à celui qui joue

match-played = Coup joué : `{ $move }`.
match-board-where-started = (Son plateau est affiché là où la partie a été lancée : /plateau à cet endroit.)
match-board-not-posted = (Je n'ai pas pu publier le plateau dans le fil de la partie : vérifiez mes permissions.)
match-resign-sure = Abandonner { $game } n° { $id } ? Vous finirez dernier, et le bot jouera à votre place. C'est définitif.
match-button-resign = Oui, abandonner
match-button-rematch = Revanche
match-you-resigned-from = Vous avez abandonné { $game } n° { $id }.
match-not-your-button = Ce bouton n'est pas pour vous.
match-is-aborted = { $game } n° { $id } est annulée.

## La pendule dans le message de début

match-clock = { $parts }.
match-clock-next = { $before } ; { $part }
match-clock-no-reminders = Pas de rappels
match-clock-reminder = Rappel après { $after } h
match-clock-reminders = Rappels après { $after } h, puis toutes les { $every } h
match-clock-deadline = délai de { $hours } h par tour (ensuite { $then ->
        [forfeit] partie perdue
       *[skip] tour passé
    })
match-clock-no-deadline = pas de délai
match-clock-weekends = week-ends en pause (samedi et dimanche UTC ne comptent pas)

## Classement après une partie classée

match-ratings = Classement : { $changes }.
match-rating-change = { $who } { NUMBER($before, minimumFractionDigits: 1) } → { NUMBER($after, minimumFractionDigits: 1) } ({ $sign }{ NUMBER($change, minimumFractionDigits: 1) })

## La console

console-discarded =
    (Ce que vous avez tapé pendant que l'ordinateur réfléchissait a été ignoré : c'était
    pour une position qui n'existe plus.)
console-saved = Sauvegardé. Pour reprendre : { $command }
console-only-move = Un seul coup possible : { $move }. Entrée le joue.
console-plays-only-move = { $who } joue le seul coup possible : { $move }.
console-boards-saved = Plateaux enregistrés dans { $folder }.
console-rematch = Revanche ? [y/N]
console-pass-to = Passez le clavier à { $who } — appuyez sur Entrée
console-pass-to-only-enter = Passez le clavier à { $who } — appuyez sur Entrée (seulement Entrée)
console-no-moves-yet = Aucun coup pour l'instant.
console-resign-sure = Abandonner pour { $who } ? [y/N]
console-not-resigned = Pas d'abandon.
console-every-move = Tous les coups : { $path }
console-record-replayable = L'enregistrement (à rejouer avec --import) : { $path }
console-record-seen = L'enregistrement (ce que tout le monde a vu) : { $path }
