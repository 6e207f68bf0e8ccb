"""The notices room (service/notices, bot/notices): follows, quiet hours, digest, nonces."""
