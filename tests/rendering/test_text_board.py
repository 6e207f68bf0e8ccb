"""Text boards: for every game and seat count, over positions of seeded random matches,
the board is at most 60 columns of plain Unicode (no colour codes, nothing East Asian
wide), names every seat by letter with its score, shows every occupied position where
the board puts it, and shows the public nothing secret (a public twin gives the same
text). The positions' readers below parse the text as a player reads it."""

from __future__ import annotations

import importlib
import random
import re
import subprocess
import sys
import unicodedata
from dataclasses import dataclass
from functools import cache

import pytest

import engines
import rendering.text
from engines.angry_gods.board import INTERSECTIONS
from rendering.text import common
from rendering.text import witch_stones as ws_text
from tests.render_cases import NAMES, SLUGS

PER_GAME = 300  # positions per game, spread over its seat counts
PER_MATCH = 40  # at most this many positions of one match, evenly spread, the last kept
SECRET_GAMES = ("storm-of-the-gods", "when-gods-collide", "terra")


@dataclass(frozen=True)
class Position:
    slug: str
    players: int
    state: object
    final: bool


def _options(slug: str, match: int) -> dict:
    if slug == "terra":
        return {"open_reserves": match % 4 == 3, "terrain": match % 3 == 2}
    return {}


def _match(slug: str, players: int, seed: int) -> list:
    game = engines.get(slug)
    rng = random.Random(seed)
    state = game.setup(players, seed, _options(slug, seed))
    history = [state]
    for _ in range(4000):
        acting = game.to_act(state)
        if not acting or game.result(state) is not None:
            break
        state = game.play(state, acting[0], rng.choice(game.legal_moves(state, acting[0])))
        history.append(state)
    return history


