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
       *[point] { $score ->
            [one] { $score } punto
            [many] { $score } de puntos
           *[other] { $score } puntos
        }
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

## La sala de espera y el comienzo

match-lobby = **{ $game }** n.º { $id } — sala de espera ({ $seated }/{ $most }, mínimo { $least }). Jugadores: { $players }.
match-no-one-yet = nadie todavía
match-lobby-options = Opciones: { $options }.
match-lobby-help = Pulsa **Unirse** para jugar; el anfitrión pulsa **Empezar** cuando estén todos.
match-lobby-head = **{ $game }** n.º { $id }. Jugadores: { $players }.
match-lobby-aborted = La partida se anuló.
match-lobby-started = La partida ha empezado: los tableros siguen abajo.
match-lobby-over = La partida ha terminado: los tableros están abajo.
match-button-join = Unirse
match-button-leave = Salir
match-button-start = Empezar
match-button-ai = Añadir a la máquina
match-open-in = { $game } n.º { $id } está abierta en { $thread }: allí los jugadores pulsan Unirse, y tú pulsas Empezar cuando estén todos.
match-begins = Empieza **{ $game }** n.º { $id }. Puestos: { $seats }.
match-seat = { $number }. { $who }

## Lo que se le responde a quien juega

match-played = Jugaste `{ $move }`.
match-board-where-started = (Su tablero se muestra donde se empezó la partida: usa /tablero allí.)
match-board-not-posted = (No pude publicar el tablero en el hilo de la partida: revisa mis permisos.)
match-resign-sure = ¿Rendirte en { $game } n.º { $id }? Quedarás en último lugar y el bot jugará en tu puesto. No se puede deshacer.
match-button-resign = Sí, me rindo
match-button-rematch = Revancha
match-you-resigned-from = Te rendiste en { $game } n.º { $id }.
match-not-your-button = Este botón no es para ti.
match-is-aborted = { $game } n.º { $id } está anulada.

## El reloj en el mensaje de inicio

match-clock = { $parts }.
match-clock-next = { $before }; { $part }
match-clock-no-reminders = Sin recordatorios
match-clock-reminder = Recordatorio tras { $after } h
match-clock-reminders = Recordatorios tras { $after } h, luego cada { $every } h
match-clock-deadline = plazo de { $hours } h por turno (después, { $then ->
        [forfeit] partida perdida
       *[skip] se salta el turno
    })
match-clock-no-deadline = sin plazo
match-clock-weekends = fines de semana en pausa (sábado y domingo UTC no cuentan)

## Clasificación tras una partida clasificatoria

match-ratings = Clasificación: { $changes }.
match-rating-change = { $who } { NUMBER($before, minimumFractionDigits: 1) } → { NUMBER($after, minimumFractionDigits: 1) } ({ $sign }{ NUMBER($change, minimumFractionDigits: 1) })

## La consola

console-discarded =
    (Lo que escribiste mientras la máquina pensaba se descartó: era para
    una posición que ya no existe.)
console-saved = Guardado. Para seguir: { $command }
console-only-move = Solo hay una jugada posible: { $move }. Intro la juega.
console-plays-only-move = { $who } juega la única jugada posible: { $move }.
console-boards-saved = Tableros guardados en { $folder }.
console-rematch = ¿Revancha? [y/N]
console-pass-to = Pasa el teclado a { $who } — pulsa Intro
console-pass-to-only-enter = Pasa el teclado a { $who } — pulsa Intro (solo Intro)
console-no-moves-yet = Todavía no hay jugadas.
console-resign-sure = ¿Rendirse en nombre de { $who }? [y/N]
console-not-resigned = No te has rendido.
console-every-move = Todas las jugadas: { $path }
console-record-replayable = El registro (se repite con --import): { $path }
console-record-seen = El registro (lo que todos han visto): { $path }
