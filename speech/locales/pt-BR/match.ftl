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
       *[point] { $score ->
            [one] { $score } ponto
            [many] { $score } de pontos
           *[other] { $score } pontos
        }
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

## O saguão e o início

match-lobby = **{ $game }** nº { $id } — saguão ({ $seated }/{ $most }, mínimo { $least }). Jogadores: { $players }.
match-no-one-yet = ninguém ainda
match-lobby-options = Opções: { $options }.
match-lobby-help = Aperte **Entrar** para jogar; o anfitrião aperta **Começar** quando todos estiverem aqui.
match-lobby-head = **{ $game }** nº { $id }. Jogadores: { $players }.
match-lobby-aborted = A partida foi anulada.
match-lobby-started = A partida começou: os tabuleiros vêm abaixo.
match-lobby-over = A partida terminou: os tabuleiros estão abaixo.
match-button-join = Entrar
match-button-leave = Sair
match-button-start = Começar
match-button-ai = Adicionar computador
match-open-in = { $game } nº { $id } está aberta em { $thread }: lá os jogadores apertam Entrar, e você aperta Começar quando todos estiverem lá.
match-begins = **{ $game }** nº { $id } começa. Lugares: { $seats }.
match-seat = { $number }. { $who }

## O que quem joga fica sabendo

match-played = Você jogou `{ $move }`.
match-board-where-started = (O tabuleiro aparece onde a partida foi iniciada: use /tabuleiro lá.)
match-board-not-posted = (Não consegui postar o tabuleiro no tópico da partida: confira minhas permissões.)
match-resign-sure = Desistir de { $game } nº { $id }? Você ficará em último, e o bot jogará no seu lugar. Isso não pode ser desfeito.
match-button-resign = Sim, desistir
match-button-rematch = Revanche
match-you-resigned-from = Você desistiu de { $game } nº { $id }.
match-not-your-button = Este botão não é seu.
match-is-aborted = { $game } nº { $id } foi anulada.

## O relógio na mensagem de início

match-clock = { $parts }.
match-clock-next = { $before }; { $part }
match-clock-no-reminders = Sem lembretes
match-clock-reminder = Lembrete após { $after } h
match-clock-reminders = Lembretes após { $after } h, depois a cada { $every } h
match-clock-deadline = prazo de { $hours } h por turno (depois, { $then ->
        [forfeit] derrota
       *[skip] o turno é pulado
    })
match-clock-no-deadline = sem prazo
match-clock-weekends = fins de semana pausados (sábado e domingo UTC não contam)

## Rating depois de uma partida ranqueada

match-ratings = Rating: { $changes }.
match-rating-change = { $who } { NUMBER($before, minimumFractionDigits: 1) } → { NUMBER($after, minimumFractionDigits: 1) } ({ $sign }{ NUMBER($change, minimumFractionDigits: 1) })

## O console

console-discarded =
    (O que você digitou enquanto o computador pensava foi descartado: era para
    uma posição que não existe mais.)
console-saved = Salvo. Para continuar: { $command }
console-only-move = Só há uma jogada possível: { $move }. Enter a joga.
console-plays-only-move = { $who } joga a única jogada possível: { $move }.
console-boards-saved = Tabuleiros salvos em { $folder }.
console-rematch = Revanche? [y/N]
console-pass-to = Passe o teclado para { $who } — aperte Enter
console-pass-to-only-enter = Passe o teclado para { $who } — aperte Enter (só Enter)
console-no-moves-yet = Ainda não há jogadas.
console-resign-sure = Desistir por { $who }? [y/N]
console-not-resigned = Não desistiu.
console-every-move = Todas as jogadas: { $path }
console-record-replayable = O registro (para repetir com --import): { $path }
console-record-seen = O registro (o que todos viram): { $path }