@cache
def positions(slug: str) -> tuple[Position, ...]:
    """About ``PER_GAME`` positions of seeded random matches at every seat count, each
    match's last position among them."""
    game = engines.get(slug)
    counts = range(game.min_players, game.max_players + 1)
    quota = PER_GAME // len(counts)
    found: list[Position] = []
    for players in counts:
        taken, seed = 0, 0
        while taken < quota:
            seed += 1
            history = _match(slug, players, 1000 * players + seed)
            stride = max(1, len(history) // PER_MATCH)
            chosen = history[len(history) - 1::-stride][:quota - taken]
            found += [Position(slug, players, s, s is history[-1]) for s in chosen]
            taken += len(chosen)
    return tuple(found)


def board(slug: str, view: dict, players: int, names=NAMES) -> str:
    return rendering.text.text_board(slug, view, names[:players])


def views(position: Position, k: int):
    """The public view and one seat's (a different seat from one position to the next)."""
    game = engines.get(position.slug)
    seat = k % position.players
    return [(None, game.view(position.state, None)), (seat, game.view(position.state, seat))]


# ---- every position: width, characters, seats ----------------------------------------
def score_text(slug: str, view: dict, seat: int) -> str:
    """What the seat's line must show as its score."""
    scores = view.get("scores") or []
    if slug == "when-gods-collide":
        if view.get("phase") in ("tiles", "arrange") and not scores[seat]:
            return common.plural(view["placed"][seat], "tile")
        return common.plural(scores[seat], "checker")
    return common.plural(scores[seat], "pt")


def seat_lines(text: str, players: int) -> dict[int, str]:
    lines = {}
    for seat in range(players):
        start = f"{common.letter(seat)} {common.pad(NAMES[seat], common.NAME_WIDTH)} "
        found = [line for line in text.splitlines() if line.startswith(start)]
        assert len(found) == 1, (start, text)
        lines[seat] = found[0]
    return lines


@pytest.mark.parametrize("slug", SLUGS)
def test_every_board_fits_a_phone_and_names_every_seat_with_its_score(slug):
    seen_players = set()
    for k, position in enumerate(positions(slug)):
        seen_players.add(position.players)
        for _, view in views(position, k):
            text = board(slug, view, position.players)
            assert text.strip(), slug
            for line in text.splitlines():
                assert len(line) <= common.WIDTH, (line, text)
            assert "\x1b" not in text
            wide = [ch for ch in text if unicodedata.east_asian_width(ch) in "WF"]
            assert not wide, wide
            for seat, line in seat_lines(text, position.players).items():
                assert score_text(slug, view, seat) in line, (line, view.get("scores"))
    game = engines.get(slug)
    assert seen_players == set(range(game.min_players, game.max_players + 1))
    assert len(positions(slug)) >= PER_GAME - 10


def test_positions_include_finished_matches():
    for slug in SLUGS:
        game = engines.get(slug)
        assert any(game.result(p.state) is not None for p in positions(slug) if p.final), slug


# ---- readers: each board read back as a player reads it ------------------------------
def grid_rows(text: str, rows: range, start: str = "") -> dict[int, str]:
    """The lines of a square grid by rank (the rank right-aligned in two columns)."""
    found = {}
    for line in text.splitlines():
        match = re.match(r"^\s?(\d{1,2}) ", line)
        if match and int(match[1]) in rows and line[3:].startswith(start) and \
                int(match[1]) not in found:
            found[int(match[1])] = line
    assert set(found) == set(rows), text
    return found


def read_witch_stones(text: str) -> dict[str, str]:
    rows = grid_rows(text, range(1, 10))
    header = text.splitlines()[1]
    cells = {}
    for rank, line in rows.items():
        for f in "abcdefghi":
            cells[f"{f}{rank}"] = line[header.index(f)]
    return cells


def test_witch_stones_shows_every_piece_on_its_square():
    symbol = {v: k for k, v in ws_text.SYMBOL.items()}
    for position in positions("witch-stones"):
        view = engines.get("witch-stones").view(position.state, None)
        cells = read_witch_stones(board("witch-stones", view, 2))
        assert {sq: symbol[s] for sq, s in cells.items() if s != common.EMPTY} == view["board"]


def _with(slug: str, state, **changes):
    game = engines.get(slug)
    data = game.dump(state)
    data.update(changes)
    return game.load(data)


def test_witch_stones_known_position():
    game = engines.get("witch-stones")
    state = _with("witch-stones", game.setup(2, 1, {}),
                  board={"c3": "crown", "a9": "sun", "i1": "moon", "e5": "earth"})
    text = board("witch-stones", game.view(state, None), 2)
    lines = text.splitlines()
    assert " 3 · · ♛ · · · · · · 3" in lines
    assert " 9 ☀ · · · · · · · · 9" in lines
    assert " 1 · · · · · · · · ☾ 1" in lines
    assert " 5 · · · · ● · · · · 5" in lines
    assert "On the board: ♛1 ☀1 ☾1 ●1" in text


def read_terra(text: str) -> dict[str, str]:
    cells = {}
    for line in text.splitlines():
        match = re.match(r"^(\d) ┃(.*)┃ \d$", line)
        if not match:
            continue
        tokens = [t for part in match[2].split("┃") for t in part.split()]
        assert len(tokens) == 9, line
        for f, token in zip("abcdefghi", tokens, strict=True):
            cells[f"{f}{match[1]}"] = token
    assert len(cells) == 81, text
    return cells


def test_terra_shows_every_structure_and_terrain_on_its_plot():
    from rendering.text import terra as terra_text

    for position in positions("terra"):
        view = engines.get("terra").view(position.state, None)
        cells = read_terra(board("terra", view, position.players))
        terrain = view["terrain"]
        for plot, token in cells.items():
            held = view["board"].get(plot)
            land = (terra_text.MOUNTAIN if plot in terrain["mountains"]
                    else terra_text.RIVER if plot in terrain["river"] else "")
            if held is None:
                assert token == (land or common.EMPTY), plot
            else:
                assert token == (common.letter(held["owner"]) + terra_text.SYMBOL[held["type"]]
                                 + land), plot


def test_terra_known_position_and_territory_control():
    game = engines.get("terra")
    state = _with("terra", game.setup(2, 5, {}),
                  board={"e5": [1, "castle"], "a9": [0, "temple"]})
    view = game.view(state, None)
    text = board("terra", view, 2)
    rows = {line[0]: line for line in text.splitlines() if re.match(r"^\d ┃", line)}
    assert rows["5"] == "5 ┃ ·   ·   ·   ┃ ·   B♜  ·   ┃ ·   ·   ·   ┃ 5"
    assert rows["9"].startswith("9 ┃ AΠ  ·")
    controllers = view["control"]
    assert controllers[4] == 1 and controllers[0] == 0
    assert "━ 5 B ━" in text and "━ 1 A ━" in text and "━ 2 ━" in text


def read_when_gods_collide(text: str) -> dict[str, str]:
    lines = text.splitlines()
    files = lines[1].split()
    cells = {}
    for line in lines[2:]:
        match = re.match(r"^\s?(\d{1,2}) ", line)
        if not match:
            break
        for i, f in enumerate(files):
            cells[f"{f}{match[1]}"] = line[3 + 3 * i:5 + 3 * i].strip()
    return cells


@pytest.mark.parametrize("viewer", [None, 0])
def test_when_gods_collide_shows_every_checker_and_god_the_view_knows(viewer):
    game = engines.get("when-gods-collide")
    for position in positions("when-gods-collide"):
        view = game.view(position.state, viewer)
        cells = read_when_gods_collide(board("when-gods-collide", view, position.players))
        for square, checker in view["board"].items():
            mark = ""
            if checker.get("god"):
                mark = ("★" if checker.get("public") or viewer is None
                        else "♛" if checker["owner"] == viewer else "☆")
            assert cells[square] == common.letter(checker["owner"]) + mark, square
        for square, token in cells.items():
            if square not in view["board"]:
                assert not token or token == common.EMPTY or token.islower(), square


def test_when_gods_collide_known_god_shows_only_to_its_owner():
    from tests.rendering.test_rendering_pictures import _wgc_playing

    game, state = _wgc_playing()
    data = game.dump(state)
    mine = sorted(sq for sq, (owner, _) in data["board"].items() if owner == 0)
    god_square = next(sq for sq in mine if game.view(state, 0)["board"][sq].get("god"))
    own = read_when_gods_collide(board(game.slug, game.view(state, 0), 2))
    public = read_when_gods_collide(board(game.slug, game.view(state, None), 2))
    theirs = read_when_gods_collide(board(game.slug, game.view(state, 1), 2))
    assert own[god_square] == "A♛"
    assert public[god_square] == "A" and theirs[god_square] == "A"
    assert "♛" not in board(game.slug, game.view(state, None), 2)


def read_storm(text: str) -> dict[str, tuple[str, str]]:
    """Each position's tile: (its column's letter over it, its line's text up to the next
    tile's label)."""
    lines = text.splitlines()
    letters = next(i for i, line in enumerate(lines) if line.strip().startswith("a     b"))
    header, body = lines[letters], lines[letters + 1:letters + 18]
    assert lines[letters + 18] == header  # the letters again, under the map
    tiles = {}
    for line in body:
        found = list(re.finditer(r"(?<!\S)([a-i]\d)(?!\S)", line))
        for match, after in zip(found, [*found[1:], None], strict=True):
            tiles[match[1]] = (header[match.start()],
                               line[match.start():after.start() if after else None].strip())
    assert len(tiles) == 61, sorted(tiles)
    return tiles


def test_storm_shows_every_tile_on_one_line_with_owner_and_worshippers():
    """Nothing of a tile is on another line, where the next column's label would stand
    beside it (issue 36: "A6⌂   b4" belonged to a4)."""
    game = engines.get("storm-of-the-gods")
    for position in positions("storm-of-the-gods"):
        view = game.view(position.state, None)
        tiles = read_storm(board(game.slug, view, position.players))
        for name, (column, tile) in tiles.items():
            assert column == name[0], name
            cell = view["board"].get(name)
            marks = ("◎" if name == view["wind"] else "") + (
                "×" if name == view.get("attacked") else "")
            if cell is None:
                expected = name
            elif cell.get("compass"):
                expected = f"{name} ✣"
            else:
                expected = f"{name} {cell['population']}"
                if cell["owner"] is not None:
                    building = "★" if cell["sanctuary"] else "⌂" if cell["construction"] else ""
                    men = cell["worshippers"] or ""
                    expected += f" {common.letter(cell['owner'])}{men}{building}{marks}"
                    marks = ""
            assert tile == " ".join(p for p in (expected, marks) if p), (name, tile)


def read_angry_gods(text: str) -> tuple[list[str], dict[str, tuple[int, int]]]:
    """The hexagon's lines and where each space's name ends (line, column)."""
    lines = text.splitlines()[1:21]
    ends = {}
    for k, line in enumerate(lines):
        for match in re.finditer(r"\b([A-G][1-7])\b", line):
            ends[match[1]] = (k, match.end() - 1)
    assert len(ends) == 37, text
    return lines, ends


def _at(lines: list[str], k: int, col: int) -> str:
    return lines[k][col] if k < len(lines) and col < len(lines[k]) else " "


def test_angry_gods_shows_every_stone_under_its_space_and_followers_at_their_corners():
    """A space's stone is under its name; the follower on its se corner is one line
    lower and a half-space right, on its s corner two lines lower (the engine names every
    intersection by an se or s corner)."""
    letter = {"red": "R", "yellow": "Y", "green": "G", "blue": "B"}
    game = engines.get("angry-gods")
    for position in positions("angry-gods"):
        view = game.view(position.state, None)
        lines, ends = read_angry_gods(board(game.slug, view, position.players))
        for space, (k, col) in ends.items():
            what = view["board"].get(space)
            stone = lines[k + 1][col - 1:col + 1].strip() if col < len(lines[k + 1]) else ""
            if what is None:
                assert stone == "", space
            elif what["role"] == "false_god":
                assert stone == "♜"
            else:
                assert stone == ("♛" if what["role"] == "god" else "") + letter[what["colour"]]
        for point in INTERSECTIONS:
            space, corner = point[:2], point[2:]
            k, col = ends[space]
            at = _at(lines, k + 2, col + 4) if corner == "se" else _at(lines, k + 3, col)
            what = view["board"].get(point)
            if what:
                assert at == letter[what["colour"]].lower(), point
            else:
                assert at in (common.EMPTY, "×"), point


def test_angry_gods_known_position():
    game = engines.get("angry-gods")
    state = _with("angry-gods", game.setup(2, 1, {}), followers={"C3se": "blue"},
                  leaders={"D4": "red"}, gods={"A1": "green"}, false_gods=["G4"])
    text = board(game.slug, game.view(state, None), 2)
    lines, ends = read_angry_gods(text)
    k, col = ends["C3"]
    assert lines[k + 2][col + 4] == "b"
    assert sum(line.count("b") for line in lines) == 1
    k, col = ends["D4"]
    assert lines[k + 1][col] == "R"
    k, col = ends["A1"]
    assert lines[k + 1][col - 1:col + 1] == "♛G"
    k, col = ends["G4"]
    assert lines[k + 1][col] == "♜"


# ---- secrets ---------------------------------------------------------------------------
@pytest.mark.parametrize("slug", SECRET_GAMES)
def test_a_public_twin_gives_the_same_public_board(slug):
    for position, twin, public in public_twins(slug, seed=7):
        assert twin == public
        assert board(slug, twin, position.players) == board(slug, public, position.players)


def public_twins(slug: str, seed: int):
    """At least 80 positions of ``slug`` (every third), each with its public view and a
    twin's: the same position with its hidden values drawn again."""
    game = engines.get(slug)
    rng = random.Random(seed)
    found = [(position, game.view(game.determinise(position.state, None, rng), None),
              game.view(position.state, None)) for position in positions(slug)[::3]]
    assert len(found) >= 80
    return found


def terra_reserve_texts(write):
    """Terra for two, written by ``write(slug, view, players)``, seat A's reserve two
    temples in position a and an army and a temple in position b (seat B's the same in
    both): a's and b's public texts, A's own texts of a and b, and B's text of a."""
    game = engines.get("terra")
    state = game.setup(2, 5, {})
    reserve = game.dump(state)["reserves"][0]
    a = _with("terra", state, reserves=[["temple", "temple"], reserve])
    b = _with("terra", state, reserves=[["army", "temple"], reserve])
    return [write("terra", game.view(s, seat), 2)
            for s, seat in ((a, None), (b, None), (a, 0), (b, 0), (a, 1))]


def test_terra_reserve_only_in_its_owners_board():
    public, public_b, own, own_b, other = terra_reserve_texts(board)
    assert public == public_b and "reserve:" not in public
    assert "A your reserve: Π temple ×2" in own
    assert "A your reserve: Π temple, ⚑ army" in own_b
    assert "your reserve" not in other.replace("B your reserve", "")


def test_terra_open_reserves_show_everyones_chits():
    game = engines.get("terra")
    state = game.setup(3, 5, {"open_reserves": True})
    text = board("terra", game.view(state, None), 3)
    for seat in range(3):
        assert f"{common.letter(seat)} reserve: " in text


# ---- names, the dispatchers, no Pillow (text boards and alt text) -------------------
def test_awkward_names_keep_the_width_and_the_lines():
    wide = "张伟" * 20  # East Asian wide: two columns each
    odd = ["Ana\nfake line", wide, "x" * 200, "", "Eve", "Fitz"]
    for slug in SLUGS:
        position = positions(slug)[len(positions(slug)) // 2]
        view = engines.get(slug).view(position.state, None)
        plain = board(slug, view, position.players)
        text = board(slug, view, position.players, names=odd)
        assert len(text.splitlines()) == len(plain.splitlines()), slug
        assert max(common.columns(line) for line in text.splitlines()) <= common.WIDTH
        assert "fake line" not in text.splitlines()[0]
    assert common.fit(wide, 10) == "张伟张伟…" and common.columns(common.fit(wide, 10)) == 9


WRITERS = [("rendering.text", "text_board"), ("rendering.alt", "alt_text")]
"""The text boards and the alt text: each a dispatcher in its package, one module a game."""


@pytest.mark.parametrize(("package", "writer"), WRITERS)
def test_the_dispatcher_finds_each_games_writer_through_its_spec(package, writer):
    dispatcher = getattr(importlib.import_module(package), writer)
    terra = getattr(importlib.import_module(f"{package}.terra"), writer)
    view = engines.get("terra").view(engines.get("terra").setup(2, 1, {}), None)
    assert dispatcher("terra", view, ["Ana", "Bo"]) == terra(view, ["Ana", "Bo"])
    with pytest.raises(KeyError, match="no game 'no-such-game'"):  # the registry's answer
        dispatcher("no-such-game", view, ["Ana"])


@pytest.mark.parametrize(("package", "writer"), WRITERS)
def test_text_boards_and_alt_text_need_no_pillow(package, writer):
    code = (f"import sys; import {package}; "
            + "; ".join(f"import {package}.{s.replace('-', '_')}" for s in SLUGS)
            + "; print('PIL' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"
