"""The game engines: rules, properties over random games, refusals, views and texts."""
