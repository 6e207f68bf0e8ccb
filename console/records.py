"""``python -m bot --local --import FILE``: replay a game record in the terminal (every
move as everyone saw it, the final board saved as a PNG, the result), then, when the
match was not over, continue a copy of it as a new local match."""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

import engines
import rendering
from db import MatchRecord
from service import Service, ServiceError, Update
from service.common import names
from service.records.importer import MAX_BYTES, Loaded, load_record


class Screen(Protocol):
    """What of :class:`console.screen.Console` an import uses."""

    service: Service
    boards: Path
    def out(self, text: str) -> None: ...

    def show(self, update: Update) -> None: ...


def read(path: str) -> bytes:
    """The file's bytes (at most one more than a record may have, to say it is too big)."""
    try:
        with open(path, "rb") as file:
            return file.read(MAX_BYTES + 1)
    except OSError as exc:
        raise ServiceError(f"Cannot read {path}: {exc.strerror or exc}.") from None


def load(path: str) -> Loaded:
    """The record at ``path``, read and checked (nothing is written); a file that is no
    record raises :class:`ServiceError` with the reason in one line."""
    return load_record(read(path))


async def import_record(console: Screen, path: str,
                        loaded: Loaded | None = None) -> MatchRecord | None:
    """Replay the record at ``path`` (``loaded``: already read with :func:`load`); the
    copy that continues it, if it was not over."""
    loaded = loaded or load(path)
    seats = ", ".join(f"{i + 1}. {name}" + (" (computer)" if ai else "")
                      for i, (name, ai) in enumerate(zip(loaded.names, loaded.is_ai,
                                                         strict=True)))
    console.out(f"{loaded.game.title}: a record of "
                f"{names.plural(len(loaded.moves), 'move')}. Seats: {seats}.")
    for number, said in enumerate(loaded.said, 1):
        console.out(f"{number}. {said}")
    board = save_board(console.boards, Path(path).stem, loaded)
    if loaded.result is not None:  # over
        console.out(names.result_text(loaded.names, loaded.result,
                                      engines.spec(loaded.game.slug).score_unit))
        reveal = loaded.game.final_reveal(loaded.final)
        if reveal:
            console.out("Revealed: " + names.named(reveal, loaded.names))
        console.out(f"[board: {board}]")
        return None
    console.out(f"[board: {board}]")
    console.out("The match was not over: it continues here as a new match.")
    update = await console.service.continue_copy(loaded)
    console.show(update)
    return update.match


def save_board(boards: Path, stem: str, loaded: Loaded) -> Path:
    """The final position's public board, as ``<file name>-final.png`` in ``boards``."""
    outcome = names.outcome_text(loaded.names, loaded.result) if loaded.result else None
    png = rendering.render(loaded.game.slug, loaded.game.view(loaded.final, None),
                           names=loaded.names, outcome=outcome)
    boards.mkdir(parents=True, exist_ok=True)
    path = boards / f"{stem}-final.png"
    path.write_bytes(png)
    return path
