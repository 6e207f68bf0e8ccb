refusal-server-only = Utilisez cette commande sur un serveur.
refusal-not-a-value = Ce n'est pas une valeur valide : { $value }.
refusal-not-here = Vous ne pouvez pas utiliser cette commande ici.
