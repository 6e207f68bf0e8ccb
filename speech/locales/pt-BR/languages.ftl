language-unknown = O idioma { $language } não existe aqui. Escolha entre: { $choices }.
language-chosen = A partir de agora vou te responder em { $language }.
language-automatic = Vou te responder no idioma do seu Discord (por enquanto, { $language }).
