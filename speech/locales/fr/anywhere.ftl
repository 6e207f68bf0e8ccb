# Jouer là où le bot n'est pas membre (ticket 55).

anywhere-no-deadline = Pas de délai : ici, je ne peux pas écrire de moi-même ; chaque coup reçoit donc le nouveau plateau en réponse, et /plateau le montre à nouveau.
anywhere-open = { $title } n° { $id } est ouverte ci-dessous : les joueurs appuient sur { match-button-join }, et vous appuyez sur { match-button-start }.
anywhere-board-below = Le plateau est ci-dessous.
anywhere-failed = Je n'ai pas pu ouvrir la partie pour l'instant ; rien n'est resté en suspens. Réessayez dans un instant.
anywhere-unseen = ⏰ { $names } : mon rappel n'a pas pu vous joindre en message privé. Cette partie attend votre coup.
anywhere-challenge-posted = Le défi n° { $id } est ci-dessous ; il expire au bout de { $hours ->
        [one] { $hours } heure
        [many] { $hours } d'heures
       *[other] { $hours } heures
    } sans réponse.
anywhere-challenge-begun = La partie n° { $id } a commencé : son plateau est ci-dessous.
