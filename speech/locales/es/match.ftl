# El desarrollo de una partida: lo que muestra su hilo y lo que se le dice a quien juega.

## Quién juega, qué pasó

match-to-act = Le toca a: { $who }.
match-nobody = nadie
match-since-last-turn = Desde el último turno de { $who }:
match-before-first-turn = Antes del primer turno de { $who }:
match-last-move = Última jugada: { $move }
match-more-moves = … { $count ->
        [one] { $count } jugada más
        [many] { $count } de jugadas más
       *[other] { $count } jugadas más
    } (ver /historial) …
match-recap-turn = { $who } { $steps }.
match-recap-each = { $who }, cada uno: { $steps }.
match-recap-next = { $before }; { $step }
match-bot-plays-their-seat = { $said }; a partir de ahora el bot juega en su lugar, y ese puesto queda último.
match-aborted-by = { $who } anuló la partida n.º { $id }.
match-aborted-by-host = El anfitrión anuló la partida n.º { $id }.

## El final

match-game-over = Fin de la partida: { $verdict } ({ $reason }). Puntuación: { $scores }.
match-wins = { $count ->
        [one] gana { $who }
        [many] ganan { $who }
       *[other] ganan { $who }
    }
match-draw = Tablas
match-score = { $who }: { $unit ->
        [checker] { $score ->
            [one] { $score } ficha
            [many] { $score } de fichas
           *[other] { $score } fichas
        }
       *[point] { $score }
    }
match-revealed = Revelado: { $secret }

## Lo que solo ve un jugador

match-private = { $game } n.º { $id }, solo para ti: { $secret }
match-no-secrets = { $game } no tiene información oculta: todo está en el tablero.
match-your-note = Tu nota (solo la ves tú):

## Rechazos

match-write-a-move = Escribe una jugada o elige una de la lista.
match-move-too-long = Eso es demasiado largo para ser una jugada.
match-you-resigned = Te has rendido en esta partida.
match-not-your-turn = No es tu turno: estamos esperando a { $waiting }.
match-illegal-move = Jugada no válida: { $why }.
match-see-rules = Consulta «{ $section }» en las reglas.
match-did-you-mean = ¿Querías decir { $moves }?
match-already-over = Esta partida ya ha terminado.
match-only-host-aborts = Solo el anfitrión o alguien con «Gestionar servidor» puede anular una partida.
match-resign-in-lobby = Esta partida aún no ha empezado; el anfitrión puede anularla.
match-already-resigned = Ya te has rendido.
