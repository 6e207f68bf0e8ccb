"""The offline console's command line: whole matches played, arguments checked, resumed."""

from __future__ import annotations

import re
import shlex
import sys

import pytest

import engines
from console import app as console
from tests.console.keyboard import scripted


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
    assert out[-1] == "--players: Witch Stones is for 2 players."


@pytest.mark.parametrize("argv,said", [
    (["witch-stones", "--ai", "7"], "--ai: Witch Stones has at most 2 seats."),
    (["terra", "--players", "3", "--ai", "4"], "--ai: more computers than the 3 seats of "
                                               "--players."),
    (["witch-stones", "--ai", "-1"], "--ai is a number of computer seats: 0 or more."),
    (["witch-stones", "--players", "0"], "--players is a number of seats: 1 or more."),
    (["storm", "--players", "9"], "--players: Storm of the Gods is for 2 to 6 players."),
    (["witch-stones", "--ai-iterations", "-5"], "--ai-iterations must be from 1 to "
                                                "1,000,000."),
    (["witch-stones", "--ai-iterations", "0"], "--ai-iterations must be from 1 to "
                                               "1,000,000."),
    (["witch-stones", "--ai-iterations", "1" + "0" * 103], "--ai-iterations must be from "
                                                           "1 to 1,000,000."),
    (["--resume", "1" + "0" * 103], "--resume takes a match number, as `quit` prints it."),
    (["witch-stones", "--seed", "-1"], "--seed must be a whole number from 0 to 2**63 - 1."),
    (["witch-stones", "--names", "Ana,Bo,Cy"], "Witch Stones is for 2 players: --names and "
                                               "--ai ask for 3."),
    (["witch-stones", "--names", "Ana,Bo", "--ai", "1"], "Witch Stones is for 2 players: "
                                                         "--names and --ai ask for 3.")])
async def test_each_number_and_count_is_checked_in_one_line(argv, said, tmp_path):
    """Before anything formats a number or opens the database (no file is made)."""
    out: list[str] = []
    assert await console.run(argv, str(tmp_path / "c.db"), str(tmp_path),
                             out=out.append) == 2
    assert out == [said]
    assert not (tmp_path / "c.db").exists()


@pytest.mark.parametrize("argv,seated", [
    (["storm-of-the-gods", "--names", "Ana,Bo,Cy"], ["Ana", "Bo", "Cy"]),
    (["terra", "--names", "Ana,Bo", "--ai", "1"], ["Ana", "Bo", "Computer 1"]),
    (["witch-stones", "--names", "Ana"], ["Ana", "Player 2"])])
async def test_n_names_seat_n_people(argv, seated, tmp_path):
    out: list[str] = []
    code = await console.run([*argv, "--ai-level", "random", "--seed", "1"],
                             str(tmp_path / "c.db"), str(tmp_path / "b"),
                             read=scripted(["quit"]), out=out.append)
    assert code == 0
    seats = out[0].split("Seats: ")[1].split("\n")[0]
    assert sorted(n.split(". ", 1)[1] for n in seats.rstrip(".").split(", ")) == sorted(seated)


@pytest.mark.parametrize("typed", ["Witch-Stones", "witch", "WITCH-STONES", "Witch Stones"])
async def test_game_names_in_any_case_or_by_a_unique_prefix(typed, tmp_path):
    out: list[str] = []
    code = await console.run([typed, "--ai", "1", "--ai-level", "random"],
                             str(tmp_path / "c.db"), str(tmp_path / "b"),
                             read=scripted(["quit"]), out=out.append)
    assert code == 0 and out[0].startswith("Witch Stones #1 begins")


async def test_an_unknown_or_ambiguous_game_is_refused_with_the_choices(tmp_path):
    out: list[str] = []
    assert await console.run(["w"], str(tmp_path / "c.db"), str(tmp_path), out=out.append) == 2
    assert "could be when-gods-collide or witch-stones" in out[-1]
    assert await console.run(["chess"], str(tmp_path / "c.db"), str(tmp_path),
                             out=out.append) == 2
    assert "There is no game 'chess'" in out[-1] and "terra" in out[-1]


async def test_resume_shows_the_moves_since_your_turn_and_keeps_earlier_pictures(tmp_path):
    db, boards = str(tmp_path / "c.db"), tmp_path / "b"
    out: list[str] = []
    await console.run(["witch-stones", "--ai", "1", "--seed", "8", "--ai-level", "random"],
                      db, str(boards), read=scripted(["suns", "quit"]), out=out.append)
    before = {p.name: p.read_bytes() for p in boards.glob("match-*.png")}
    out.clear()
    await console.run(["--resume", "1", "--ai-level", "random"], db, str(boards),
                      read=scripted(["board", "quit"]), out=out.append)
    assert out[0].startswith("Since Player 1's last turn:\nComputer 1 took the earthstone")
    assert "\nTo act: Player 1." in out[0]
    assert out[2].startswith("[board: ")
    after = {p.name: p.read_bytes() for p in boards.glob("match-*.png")}
    assert len(after) == len(before) + 2  # the resumed board and the asked-for board
    assert all(after[name] == data for name, data in before.items())


