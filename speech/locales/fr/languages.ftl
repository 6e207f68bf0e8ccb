language-unknown = La langue { $language } n'existe pas ici. Choisissez parmi : { $choices }.
language-chosen = Je vous répondrai désormais en { $language }.
language-automatic = Je vous répondrai dans la langue de votre Discord ({ $language } pour l'instant).
