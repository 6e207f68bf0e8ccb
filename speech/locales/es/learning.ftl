# Aprender un juego: las lecciones de /aprender, /pista y /análisis. Las palabras de la
# lección misma están en sus capas junto al guion (engines/**/learn.es.toml).

## El mensaje del tablero de una lección y los rechazos de sus pasos

lesson-step-above = **{ $title }**, paso { $number } de { $steps }: { $rule }
lesson-step-below = ➡️ { $ask }
lesson-finish = 🎓 { $finish }
lesson-step-text =
    Paso { $number } de { $steps }: { $rule }
    { $ask }
lesson-wrong = { $wrong }
lesson-hint = { $move } (paso { $number } de { $steps }): { $rule } { $ask }

## /aprender

lesson-no-game = No hay ningún juego «{ $game }».
lesson-none-yet = { $game } todavía no tiene lección; lecciones: { $lessons }.
lesson-running = { $where ->
    [none] Tu lección de { $game } (n.º { $match }) sigue en marcha: continúa allí, o ríndete para empezar de nuevo.
   *[other] Tu lección de { $game } (n.º { $match }) sigue en marcha en { $where }: continúa allí, o ríndete para empezar de nuevo.
}
lesson-opened = Tu lección de { $game } (n.º { $match }) está abierta en { $thread }: juega cada paso con /jugada o con los botones.
lesson-opened-no-board = Tu lección de { $game } (n.º { $match }) está abierta en { $thread } (no he podido publicar allí el tablero): juega cada paso con /jugada o con los botones.
lesson-public-thread = Nota: este hilo es público (no puedo abrir hilos privados en este canal), así que otros miembros pueden verlo; pero solo tú juegas tu lección o la consultas con /tablero, /historial o /exportar.
lesson-public-forum = Nota: este hilo es público (un foro no tiene publicaciones privadas), así que otros miembros pueden verlo; pero solo tú juegas tu lección o la consultas con /tablero, /historial o /exportar.
lesson-forum-post = **{ $thread }** (una lección)
lesson-here = Tu lección de { $game } (n.º { $match }) está aquí abajo: juega cada paso con /jugada o con los botones.
lesson-here-no-board = Tu lección de { $game } (n.º { $match }) está abierta, pero no he podido mostrar su tablero (usa /tablero): juega cada paso con /jugada o con los botones.
lesson-here-seen = Todos en esta conversación la ven; solo tú la juegas. En un MD conmigo, es solo tuya.

## /pista

hint-not-a-player = Solo un jugador de esta partida puede pedir una pista.
hint-resigned = Te has rendido en esta partida: la máquina juega tu puesto.
hint-tournament = En las partidas de torneo no se dan pistas.
hint-rated = Las pistas son solo para partidas no puntuables, y esta es puntuable.
hint-not-running = Esta partida no está en curso: una pista es para una jugada aún por hacer.
hint-not-your-turn = No es tu turno: una pista es para la jugada que te toca hacer.
hint-given = Pista para { $name } (solo la ves tú; { $count ->
        [one] { $count } pista usada
        [many] { $count } de pistas usadas
       *[other] { $count } pistas usadas
    } en esta partida): { $hint }
hints-taken = { $name } usó { $count ->
        [one] { $count } pista
        [many] { $count } de pistas
       *[other] { $count } pistas
    }.

## /análisis

review-not-a-player = Solo un jugador de esta partida puede pedir su análisis.
review-not-over = Esta partida aún no ha terminado: el análisis llega cuando acaba.
review-no-choice = Análisis de { $game } n.º { $match }: no tomaste en ella ninguna decisión que examinar.
review-heading = Análisis de { $game } n.º { $match } para { $name }: la máquina ha repasado { $decisions ->
        [one] tu { $decisions } decisión
        [many] tus { $decisions } de decisiones
       *[other] tus { $decisions } decisiones
    } y señala { $moments ->
        [one] { $moments } momento
        [many] { $moments } de momentos
       *[other] { $moments } momentos
    } en que la partida dio un giro.{ $cut ->
        [search] { " " }Se acabó el tiempo tras { $looked } de tus { $decisions } decisiones: estos momentos están entre ellas.
       *[none] { "" }
    }{ $pictures ->
        [cut] { " " }Se acabó el tiempo antes de dibujar todas las imágenes: esos momentos van solo en palabras.
       *[all] { "" }
    }
review-moment-same = Jugada { $move }: jugaste { $played }, que también es la elección de la máquina (tus posibilidades: { NUMBER($chances, style: "percent") }). { $reason }
review-moment-other = Jugada { $move }: jugaste { $played }; la máquina prefiere { $reason } Su estimación de tus posibilidades: { NUMBER($chances, style: "percent") } con su jugada, { NUMBER($yours, style: "percent") } con la tuya (una diferencia de { $swing } puntos sobre cien).
review-marked-same = { $board } Marcada: tu jugada { $played } en tu color.
review-marked-other = { $board } Marcadas: tu jugada { $played } en tu color, y la de la máquina, { $best }, en el color de resaltado.
review-progress = Analizando… { $done }/{ $total } posiciones
review-computer-alone = La partida n.º { $match } la jugó solo la máquina: no hay nadie para quien analizarla.
review-command = El análisis de la máquina: { $command }
review-picture = [imagen: { $path }]
