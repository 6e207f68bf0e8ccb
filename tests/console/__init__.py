"""The offline console (console/), in-process and through a real terminal."""
