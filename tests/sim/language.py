"""Members and servers in other languages under simcord (issue 58). simcord sends every
interaction as ``en-US`` from an ``en-US`` server: :func:`speak` gives chosen members'
interactions their client's locale, and every interaction the locale its server prefers
(as Discord does); :func:`server_in` opens a server whose preferred language is another.
A plugin of ``tests/conftest.py``: the ``speaking`` fixture."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import pytest
from simcord import interactions

from tests.sim.harness import Sim, close_dms


def speak(monkeypatch: pytest.MonkeyPatch) -> Callable[[int, str], None]:
    """``speak(monkeypatch)(user_id, "de")``: that member's client is in German from now
    on; each interaction also brings its server's preferred locale."""
    clients: dict[int, str] = {}
    made = interactions.base_payload

    def base_payload(backend: Any, **kwargs: Any) -> Any:
        record, payload = made(backend, **kwargs)
        user = payload.get("member", {}).get("user") or payload.get("user") or {}
        locale = clients.get(int(user.get("id", 0)))
        if locale is not None:
            payload["locale"] = locale
        if payload.get("guild_id"):
            payload["guild_locale"] = backend.get_guild(int(payload["guild_id"])
                                                        ).preferred_locale
        return record, payload

    monkeypatch.setattr(interactions, "base_payload", base_payload)
    return clients.__setitem__


@pytest.fixture
def speaking(monkeypatch: pytest.MonkeyPatch) -> Callable[[int, str], None]:
    """``speaking(user_id, "de")``: that member's client is in German from now on."""
    return speak(monkeypatch)


def server_in(sim: Sim, locale: str) -> Sim:
    """``sim`` moved to a new server whose preferred language is ``locale``, with a
    ``games`` channel and the same four members (di's DMs closed, as in ``sim``)."""
    guild = sim.env.create_guild(f"Pantheon {locale}", preferred_locale=locale)
    channel = guild.create_text_channel("games")
    users = {name: guild.add_member(handle.user) for name, handle in sim.users.items()}
    close_dms(sim.env, users["di"].user)
    return dataclasses.replace(sim, guild=guild, channel=channel, users=users)
