"""``python -m bot doctor`` without Discord: the token's format, the store and its
migrations (on both stores, read without migrating), the intents; one line each."""

from __future__ import annotations

import base64
import sqlite3

import discord

from bot.config import Settings
from bot.host import doctor
from db import open_store
from db.schema import migrations

NEWEST = max(number for number, _ in migrations())
APP = "123456789012345678"
TOKEN = (base64.urlsafe_b64encode(APP.encode()).decode().rstrip("=") + ".GbCdEf."
         + "x" * 38)


def test_the_token_line_checks_the_format_and_names_the_application():
    assert doctor.token_line(TOKEN) == (True, f"token: the format of a bot token "
                                              f"(application {APP})")
    assert doctor.token_line(None) == (False, "token: DISCORD_TOKEN is not set")
    assert not doctor.token_line("my-password")[0]
    named = base64.urlsafe_b64encode(b"not-an-application-id").decode().rstrip("=")
    assert "first part" in doctor.token_line(f"{named}.GbCdEf.{'x' * 38}")[1]


def test_the_intents_line_refuses_a_privileged_intent():
    assert doctor.intents_line(discord.Intents.default())[0]
    assert "members" in doctor.intents_line(discord.Intents.all())[1]


async def test_the_store_lines_count_the_migrations(database):
    lines = await doctor.store_lines(database)
    if not database.startswith("postgres"):  # a new file: not created by the doctor
        assert lines[1] == (True, f"migrations: none yet of {NEWEST}; applied at start-up")
        store = await open_store(database)
        await store.close()
        lines = await doctor.store_lines(database)
    assert lines[0][0] and "reachable" in lines[0][1]
    assert lines[1] == (True, f"migrations: {NEWEST} of {NEWEST} applied")


async def test_an_older_database_is_told_the_bot_migrates_it(tmp_path):
    path = str(tmp_path / "old.db")
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
        db.execute("INSERT INTO schema_version VALUES (12)")
    assert (await doctor.store_lines(path))[1] == (
        True, f"migrations: 12 of {NEWEST} applied; the bot applies the rest at start-up")
    with sqlite3.connect(path) as db:
        db.execute("INSERT INTO schema_version VALUES (999)")
    assert not (await doctor.store_lines(path))[1][0]


async def test_an_unreachable_postgres_is_one_line():
    (line,) = await doctor.store_lines("postgresql://nobody@127.0.0.1:1/none")
    assert not line[0] and line[1].startswith("store: not reachable")


def test_offline_doctor_prints_one_line_each(tmp_path, capsys):
    settings = Settings(token=TOKEN, database_path=str(tmp_path / "p.db"), log_level="INFO",
                        dev_guild_id=None, boards_dir=str(tmp_path))
    assert doctor.main(["--offline"], settings) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line[:4] for line in out] == ["ok  "] * 4
    assert doctor.main(["--offline"], Settings(
        token="nope", database_path=str(tmp_path / "p.db"), log_level="INFO",
        dev_guild_id=None, boards_dir=str(tmp_path))) == 1
