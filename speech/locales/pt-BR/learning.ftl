# Aprender um jogo: as lições de /aprender, /dica e /análise. As palavras da própria
# lição ficam nas suas camadas ao lado do roteiro (engines/**/learn.pt-BR.toml).

## A mensagem do tabuleiro de uma lição e as recusas dos seus passos

lesson-step-above = **{ $title }**, passo { $number } de { $steps }: { $rule }
lesson-step-below = ➡️ { $ask }
lesson-finish = 🎓 { $finish }
lesson-step-text =
    Passo { $number } de { $steps }: { $rule }
    { $ask }
lesson-wrong = { $wrong }
lesson-hint = { $move } (passo { $number } de { $steps }): { $rule } { $ask }

## /aprender

lesson-no-game = Não existe o jogo "{ $game }".
lesson-none-yet = { $game } ainda não tem lição; lições: { $lessons }.
lesson-running = { $where ->
    [none] Sua lição de { $game } (nº { $match }) ainda está em andamento: continue lá, ou desista dela para começar de novo.
   *[other] Sua lição de { $game } (nº { $match }) ainda está em andamento em { $where }: continue lá, ou desista dela para começar de novo.
}
lesson-opened = Sua lição de { $game } (nº { $match }) está aberta em { $thread }: jogue cada passo com /jogada ou com os botões.
lesson-opened-no-board = Sua lição de { $game } (nº { $match }) está aberta em { $thread } (não consegui postar o tabuleiro lá): jogue cada passo com /jogada ou com os botões.
lesson-public-thread = Observação: este tópico é público (não posso abrir tópicos privados neste canal), então outros membros podem vê-lo; mas só você joga a sua lição ou a consulta com /tabuleiro, /histórico ou /exportar.
lesson-public-forum = Observação: este tópico é público (um fórum não tem publicações privadas), então outros membros podem vê-lo; mas só você joga a sua lição ou a consulta com /tabuleiro, /histórico ou /exportar.
lesson-forum-post = **{ $thread }** (uma lição)
lesson-here = Sua lição de { $game } (nº { $match }) está logo abaixo: jogue cada passo com /jogada ou com os botões.
lesson-here-no-board = Sua lição de { $game } (nº { $match }) está aberta, mas não consegui mostrar o tabuleiro dela (use /tabuleiro): jogue cada passo com /jogada ou com os botões.
lesson-here-seen = Todo mundo nesta conversa vê a lição; só você joga. Numa DM comigo, ela é só sua.

## /dica

hint-not-a-player = Só um jogador desta partida pode pedir uma dica.
hint-resigned = Você desistiu desta partida: o computador joga no seu lugar.
hint-tournament = Não há dicas em partidas de torneio.
hint-rated = Dicas são só para partidas não ranqueadas, e esta é ranqueada.
hint-not-running = Esta partida não está em andamento: uma dica é para uma jogada ainda por fazer.
hint-not-your-turn = Não é a sua vez: uma dica é para a jogada que você tem de fazer.
hint-given = Dica para { $name } (só você vê; { $count ->
        [one] { $count } dica usada
        [many] { $count } de dicas usadas
       *[other] { $count } dicas usadas
    } nesta partida): { $hint }
hints-taken = { $name } usou { $count ->
        [one] { $count } dica
        [many] { $count } de dicas
       *[other] { $count } dicas
    }.

## /análise

review-not-a-player = Só um jogador desta partida pode pedir a análise dela.
review-not-over = Esta partida ainda não terminou: a análise vem quando ela acabar.
review-no-choice = Análise de { $game } nº { $match }: você não fez nela nenhuma escolha para examinar.
review-heading = Análise de { $game } nº { $match } para { $name }: o computador repassou { $decisions ->
        [one] a sua { $decisions } decisão
        [many] as suas { $decisions } de decisões
       *[other] as suas { $decisions } decisões
    } e aponta { $moments ->
        [one] { $moments } momento
        [many] { $moments } de momentos
       *[other] { $moments } momentos
    } em que a partida virou.{ $cut ->
        [search] { " " }O tempo acabou depois de { $looked } das suas { $decisions } decisões: estes momentos estão entre elas.
       *[none] { "" }
    }{ $pictures ->
        [cut] { " " }O tempo acabou antes de todas as imagens serem desenhadas: esses momentos ficam só em palavras.
       *[all] { "" }
    }
review-moment-same = Jogada { $move }: você jogou { $played }, que também é a escolha do computador (suas chances: { NUMBER($chances, style: "percent") }). { $reason }
review-moment-other = Jogada { $move }: você jogou { $played }; o computador prefere { $reason } A estimativa dele das suas chances: { NUMBER($chances, style: "percent") } com a jogada dele, { NUMBER($yours, style: "percent") } com a sua (uma diferença de { $swing } pontos em cem).
review-marked-same = { $board } Marcada: a sua jogada { $played } na sua cor.
review-marked-other = { $board } Marcadas: a sua jogada { $played } na sua cor e a do computador, { $best }, na cor de destaque.
review-progress = Analisando… { $done }/{ $total } posições
review-computer-alone = A partida nº { $match } foi jogada só pelo computador: não há ninguém para quem analisá-la.
review-command = A análise do computador: { $command }
review-picture = [imagem: { $path }]
