# /rules and the console's rules: refusals (engines/rules/<language>/ hold the texts).
rules-not-written = The rules of { $game } are not written yet.
rules-no-section = The rules of { $game } have no section "{ $section }"; they have: { $sections }.
rules-language-unknown = --language takes one of { $languages }, not "{ $typed }".
