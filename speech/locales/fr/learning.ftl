# Apprendre un jeu : les leçons de /apprendre, /conseil et /analyse. Les mots d'une
# leçon elle-même sont dans ses calques, à côté du script (engines/**/learn.fr.toml).

## Le message du plateau d'une leçon et les refus de ses étapes

lesson-step-above = **{ $title }**, étape { $number } sur { $steps } : { $rule }
lesson-step-below = ➡️ { $ask }
lesson-finish = 🎓 { $finish }
lesson-step-text =
    Étape { $number } sur { $steps } : { $rule }
    { $ask }
lesson-wrong = { $wrong }
lesson-hint = { $move } (étape { $number } sur { $steps }) : { $rule } { $ask }

## /apprendre

lesson-no-game = Il n'y a pas de jeu « { $game } ».
lesson-none-yet = { $game } n'a pas encore de leçon ; leçons disponibles : { $lessons }.
lesson-running = { $where ->
    [none] Votre leçon sur { $game } (n° { $match }) est toujours en cours : continuez-la, ou abandonnez-la pour recommencer.
   *[other] Votre leçon sur { $game } (n° { $match }) est toujours en cours dans { $where } : continuez-la là-bas, ou abandonnez-la pour recommencer.
}
lesson-opened = Votre leçon sur { $game } (n° { $match }) est ouverte dans { $thread } : jouez chaque étape avec /coup ou les boutons.
lesson-opened-no-board = Votre leçon sur { $game } (n° { $match }) est ouverte dans { $thread } (je n'ai pas pu y publier le plateau) : jouez chaque étape avec /coup ou les boutons.
lesson-public-thread = Remarque : ce fil est public (je n'ai pas le droit d'ouvrir des fils privés dans ce salon), les autres membres peuvent donc le voir ; mais vous seul jouez votre leçon ou la consultez avec /plateau, /historique ou /exporter.
lesson-public-forum = Remarque : ce fil est public (un forum n'a pas de publications privées), les autres membres peuvent donc le voir ; mais vous seul jouez votre leçon ou la consultez avec /plateau, /historique ou /exporter.
lesson-forum-post = **{ $thread }** (une leçon)
lesson-here = Votre leçon sur { $game } (n° { $match }) est ci-dessous : jouez chaque étape avec /coup ou les boutons.
lesson-here-no-board = Votre leçon sur { $game } (n° { $match }) est ouverte, mais je n'ai pas pu en montrer le plateau (utilisez /plateau) : jouez chaque étape avec /coup ou les boutons.
lesson-here-seen = Tout le monde dans cette conversation la voit ; vous seul la jouez. Dans un MP avec moi, elle n'est qu'à vous.

## /conseil

hint-not-a-player = Seul un joueur de cette partie peut demander un conseil.
hint-resigned = Vous avez abandonné cette partie : l'ordinateur joue à votre place.
hint-tournament = Aucun conseil n'est donné dans les parties de tournoi.
hint-rated = Les conseils sont réservés aux parties non classées, et celle-ci est classée.
hint-not-running = Cette partie n'est pas en cours : un conseil porte sur un coup encore à jouer.
hint-not-your-turn = Ce n'est pas à vous de jouer : un conseil porte sur le coup que vous avez à jouer.
hint-given = Conseil pour { $name } (vous seul le voyez ; { $count ->
        [one] { $count } conseil pris
        [many] { $count } de conseils pris
       *[other] { $count } conseils pris
    } dans cette partie) : { $hint }
hints-taken = { $name } a pris { $count ->
        [one] { $count } conseil
        [many] { $count } de conseils
       *[other] { $count } conseils
    }.

## /analyse

review-not-a-player = Seul un joueur de cette partie peut en demander l'analyse.
review-not-over = Cette partie n'est pas encore finie : l'analyse vient une fois qu'elle est terminée.
review-no-choice = Analyse de { $game } n° { $match } : vous n'y avez fait aucun choix à examiner.
review-heading = Analyse de { $game } n° { $match } pour { $name } : l'ordinateur a rejoué { $decisions ->
        [one] votre { $decisions } décision
        [many] vos { $decisions } de décisions
       *[other] vos { $decisions } décisions
    } et désigne { $moments ->
        [one] { $moments } moment
        [many] { $moments } de moments
       *[other] { $moments } moments
    } où la partie a basculé.{ $cut ->
        [search] { " " }Le temps a manqué après { $looked } de vos { $decisions } décisions : ces moments sont parmi celles-là.
       *[none] { "" }
    }{ $pictures ->
        [cut] { " " }Le temps a manqué avant que chaque image soit dessinée : ces moments-là sont en mots seulement.
       *[all] { "" }
    }
review-moment-same = Coup { $move } : vous avez joué { $played }, le choix de l'ordinateur aussi (vos chances : { NUMBER($chances, style: "percent") }). { $reason }
review-moment-other = Coup { $move } : vous avez joué { $played } ; l'ordinateur préfère { $reason } Son estimation de vos chances : { NUMBER($chances, style: "percent") } avec son coup, { NUMBER($yours, style: "percent") } avec le vôtre (un écart de { $swing } points sur cent).
review-marked-same = { $board } Marqué : votre coup { $played } dans votre couleur.
review-marked-other = { $board } Marqués : votre coup { $played } dans votre couleur, celui de l'ordinateur, { $best }, dans la couleur de surbrillance.
review-progress = Analyse… { $done }/{ $total } positions
review-computer-alone = La partie n° { $match } a été jouée par l'ordinateur seul : il n'y a personne pour qui l'analyser.
review-command = L'analyse de l'ordinateur : { $command }
review-picture = [image : { $path }]
