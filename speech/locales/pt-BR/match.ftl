# O andamento de uma partida: o que o tópico mostra e o que quem joga fica sabendo.

## Quem joga, o que aconteceu

match-to-act = Vez de: { $who }.
match-nobody = ninguém
match-since-last-turn = Desde o último turno de { $who }:
match-before-first-turn = Antes do primeiro turno de { $who }:
match-last-move = Última jogada: { $move }
match-more-moves = … mais { $count ->
        [one] { $count } jogada
        [many] { $count } de jogadas
       *[other] { $count } jogadas
    } (veja /histórico) …
match-recap-turn = { $who } { $steps }.
match-recap-each = { $who }, cada um: { $steps }.
match-recap-next = { $before }; { $step }
match-bot-plays-their-seat = { $said }; de agora em diante o bot joga no lugar dele, e esse lugar fica em último.
match-aborted-by = A partida nº { $id } foi anulada por { $who }.
match-aborted-by-host = A partida nº { $id } foi anulada pelo anfitrião.

## O fim

match-game-over = Fim de jogo: { $verdict } ({ $reason }). Placar: { $scores }.
match-wins = { $count ->
        [one] { $who } vence
        [many] { $who } vencem
       *[other] { $who } vencem
    }
match-draw = Empate
match-score = { $who }: { $unit ->
        [checker] { $score ->
            [one] { $score } peça
            [many] { $score } de peças
           *[other] { $score } peças
        }
       *[point] { $score }
    }
match-revealed = Revelado: { $secret }

## O que só um jogador vê

match-private = { $game } nº { $id }, só para você: { $secret }
match-no-secrets = { $game } não tem informação oculta: está tudo no tabuleiro.
match-your-note = Sua anotação (só você vê):

## Recusas

match-write-a-move = Escreva uma jogada ou escolha uma da lista.
match-move-too-long = Isso é longo demais para ser uma jogada.
match-you-resigned = Você desistiu desta partida.
match-not-your-turn = Não é a sua vez: esperando { $waiting }.
match-illegal-move = Jogada inválida: { $why }.
match-see-rules = Veja "{ $section }" nas regras.
match-did-you-mean = Você quis dizer { $moves }?
match-already-over = Esta partida já terminou.
match-only-host-aborts = Só o anfitrião ou alguém com "Gerenciar servidor" pode anular uma partida.
match-resign-in-lobby = Esta partida ainda não começou; o anfitrião pode anulá-la.
match-already-resigned = Você já desistiu.
