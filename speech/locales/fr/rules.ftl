# /rules and the console's rules: refusals (engines/rules/<language>/ hold the texts).
rules-not-written = Les règles de { $game } ne sont pas encore écrites.
rules-no-section = Les règles de { $game } n'ont pas de section « { $section } » ; elles ont : { $sections }.
rules-language-unknown = --language accepte l'une de ces langues : { $languages }, pas « { $typed } ».
