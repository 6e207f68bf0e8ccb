language-unknown = Die Sprache { $language } gibt es hier nicht. Zur Wahl stehen: { $choices }.
language-chosen = Ich antworte dir ab jetzt auf { $language }.
language-automatic = Ich antworte dir in der Sprache deines Discord (zurzeit { $language }).
