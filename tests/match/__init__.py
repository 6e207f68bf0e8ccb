"""The match room (service/match, bot/match): lobby, turns, play, undo, reading, secrets."""
