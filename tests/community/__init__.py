"""The community room (service/community, bot/community): privacy, settings, caps."""
