refusal-server-only = Usa este comando en un servidor.
refusal-not-a-value = Ese no es un valor válido: { $value }.
refusal-not-here = No puedes usar este comando aquí.
