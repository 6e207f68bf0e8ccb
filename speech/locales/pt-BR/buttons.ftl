# Os botões de jogada de um tabuleiro, quando não valem mais.

buttons-stale = O tabuleiro mudou desde que estes botões foram publicados; use o tabuleiro mais recente ou /{ name-move }.
buttons-stale-link = O tabuleiro mudou desde que estes botões foram publicados; o tabuleiro atual: { $link }
buttons-not-your-turn = Não é a sua vez: este botão é para o jogador da vez.
buttons-not-yours = Não é a sua vez: estes botões são para outro jogador.
