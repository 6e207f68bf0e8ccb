# Jogar onde o bot não é membro (issue 55).

anywhere-no-deadline = Sem prazo: aqui eu não posso publicar por conta própria, então respondo cada jogada com o tabuleiro novo, e /tabuleiro o mostra de novo.
anywhere-open = { $title } nº { $id } está aberta abaixo: os jogadores clicam em { match-button-join }, e você clica em { match-button-start }.
anywhere-board-below = O tabuleiro está abaixo.
anywhere-failed = Não consegui abrir a partida agora; nada ficou pela metade. Tente de novo daqui a pouco.
anywhere-unseen = ⏰ { $names }: meu lembrete não conseguiu chegar até você por mensagem direta. Esta partida está esperando a sua jogada.
anywhere-challenge-posted = O desafio nº { $id } está abaixo; ele expira em { $hours ->
        [one] { $hours } hora
        [many] { $hours } de horas
       *[other] { $hours } horas
    } se ninguém responder.
anywhere-challenge-begun = A partida nº { $id } começou: o tabuleiro dela está abaixo.
