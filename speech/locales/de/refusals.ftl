refusal-server-only = Diesen Befehl kannst du nur auf einem Server benutzen.
refusal-not-a-value = Das ist kein gültiger Wert: { $value }.
refusal-not-here = Diesen Befehl kannst du hier nicht benutzen.
