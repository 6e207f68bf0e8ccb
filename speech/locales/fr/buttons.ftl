# Les boutons de coups d'un plateau, quand ils ne valent plus.

buttons-stale = Le plateau a changé depuis que ces boutons ont été publiés ; utilisez le plateau le plus récent ou /{ name-move }.
buttons-stale-link = Le plateau a changé depuis que ces boutons ont été publiés ; le plateau actuel : { $link }
buttons-not-your-turn = Ce n'est pas votre tour : ce bouton est pour le joueur qui doit jouer.
buttons-not-yours = Ce n'est pas votre tour : ces boutons sont pour un autre joueur.
