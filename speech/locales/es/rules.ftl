# /rules and the console's rules: refusals (engines/rules/<language>/ hold the texts).
rules-not-written = Las reglas de { $game } aún no están escritas.
rules-no-section = Las reglas de { $game } no tienen ninguna sección «{ $section }»; tienen: { $sections }.
rules-language-unknown = --language admite uno de estos idiomas: { $languages }, no «{ $typed }».
