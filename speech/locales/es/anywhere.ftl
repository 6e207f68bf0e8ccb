# Jugar donde el bot no es miembro (issue 55).

anywhere-no-deadline = Sin plazo: aquí no puedo publicar por mi cuenta, así que respondo a cada jugada con el tablero nuevo, y /tablero lo vuelve a mostrar.
anywhere-open = { $title } #{ $id } está abierta abajo: los jugadores pulsan { match-button-join } y tú pulsas { match-button-start }.
anywhere-board-below = El tablero está abajo.
anywhere-failed = No he podido abrir la partida ahora mismo; no ha quedado nada a medias. Vuelve a intentarlo en un momento.
anywhere-unseen = ⏰ { $names }: mi recordatorio no ha podido llegarte por mensaje directo. Esta partida espera tu jugada.
anywhere-challenge-posted = El desafío #{ $id } está abajo; caduca en { $hours ->
        [one] { $hours } hora
        [many] { $hours } de horas
       *[other] { $hours } horas
    } si nadie responde.
anywhere-challenge-begun = La partida #{ $id } ha empezado: su tablero está abajo.
