"""Starting the Discord bot: a bad or unreachable token is one line that says what failed
and what to check, and no warning about voice libraries the bot never uses."""

from __future__ import annotations

import logging
import socket

import aiohttp
import discord
import pytest

from bot.__main__ import connection_problem, quiet_voice


@pytest.mark.parametrize("exc,said,check", [
    (discord.LoginFailure("Improper token has been passed."), "refused the bot token",
     "Reset Token"),
    (aiohttp.ClientConnectorDNSError(
        aiohttp.client_reqrep.ConnectionKey("discord.com", 443, True, True, None, None,
                                            None),
        socket.gaierror(-2, "Name or service not known")),
     "Could not reach Discord (Cannot connect to host discord.com:443", "DNS"),
    (ConnectionRefusedError(111, "Connection refused"), "Could not reach Discord",
     "proxy or firewall"),
    (TimeoutError(), "Could not reach Discord (TimeoutError)", "network connection")])
def test_a_connection_problem_is_one_line_with_what_to_check(exc, said, check):
    line = connection_problem(exc)
    assert line is not None and "\n" not in line and len(line) <= 300
    assert said in line and check in line


def test_other_errors_are_not_dressed_as_connection_problems():
    assert connection_problem(ValueError("a bug")) is None
    assert connection_problem(KeyError("x")) is None


async def test_no_voice_warnings(caplog):
    discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = True  # as on import
    quiet_voice()
    with caplog.at_level(logging.WARNING, logger="discord"):
        client = discord.Client(intents=discord.Intents.none())
        await client.close()
    assert not [r for r in caplog.records if "voice" in r.getMessage()]
