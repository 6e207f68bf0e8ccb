"""The host's tools (bot/host): health, metrics, doctor, configuration and start-up."""
