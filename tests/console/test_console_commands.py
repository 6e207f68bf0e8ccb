"""The offline console's commands at the prompt: any case or prefix, resign, export, rules."""

from __future__ import annotations

import re

from console import app as console
from tests.console.keyboard import scripted


async def test_commands_in_any_case_and_by_prefix_but_resign_only_in_full(tmp_path):
    out: list[str] = []
    code = await console.run(["witch-stones", "--ai", "1", "--seed", "8",
                              "--ai-level", "random"], str(tmp_path / "c.db"),
                             str(tmp_path / "b"),
                             read=scripted(["HELP", "Moves", "mo", "HIST", "res", "QUIT"]),
                             out=out.append)
    assert code == 0
    text = "\n".join(out)
    assert text.count("legal moves: suns, moons") == 2  # Moves and mo
    assert "resign     give up" in text  # HELP
    assert "No moves yet." in text  # HIST
    assert "Illegal move" in text  # res is not resign: it is read as a move
    assert "Game over" not in text and "--resume 1" in text


async def test_text_typed_while_the_computer_thinks_is_thrown_away(tmp_path):
    out: list[str] = []
    code = await console.run(["witch-stones", "--ai", "1", "--seed", "8",
                              "--ai-level", "random"], str(tmp_path / "c.db"),
                             str(tmp_path / "b"), read=scripted(["suns", "quit"]),
                             out=out.append, discard=lambda: True)
    assert code == 0
    assert str(console.DISCARDED) in out
    out.clear()
    await console.run(["witch-stones", "--ai", "1", "--seed", "8", "--ai-level", "random"],
                      str(tmp_path / "d.db"), str(tmp_path / "b2"),
                      read=scripted(["suns", "quit"]), out=out.append, discard=lambda: False)
    assert str(console.DISCARDED) not in out  # nothing was typed ahead: nothing to say


async def test_resign_asks_first(tmp_path):
    out: list[str] = []
    code = await console.run(["witch-stones", "--ai", "1", "--seed", "8", "--ai-level",
                              "random"], str(tmp_path / "c.db"), str(tmp_path / "b"),
                             read=scripted(["resign", "", "resign", "n", "quit"]),
                             out=out.append)
    assert code == 0
    text = "\n".join(out)
    assert text.count("Not resigned.") == 2 and "Game over" not in text


async def test_export_and_rules_offline(tmp_path):
    out: list[str] = []
    boards = tmp_path / "b"
    code = await console.run(["terra", "--ai", "1", "--names", "Ana", "--seed", "3",
                              "--ai-level", "random"], str(tmp_path / "c.db"), str(boards),
                             read=scripted(["rules", "export", "quit"]), out=out.append)
    assert code == 0
    assert any(text.startswith("# Terra") for text in out)
    record = boards / "terra-1.json"  # a running Terra match's: it cannot be replayed
    assert f"The record (what everyone has seen): {record}" in out
    assert '"slug": "terra"' in record.read_text()
    assert (boards / "terra-1.txt").read_text().strip()


async def test_a_typo_gets_did_you_mean_from_the_legal_moves_and_commands(tmp_path):
    out: list[str] = []
    typed = ["sns", "mons", "movs", "histroy", "suns", "tkae h1", "zzz", "quit"]
    await console.run(["witch-stones", "--ai", "1", "--names", "Ana", "--seed", "8",
                       "--ai-level", "random"], str(tmp_path / "c.db"), str(tmp_path / "b"),
                      read=scripted(typed), out=out.append)
    refusals = [" ".join(text.split()) for text in out if text.startswith("Illegal move")]
    meant = [re.search(r"Did you mean (.+)\?$", text) for text in refusals]
    assert [m[1] if m else None for m in meant] == [
        '"suns"', '"moons"', '"moves"', '"history"', '"take h1"', None]


async def test_rules_with_a_section_shows_that_section_or_the_sections(tmp_path):
    out: list[str] = []
    await console.run(["terra", "--ai", "1", "--names", "Ana", "--seed", "3",
                       "--ai-level", "random"], str(tmp_path / "c.db"), str(tmp_path / "b"),
                      read=scripted(["rules a turn", "rules wind", "quit"]), out=out.append)
    said = [" ".join(text.split()) for text in out]
    [section] = [text for text in said if text.startswith("A turn 1. Draw")]
    assert "war e5" in section and "Centre (5)" not in section  # not the next section
    assert ('The rules of Terra have no section "wind"; they have: Goal, Set-up, A turn, '
            'Scoring, End, Options, Our rulings.') in said
