# /language: which language the bot answers a member in.

language-unknown = There is no language { $language } here. Choose from: { $choices }.
language-chosen = I will answer you in { $language }.
language-automatic = I will answer you in your Discord's language ({ $language } for now).
