"""The coach in the console: ``hint`` at the prompt, the hints counted in the final post,
and ``--review ID`` printing a finished match's review with its pictures saved (the
coach's looks are tiny here: its strength is not what is tested)."""

from __future__ import annotations

import pytest

from console import app as console
from engines.ai.analysis import Look
from service.learning import coach
from tests.console.keyboard import scripted

TINY = Look(worlds=1, candidates=2, scan=6, replies=3, plies=1)


@pytest.fixture(autouse=True)
def small(monkeypatch):
    monkeypatch.setattr(coach, "LOOKS", {"easy": TINY, "normal": TINY, "hard": TINY})
    monkeypatch.setattr(coach, "REVIEW_SECONDS", None)


async def test_hint_then_the_end_then_the_review(tmp_path):
    db, boards = str(tmp_path / "c.db"), str(tmp_path / "boards")
    out: list[str] = []
    code = await console.run(["witch-stones", "--ai", "1", "--seed", "8", "--ai-level",
                              "random"], db, boards, read=scripted(["hint", "hint", "quit"]),
                             out=out.append)
    assert code == 0
    hints = [line for line in out if line.startswith("Hint for Player 1")]
    assert len(hints) == 2 and hints[0] == hints[1]
    assert "1 hint taken in this match" in hints[0]

    def first_legal(prompt: str) -> str:
        listed = [o for o in out if "legal moves:" in o or "legal move:" in o]
        if not out[-1].startswith(("1 legal", "2 legal")) and "legal move" not in out[-1]:
            return "moves"
        return listed[-1].split(": ", 1)[1].split(", ")[0].strip()

    code = await console.run(["--resume", "1", "--ai-level", "random"], db, boards,
                             read=first_legal, out=out.append)
    text = "\n".join(out)
    assert code == 0 and "Game over" in text
    assert "Player 1 took 1 hint." in text
    assert "The computer's review: " in text and " --review 1 " in text

    out.clear()
    code = await console.run(["--review", "1", "--ai-level", "random"], db, boards,
                             read=scripted([]), out=out.append)
    text = "\n".join(out)
    assert code == 0, text
    assert out[0].startswith("Reviewing… 1/")
    assert "Review of Witch Stones #1 for Player 1" in text
    moments = [line for line in out if line.startswith("Move ")]
    assert 3 <= len(moments) <= 5
    assert len(list((tmp_path / "boards").glob("review-1-player-1-*.png"))) == len(moments)


async def test_a_running_match_has_no_review_yet(tmp_path):
    db, boards = str(tmp_path / "c.db"), str(tmp_path / "boards")
    out: list[str] = []
    await console.run(["witch-stones", "--ai", "1", "--seed", "8", "--ai-level", "random"],
                      db, boards, read=scripted(["quit"]), out=out.append)
    out.clear()
    code = await console.run(["--review", "1", "--ai-level", "random"], db, boards,
                             read=scripted([]), out=out.append)
    assert code == 2
    assert out[-1].startswith("This match is not over yet: a review comes once it has")
