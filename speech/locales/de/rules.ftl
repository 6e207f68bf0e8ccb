# /rules and the console's rules: refusals (engines/rules/<language>/ hold the texts).
rules-not-written = Die Regeln von { $game } sind noch nicht geschrieben.
rules-no-section = Die Regeln von { $game } haben keinen Abschnitt „{ $section }“; es gibt: { $sections }.
rules-language-unknown = --language nimmt eine dieser Sprachen: { $languages }, nicht „{ $typed }“.
