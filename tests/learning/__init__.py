"""The learning room (service/learning, bot/learning): lessons, hints, reviews."""