async def test_a_finished_match_offers_a_rematch_with_the_seats_rotated(tmp_path):
    db, boards = str(tmp_path / "c.db"), str(tmp_path / "boards")
    out: list[str] = []
    answers = iter(["resign", "y", "y", "resign", "y", "n"])  # resign? y; rematch? y
    code = await console.run(["witch-stones", "--ai", "1", "--seed", "8",
                              "--ai-level", "random"], db, boards,
                             read=lambda prompt: next(answers), out=out.append)
    assert code == 0
    text = "\n".join(out)
    assert "Witch Stones #2 begins" in text and "#3" not in text
    store = await console.open_store(db)
    try:
        first, second = await store.get_match(1), await store.get_match(2)
    finally:
        await store.close()
    assert second.status == "finished" and first.status == "finished"
    before = [(s.user_id, s.display_name) for s in first.by_seat()]
    assert [(s.user_id, s.display_name) for s in second.by_seat()] == [*before[1:], before[0]]


async def test_names_name_the_people_at_the_keyboard_and_bad_ones_are_refused(tmp_path):
    out: list[str] = []
    code = await console.run(["witch-stones", "--names", "Ana,Bo", "--seed", "8"],
                             str(tmp_path / "c.db"), str(tmp_path / "b"),
                             read=scripted(["quit"]), out=out.append)
    assert code == 0 and "Seats: 1. " in out[0] and "Ana" in out[0] and "Bo" in out[0]
    for names, reason in [("Ana,Bo,Cy", "is for 2 players: --names and --ai ask for 3"),
                          ("Ana,", "none of them empty"), ("Ana,ana", "a name of their own"),
                          ("X" * 33, "longer than 32"), ("Computer 2", "computer's seats")]:
        out.clear()
        db = tmp_path / "refused.db"
        assert await console.run(["witch-stones", "--names", names], str(db),
                                 str(tmp_path / "b"), out=out.append) == 2
        assert reason in out[-1] and not db.exists()  # refused before anything is written


async def test_names_cannot_send_the_terminal_control_codes(tmp_path):
    out: list[str] = []
    await console.run(["witch-stones", "--names", "\x1b]0;pwned\x07Ana\u202e,Bo\x1b[2J",
                       "--seed", "8"], str(tmp_path / "c.db"), str(tmp_path / "b"),
                      read=scripted(["quit"]), out=out.append)
    text = "\n".join(out)
    assert "Ana" in text and "\x1b" not in text and "\x07" not in text
    assert "\u202e" not in text


async def test_the_resume_hint_works_from_any_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    out: list[str] = []
    await console.run(["witch-stones", "--ai", "1", "--seed", "8", "--ai-level", "random"],
                      "games/c.db", "pictures", read=scripted(["quit"]), out=out.append)
    hint = next(line for line in out if line.startswith("Saved. Resume with: "))
    words = shlex.split(hint.removeprefix("Saved. Resume with: "))
    assert words[:5] == [sys.executable, "-m", "bot", "--local", "--resume"]
    assert words[words.index("--db") + 1] == str(tmp_path / "games" / "c.db")
    assert words[words.index("--boards") + 1] == str(tmp_path / "pictures")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    out.clear()
    code = await console.run(words[4:], "pantheon.db", "boards", read=scripted(["quit"]),
                             out=out.append)
    assert code == 0 and out[0].startswith("Witch Stones #1\n")  # the match was found
    assert not (elsewhere / "pantheon.db").exists()


async def test_resuming_from_a_database_that_is_not_there_creates_nothing(tmp_path):
    out: list[str] = []
    code = await console.run(["--resume", "1"], str(tmp_path / "nothing.db"),
                             str(tmp_path / "b"), out=out.append)
    assert code == 2 and "There is no database at" in out[-1]
    assert not (tmp_path / "nothing.db").exists()


async def test_a_computer_only_game_ends_with_its_record(tmp_path):
    """Not "… N more moves (see history) …" and an exit: the record's files, which
    --import replays."""
    out: list[str] = []
    boards = tmp_path / "b"
    code = await console.run(["witch-stones", "--ai", "2", "--seed", "3", "--ai-level",
                              "random"], str(tmp_path / "c.db"), str(boards),
                             read=scripted([]), out=out.append)
    assert code == 0
    assert out[-1] == f"The record (replay it with --import): {boards / 'witch-stones-1.json'}"
    assert out[-2] == f"Every move: {boards / 'witch-stones-1.txt'}"
    assert not any("see history" in text for text in out)
    again: list[str] = []
    code = await console.run(["--import", str(boards / "witch-stones-1.json"), "--ai-level",
                              "random"], str(tmp_path / "c.db"), str(boards),
                             read=scripted([]), out=again.append)
    assert code == 0
    over = [line for text in out for line in text.split("\n") if "Game over" in line]
    assert over and over[-1] in "\n".join(again)  # the record replays to the same end


def test_help_readme_and_computer_players_give_the_hard_search_time_of_the_code():
    """The longest a hard decision searches is the games' hard budgets' cap (1.5 s),
    whatever --help, README.md and docs/COMPUTER_PLAYERS.md say (issue 36: 2 s in one)."""
    from pathlib import Path

    from console.options import hard_seconds, parser

    cap = f"up to {hard_seconds():g} s a move"
    root = Path(__file__).resolve().parents[2]
    assert cap in " ".join(parser().format_help().split())
    for doc in ("README.md", "docs/COMPUTER_PLAYERS.md"):
        text = " ".join((root / doc).read_text().split())
        assert cap in text, doc
        assert re.findall(r"up to ([\d.]+) s a move", text) == [f"{hard_seconds():g}"], doc
