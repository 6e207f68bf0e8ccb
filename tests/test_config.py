"""Settings: DATABASE_URL (PostgreSQL) wins over DATABASE_PATH (SQLite)."""

from __future__ import annotations

from bot.config import load_settings


def test_database_url_wins_over_database_path(monkeypatch):
    monkeypatch.setattr("bot.config.load_dotenv", lambda: None)
    monkeypatch.setenv("DATABASE_PATH", "here.db")
    monkeypatch.delenv("DATABASE_URL", raising=False)
    settings = load_settings()
    assert (settings.database_path, settings.sqlite_path) == ("here.db", "here.db")
    monkeypatch.setenv("DATABASE_URL", "postgresql://bot@db/pantheon")
    settings = load_settings()
    assert settings.database_path == "postgresql://bot@db/pantheon"
    assert settings.sqlite_path == "here.db"  # what `python -m bot migrate` copies from
