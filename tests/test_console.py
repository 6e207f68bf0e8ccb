"""The offline console plays whole matches through the service and saves board PNGs."""

from __future__ import annotations

import pytest

import engines
from console import app as console


def scripted(lines):
    feed = iter(lines)

    def read(prompt: str) -> str:
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    return read


@pytest.mark.parametrize("slug,players", [
    *((g.slug, g.max_players) for g in engines.all()),
    ("when-gods-collide", 3), ("terra", 2), ("storm-of-the-gods", 2)])
async def test_computer_players_finish_a_match(slug, players, tmp_path):
    out: list[str] = []
    code = await console.run([slug, "--ai", str(players), "--players", str(players),
                              "--seed", "3", "--ai-level", "random"],
                             str(tmp_path / "c.db"), str(tmp_path / "boards"),
                             read=scripted([]), out=out.append)
    assert code == 0
    assert any("Game over" in line for line in out), out[-3:]
    assert list((tmp_path / "boards").glob("*.png"))


async def test_human_plays_resumes_and_finishes(tmp_path):
    db, boards = str(tmp_path / "c.db"), str(tmp_path / "boards")
    out: list[str] = []
    code = await console.run(["witch-stones", "--ai", "1", "--seed", "8",
                              "--ai-level", "random"], db, boards,
                             read=scripted(["help", "moves", "nonsense", "board", "quit"]),
                             out=out.append)
    assert code == 0
    text = "\n".join(out)
    assert "legal moves" in text and "Illegal move" in text and "--resume 1" in text
    # Resume and play the first legal move until the end.
    moves_seen: list[str] = []

    def first_legal(prompt: str) -> str:
        line = [o for o in out if "legal moves:" in o]
        if not moves_seen or moves_seen[-1] != "moves":
            moves_seen.append("moves")
            return "moves"
        moves_seen.append("move")
        return line[-1].split(": ", 1)[1].split(", ")[0]

    code = await console.run(["--resume", "1", "--ai-level", "random"], db, boards,
                             read=first_legal, out=out.append)
    assert code == 0
    assert "Game over" in "\n".join(out)


async def test_bad_arguments(tmp_path):
    out: list[str] = []
    assert await console.run([], str(tmp_path / "c.db"), str(tmp_path), out=out.append) == 2
    assert await console.run(["witch-stones", "--players", "3"], str(tmp_path / "c.db"),
                             str(tmp_path), out=out.append) == 2
    assert "2–2 players" in out[-1]
