"""The host's tools of issue 38, reached from ``python -m bot`` (:mod:`bot.__main__` only
dispatches here): ``backup PATH`` (:mod:`db.backup`) and ``doctor`` (:mod:`bot.host.doctor`)."""

from __future__ import annotations

import logging

from bot.config import Settings


def run_tool(name: str, argv: list[str], settings: Settings) -> int:
    logging.basicConfig(level=logging.WARNING)
    if name == "backup":
        from db import backup

        return backup.main(argv, settings.database_path)
    from bot.host import doctor

    return doctor.main(argv, settings)
