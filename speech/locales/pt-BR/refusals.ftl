refusal-server-only = Use este comando em um servidor.
refusal-not-a-value = Esse não é um valor válido: { $value }.
refusal-not-here = Você não pode usar este comando aqui.
