"""What the console's screen shows: boards, pictures, recaps, the hot seat, 80 columns."""

from __future__ import annotations

import re

import pytest

import engines
from console import app as console
from console import terminal
from tests.console.keyboard import recorded, scripted


async def test_hot_seat_passes_the_screen_and_never_says_whose_secret_changed(tmp_path):
    read, prompts = recorded(["", "moves", "quit"])
    out: list[str] = []
    code = await console.run(["when-gods-collide", "--players", "2", "--seed", "3"],
                             str(tmp_path / "c.db"), str(tmp_path / "b"), read=read,
                             out=out.append)
    assert code == 0
    assert prompts[0].startswith("Pass to Player ") and "press Enter" in prompts[0]
    assert not any("private information for" in line for line in out)


async def test_console_texts_name_console_commands_and_show_no_markdown(tmp_path):
    out: list[str] = []
    lines = ["suns", *["moves"] * 1, "history", "board", "quit"]
    await console.run(["witch-stones", "--ai", "1", "--seed", "8", "--ai-level", "random"],
                      str(tmp_path / "c.db"), str(tmp_path / "b"), read=scripted(lines),
                      out=out.append)
    text = "\n".join(out)
    assert "**" not in text and "/history" not in text and "/myview" not in text
    assert "reminder" not in text.lower()  # nothing pings offline: no clock line
    assert terminal.plain("… 3 more moves (see /history) …") == "… 3 more moves (see history) …"
    assert terminal.plain("**Terra** #2: use /myview") == "Terra #2: use me"
    assert terminal.plain("[board: /home/me/board/x.png]") == "[board: /home/me/board/x.png]"


async def test_each_position_has_a_text_board_and_current_png_unless_turned_off(tmp_path):
    out: list[str] = []
    boards = tmp_path / "b"
    await console.run(["witch-stones", "--ai", "1", "--seed", "8", "--ai-level", "random"],
                      str(tmp_path / "c.db"), str(boards), read=scripted(["suns", "quit"]),
                      out=out.append)
    numbered = sorted(boards.glob("match-1-*.png"))
    assert (boards / "current.png").read_bytes() == numbered[-1].read_bytes()
    board_lines = [line for line in out if "\n" in line and "a" in line.split("\n")[-1]]
    assert len(board_lines) >= 2  # the start and after the move
    out.clear()
    await console.run(["witch-stones", "--ai", "1", "--seed", "8", "--ai-level", "random",
                       "--no-text-board"], str(tmp_path / "d.db"), str(tmp_path / "e"),
                      read=scripted(["quit"]), out=out.append)
    assert len(out) == 3 and out[1].startswith("[board: ") and "Resume with" in out[2]


async def test_private_pictures_go_to_their_players_folder_never_the_shared_one(tmp_path):
    boards = tmp_path / "b"
    out: list[str] = []
    await console.run(["when-gods-collide", "--players", "2", "--seed", "3", "--names",
                       "Ana,Bo", "--ai-level", "random"], str(tmp_path / "c.db"),
                      str(boards), read=scripted(["", "tile g7", "", "me", "quit"]),
                      out=out.append)
    shared = {p.name for p in boards.glob("*.png")}
    private = {p.relative_to(boards).parts[:2] for p in boards.rglob("*my-view*.png")}
    assert shared and not any("my-view" in name for name in shared)
    assert private == {("private", "1-Ana"), ("private", "2-Bo")}


async def test_the_screen_is_passed_only_when_the_person_changes(tmp_path):
    events: list[tuple[str, str]] = []
    feed = iter(["", "moves", "history", "tile g7", "typed too soon", "", "moves", "quit"])

    def read(prompt: str) -> str:
        events.append(("prompt", prompt))
        return next(feed)

    await console.run(["when-gods-collide", "--players", "2", "--seed", "3", "--names",
                       "Ana,Bo"], str(tmp_path / "c.db"), str(tmp_path / "b"), read=read,
                      out=lambda text: events.append(("out", text)),
                      clear=lambda: events.append(("clear", "")))
    passes = [text for kind, text in events if kind == "prompt" and "Pass to" in text]
    assert len(passes) == 3  # the first player, the second, and again after "typed too soon"
    assert "only Enter" in passes[2]
    for number, (kind, text) in enumerate(events):
        if kind == "prompt" and "Pass to" in text:
            assert events[number - 1][0] == "clear"  # nothing on screen but the prompt
    assert not any("typed too soon" in text for kind, text in events if kind == "out")


