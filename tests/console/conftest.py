"""The console speaks its reader's language, read from the environment
(:mod:`console.language`): every console test runs in a known one, English, whatever
the machine's ``LANG`` (subprocesses inherit it)."""

from __future__ import annotations

import pytest

from console.language import VARIABLES


@pytest.fixture(autouse=True)
def english_environment(monkeypatch):
    for name in VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
