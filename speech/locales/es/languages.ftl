language-unknown = Aquí no existe el idioma { $language }. Elige entre: { $choices }.
language-chosen = A partir de ahora te responderé en { $language }.
language-automatic = Te responderé en el idioma de tu Discord (por ahora, { $language }).
