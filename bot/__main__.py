"""``python -m bot`` runs the Discord bot; ``python -m bot --local GAME`` plays offline;
``python -m bot migrate --to postgresql://…`` copies the SQLite database to PostgreSQL."""

from __future__ import annotations

import logging
import os
import sys

NO_TOKEN = """\
Pantheon needs a Discord bot token to connect to Discord, and none is set.

To run it on Discord:
  1. Create an application at https://discord.com/developers/applications,
     open "Bot", press "Reset Token" and copy the token.
  2. Put it in a file named .env here:   DISCORD_TOKEN=your-token
     (copy .env.example to start), then run `{python} -m bot` again.
  3. Add it to a server (scopes `bot` and `applications.commands`), or to your own
     account to play in DMs and group chats: README.md, "Adding Pantheon", has both links.

To play offline instead, in this terminal:
{offline}"""


def offline_examples(python: str) -> str:
    """Two ways to play offline, with the registry's first and last games."""
    import engines

    games = engines.all()
    examples = [(f"-m bot --local {games[0].slug} --ai 1", "you against the computer"),
                (f"-m bot --local {games[-1].slug} --names Ana,Bo", "two people, one keyboard")]
    return "".join(f"  {python} {command:<39} ({why})\n" for command, why in examples)


def python_command() -> str:
    """How to run this Python from here: ``.venv/bin/python`` after the Quick start (the
    venv's interpreter, which a bare ``python`` may not be), else its full path."""
    here = os.path.relpath(sys.executable)
    return here if not here.startswith("..") else sys.executable



def connection_problem(exc: BaseException) -> str | None:
    """What went wrong connecting to Discord, in one line with what to check; None for
    an error that is not about the token or the connection (then it is a bug)."""
    import aiohttp
    import discord

    if isinstance(exc, discord.LoginFailure):
        return ("Discord refused the bot token (DISCORD_TOKEN): check that it is the "
                "bot's current token (Developer Portal → your application → Bot → Reset "
                "Token), copied whole, without quotes or spaces.")
    if isinstance(exc, discord.PrivilegedIntentsRequired):
        return ("Discord refused an intent the bot asked for: Pantheon needs no "
                "privileged intents; check that this is Pantheon's code and token.")
    if isinstance(exc, aiohttp.ClientError | OSError | TimeoutError):
        detail = " ".join(str(exc).split()) or type(exc).__name__
        return (f"Could not reach Discord ({detail[:160]}): check this machine's "
                "network connection, its DNS, and any proxy or firewall.")
    return None


def quiet_voice() -> None:
    """The bot plays no audio: no warnings at start-up about voice libraries missing."""
    import discord

    discord.VoiceClient.warn_nacl = False
    discord.VoiceClient.warn_dave = False


def main(argv: list[str]) -> int:
    if argv and argv[0] == "--local":
        from console import app as console
        from service.common.settings import load_shared

        shared = load_shared()
        logging.basicConfig(level=logging.WARNING)
        return console.main(argv[1:], shared.database_path, shared.boards_dir)
    from bot.config import load_settings

    settings = load_settings()
    if argv and argv[0] == "migrate":
        from db import migrate
        from service.match.core import replay_problem

        logging.basicConfig(level=logging.WARNING)
        return migrate.main(argv[1:], settings.sqlite_path, replay_problem)
    if argv and argv[0] in ("backup", "doctor"):  # issue 38: bot/host/cli.py
        from bot.host.cli import run_tool

        return run_tool(argv[0], argv[1:], settings)
    if argv and argv[0] in ("-h", "--help"):
        print("usage: python -m bot            run the Discord bot (DISCORD_TOKEN)\n"
              "       python -m bot --local GAME [--ai N] [--players N] [--names A,B] ...\n"
              "       python -m bot --local --resume ID [--db FILE]   continue a match\n"
              "       python -m bot --local --import FILE   replay a record from /export\n"
              "       python -m bot migrate --to postgresql://... [--from FILE]\n"
              "       python -m bot backup PATH      copy the database, safe while it runs\n"
              "       python -m bot doctor [--offline]   check token, store, permissions")
        return 0
    if not settings.token:
        print(NO_TOKEN.format(python=python_command(),
                              offline=offline_examples(python_command())), file=sys.stderr)
        return 1
    from bot import client

    quiet_voice()
    try:
        client.run(settings)
    except Exception as exc:  # only the connection's own errors are told; others raise
        problem = connection_problem(exc)
        if problem is None:
            raise
        print(problem, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except KeyboardInterrupt:  # Ctrl-C while starting: nothing to save yet, no traceback
        sys.exit(130)
