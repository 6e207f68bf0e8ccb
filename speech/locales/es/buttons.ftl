# Los botones de jugada de un tablero, cuando ya no valen.

buttons-stale = El tablero ha cambiado desde que se publicaron estos botones; usa el tablero más reciente o /{ name-move }.
buttons-stale-link = El tablero ha cambiado desde que se publicaron estos botones; el tablero actual: { $link }
buttons-not-your-turn = No es tu turno: este botón es para el jugador que tiene el turno.
buttons-not-yours = No es tu turno: estos botones son para otro jugador.
