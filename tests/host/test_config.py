"""Settings: DATABASE_URL (PostgreSQL) wins over DATABASE_PATH (SQLite)."""

from __future__ import annotations

import pytest

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


def test_shard_settings(monkeypatch):
    monkeypatch.setattr("bot.config.load_dotenv", lambda: None)
    monkeypatch.delenv("SHARD_COUNT", raising=False)
    monkeypatch.delenv("SHARD_IDS", raising=False)
    settings = load_settings()
    assert (settings.shard_count, settings.shard_ids) == (None, None)  # one machine
    monkeypatch.setenv("SHARD_COUNT", "4")
    assert (load_settings().shard_count, load_settings().shard_ids) == (4, None)
    monkeypatch.setenv("SHARD_IDS", " 3, 1 ")
    assert load_settings().shard_ids == (1, 3)
    for count, ids in (("4", "4"), ("4", "a"), ("0", ""), ("x", ""), ("", "1")):
        monkeypatch.setenv("SHARD_COUNT", count)
        monkeypatch.setenv("SHARD_IDS", ids)
        with pytest.raises(SystemExit, match="SHARD_"):
            load_settings()


def test_the_console_reads_the_shared_settings_as_the_bot_does(monkeypatch):
    """The console's settings come from below both front ends (service.common.settings)."""
    from service.common.settings import shared

    monkeypatch.setattr("bot.config.load_dotenv", lambda: None)
    monkeypatch.setenv("DATABASE_PATH", "here.db")
    monkeypatch.setenv("DATABASE_URL", "postgresql://bot@db/pantheon")
    monkeypatch.setenv("BOARDS_DIR", "pictures")
    monkeypatch.setenv("SHARD_COUNT", "x")  # the bot's own setting: no concern offline
    local = shared()
    assert (local.database_path, local.sqlite_path, local.boards_dir) == (
        "postgresql://bot@db/pantheon", "here.db", "pictures")
    monkeypatch.delenv("SHARD_COUNT")
    bot = load_settings()
    assert (bot.database_path, bot.sqlite_path, bot.boards_dir, bot.vacation_days) == (
        local.database_path, local.sqlite_path, local.boards_dir, local.vacation_days)


@pytest.mark.parametrize("typed", ["abc", "12 34", "١٢٣", "-5", str(2**64)])
def test_a_dev_guild_id_that_is_no_server_id_is_refused_with_how_to_find_one(
        typed, monkeypatch):
    monkeypatch.setattr("bot.config.load_dotenv", lambda: None)
    monkeypatch.setenv("DEV_GUILD_ID", typed)
    with pytest.raises(SystemExit, match=r"Developer Mode.*Copy Server ID"):
        load_settings()
    monkeypatch.setenv("DEV_GUILD_ID", " 123456789012345678 ")
    assert load_settings().dev_guild_id == 123456789012345678


def test_the_docs_say_how_to_find_a_server_id():
    """README and .env.example give the way bot.config's refusal gives."""
    from pathlib import Path

    from bot.config import FIND_SERVER_ID

    root = Path(__file__).resolve().parents[2]
    steps = ["Developer Mode", "Copy Server ID"]
    assert all(step in FIND_SERVER_ID for step in steps)
    for doc in ("README.md", ".env.example"):
        text = " ".join((root / doc).read_text().replace("#", " ").split())
        assert "User Settings → Advanced → Developer Mode" in text, doc
        assert "right-click the server's icon → Copy Server ID" in text, doc
