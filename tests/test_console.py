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


def recorded(lines):
    """A scripted reader that also keeps every prompt it was shown."""
    feed = iter(lines)
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    return read, prompts


@pytest.mark.parametrize("typed", ["Witch-Stones", "witch", "WITCH-STONES", "Witch Stones"])
async def test_game_names_in_any_case_or_by_a_unique_prefix(typed, tmp_path):
    out: list[str] = []
    code = await console.run([typed, "--ai", "1", "--ai-level", "random"],
                             str(tmp_path / "c.db"), str(tmp_path / "b"),
                             read=scripted(["quit"]), out=out.append)
    assert code == 0 and "**Witch Stones** #1 begins" in out[0]


async def test_an_unknown_or_ambiguous_game_is_refused_with_the_choices(tmp_path):
    out: list[str] = []
    assert await console.run(["w"], str(tmp_path / "c.db"), str(tmp_path), out=out.append) == 2
    assert "could be when-gods-collide or witch-stones" in out[-1]
    assert await console.run(["chess"], str(tmp_path / "c.db"), str(tmp_path),
                             out=out.append) == 2
    assert "There is no game 'chess'" in out[-1] and "terra" in out[-1]


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
    assert console.DISCARDED in out
    out.clear()
    await console.run(["witch-stones", "--ai", "1", "--seed", "8", "--ai-level", "random"],
                      str(tmp_path / "d.db"), str(tmp_path / "b2"),
                      read=scripted(["suns", "quit"]), out=out.append, discard=lambda: False)
    assert console.DISCARDED not in out  # nothing was typed ahead: nothing to say


async def test_resume_shows_the_board_and_last_move_and_keeps_earlier_pictures(tmp_path):
    db, boards = str(tmp_path / "c.db"), tmp_path / "b"
    out: list[str] = []
    await console.run(["witch-stones", "--ai", "1", "--seed", "8", "--ai-level", "random"],
                      db, str(boards), read=scripted(["suns", "quit"]), out=out.append)
    before = {p.name: p.read_bytes() for p in boards.glob("*.png")}
    out.clear()
    await console.run(["--resume", "1", "--ai-level", "random"], db, str(boards),
                      read=scripted(["board", "quit"]), out=out.append)
    assert out[0].startswith("Last move: ")
    assert "\nTo act: " in "\n".join(out[1:3])
    after = {p.name: p.read_bytes() for p in boards.glob("*.png")}
    assert len(after) == len(before) + 2  # the resumed board and the asked-for board
    assert all(after[name] == data for name, data in before.items())


async def test_hot_seat_passes_the_screen_and_never_says_whose_secret_changed(tmp_path):
    read, prompts = recorded(["", "moves", "quit"])
    out: list[str] = []
    code = await console.run(["when-gods-collide", "--players", "2", "--seed", "3"],
                             str(tmp_path / "c.db"), str(tmp_path / "b"), read=read,
                             out=out.append)
    assert code == 0
    assert prompts[0].startswith("Pass to Player ") and "press Enter" in prompts[0]
    assert not any("private information for" in line for line in out)


async def test_a_finished_match_offers_a_rematch_with_the_seats_rotated(tmp_path):
    db, boards = str(tmp_path / "c.db"), str(tmp_path / "boards")
    out: list[str] = []
    answers = iter(["resign", "y", "resign", "n"])
    code = await console.run(["witch-stones", "--ai", "1", "--seed", "8",
                              "--ai-level", "random"], db, boards,
                             read=lambda prompt: next(answers), out=out.append)
    assert code == 0
    text = "\n".join(out)
    assert "Witch Stones** #2 begins" in text and "#3" not in text
    store = await console.open_store(db)
    try:
        first, second = await store.get_match(1), await store.get_match(2)
    finally:
        await store.close()
    assert second.status == "finished" and first.status == "finished"
    before = [(s.user_id, s.display_name) for s in first.by_seat()]
    assert [(s.user_id, s.display_name) for s in second.by_seat()] == [*before[1:], before[0]]