async def test_board_text_and_alt_text_for_a_screen_reader(tmp_path):
    """``board text`` prints the whole text board even with --no-text-board; ``--alt``
    prints each saved picture's alt text, which says whose turn it is."""
    out: list[str] = []
    code = await console.run(["witch-stones", "--ai", "1", "--seed", "8", "--ai-level",
                              "random", "--no-text-board", "--alt"],
                             str(tmp_path / "c.db"), str(tmp_path / "b"),
                             read=scripted(["board  TEXT", "quit"]), out=out.append)
    assert code == 0
    alts = [line for line in out if line.startswith("[alt text: Witch Stones.")]
    assert alts and all(" to act" in line for line in alts), out
    shown = "\n".join(out)
    assert shown.count("   a b c d e f g h i") == 2  # the text board, asked for once
    assert "B Player 1" in shown
    assert "--alt" in "\n".join(out)  # the resume hint keeps it


def wide_lines(out: list[str], tmp_path) -> list[str]:
    """Printed lines over 80 columns, but those holding a path or the resume command
    (kept whole, on lines of their own, so they can be copied)."""
    return [line for text in out for line in text.split("\n")
            if terminal.columns(line) > terminal.WIDTH and str(tmp_path) not in line]


@pytest.mark.parametrize("slug", [g.slug for g in engines.all()])
async def test_everything_the_console_prints_fits_80_columns(slug, tmp_path):
    """Every text of a match against the computer: the start, each position's post and
    text board, help, moves, rules, history, the whole board as text, the private view,
    an error with its suggestion, export, resign and the end."""
    game = engines.get(slug)
    typed = ["help", "moves", "rules", "board text", "me", "tiel g7", "movs", "history",
             "export", "board"]
    feed = iter(typed)
    out: list[str] = []

    def read(prompt: str) -> str:
        out.append(prompt)
        try:
            return next(feed)
        except StopIteration:
            return "y" if "[y/N]" in prompt and "Resign" in prompt else "resign"

    await console.run([slug, "--ai", str(game.max_players - 1), "--players",
                       str(game.max_players), "--names", "Bartholomew the Magnificent",
                       "--seed", "5", "--ai-level", "random"], str(tmp_path / "c.db"),
                      str(tmp_path / "b"), read=read, out=out.append)
    assert any("legal move" in text for text in out)
    assert any("Did you mean" in text for text in out)
    assert any("Game over" in text for text in out)
    assert wide_lines(out, tmp_path) == []


def test_a_recap_drops_the_moves_still_on_the_screen():
    from console.recap import unrepeated

    post = ["Since Bo's last turn:", "Ana explored d3.", "Ana ended their turn.", "To act: Bo."]
    assert unrepeated(post, ["Ana explored d3.", "To act: Ana."]) == post[2:]
    assert unrepeated(post, []) == post  # nothing of it on the screen: the recap stays
    assert unrepeated(post[1:], ["Ana explored d3."]) == post[1:]  # no recap: all kept
    # A line shown once is dropped once: the same words again are a new move.
    twice = ["Since Bo's last turn:", "Ana explored d3.", "Ana explored d3.", "To act: Bo."]
    assert unrepeated(twice, ["Ana explored d3."]) == twice[2:]


async def test_at_one_keyboard_the_recap_never_repeats_what_was_just_printed(tmp_path):
    """Storm at one keyboard (no secrets, so no screen is cleared): every move was on
    the screen when the turn came back; issue 36 saw them listed again under "Since …"."""
    out: list[str] = []
    asked = iter(range(200))

    def read(prompt: str) -> str:
        out.append(prompt)
        if next(asked) == 199:
            raise EOFError
        if "Only one legal move" in out[-2]:
            return ""
        if prompt.startswith(("Ana", "Bo")) and not out[-2].startswith("1 legal move"):
            found = re.search(r"legal moves?: ([^,\n]+)", out[-2])
            return found[1].strip() if found else "moves"
        return "moves"

    await console.run(["storm-of-the-gods", "--names", "Ana,Bo", "--seed", "2",
                       "--ai-level", "random", "--no-text-board"], str(tmp_path / "c.db"),
                      str(tmp_path / "b"), read=read, out=out.append)
    assert sum("ended their turn" in text for text in out) >= 4  # turns came back
    assert not [text for text in out if "last turn:" in text]
