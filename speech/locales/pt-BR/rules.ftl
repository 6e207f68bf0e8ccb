# /rules and the console's rules: refusals (engines/rules/<language>/ hold the texts).
rules-not-written = As regras de { $game } ainda não foram escritas.
rules-no-section = As regras de { $game } não têm a seção "{ $section }"; elas têm: { $sections }.
rules-language-unknown = --language aceita um destes idiomas: { $languages }, não "{ $typed }".
