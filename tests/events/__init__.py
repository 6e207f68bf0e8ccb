"""The events room (service/events, bot/events): tournaments and their pairing."""
