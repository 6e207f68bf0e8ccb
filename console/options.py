"""The console's command line: its options, each checked once where it enters (one clear
line for a refusal, before the database is opened), and the command that resumes."""

from __future__ import annotations

import argparse
import re
import shlex
import sys
from pathlib import Path

import engines
import speech
from console import terminal
from console.words import Unknown, game_slug
from engines.ai import KINDS, MctsPlayer, Player, level_name
from service.common.names import plural
from service.records.export import seed_is_public

MAX_NAME = 32
"""As Discord's display names."""
MAX_ID = 2**63 - 1
"""The largest match number a store keeps (a signed 64-bit integer)."""
MAX_ITERATIONS = 1_000_000
"""A search budget past which a decision would take minutes."""


def hard_seconds() -> float:
    """The longest a hard decision may search, in seconds: the largest wall-clock cap of
    the games' hard budgets (the figure the help, README and COMPUTER_PLAYERS.md give)."""
    return max(spec.computer.hard.seconds for spec in engines.specs())


def local_names(typed: str | None, humans: int) -> list[str]:
    """The names of the people at the keyboard, from ``--names Ana,Bo``: the rest are
    "Player N". Raises :class:`Unknown` with the reason for names it cannot use."""
    given = typed_names(typed)
    if len(given) > humans:
        raise Unknown(f"--names gives {plural(len(given), 'name')} but "
                      f"{plural(humans, 'seat')} {'is' if humans == 1 else 'are'} for people.")
    names = given + [f"Player {n}" for n in range(len(given) + 1, humans + 1)]
    if len({name.casefold() for name in names}) < len(names):
        raise Unknown("Each person at the keyboard needs a name of their own.")
    return names


def typed_names(typed: str | None) -> list[str]:
    """The names given with ``--names``, cleaned and checked (:class:`Unknown` says why
    one cannot be used)."""
    given = [] if typed is None else [re.sub(r"\s+", " ", terminal.printable(n)).strip()
                                      for n in typed.split(",")]
    if any(not name for name in given):
        raise Unknown("--names takes names separated by commas, none of them empty.")
    if any(len(name) > MAX_NAME for name in given):
        raise Unknown(f"A name in --names is longer than {MAX_NAME} characters.")
    if any(re.fullmatch(r"computer \d+.*", name.casefold()) for name in given):
        raise Unknown("\"Computer …\" names the computer's seats; choose another name.")
    return given


def parser() -> argparse.ArgumentParser:
    slugs = [g.slug for g in engines.all()]
    p = argparse.ArgumentParser(prog="python -m bot --local",
                                description="Play a Pantheon match in the terminal.")
    p.add_argument("game", nargs="?", help="the game to play: " + ", ".join(slugs)
                   + f" (any case, or the start of a name: {slugs[0].split('-')[0]}); "
                   "or `learn`, then a game: its lesson, a guided first match")
    p.add_argument("lesson", nargs="?", help=argparse.SUPPRESS)
    p.add_argument("--players", type=int, help="number of seats (default: the minimum, or "
                   "enough for --names and --ai)")
    p.add_argument("--ai", type=int, default=0, help="how many seats the computer plays")
    p.add_argument("--ai-level", choices=list(KINDS), default="normal",
                   help="how the computer plays: easy (one move ahead, often careless), "
                        "normal (search, default; also 'mcts') or hard (a longer search, "
                        f"up to {hard_seconds():g} s a move); random and greedy for tests")
    p.add_argument("--ai-iterations", type=int, metavar="N",
                   help="search iterations per decision at the normal level "
                        "(default: each game's own budget)")
    p.add_argument("--options", default="", help='game options, e.g. "terrain=true"')
    p.add_argument("--seed", type=int, help="fix the match's random seed (and seat order)")
    p.add_argument("--resume", type=int, metavar="ID", help="continue a saved match")
    p.add_argument("--review", type=int, metavar="ID",
                   help="the computer's review of a finished match, for each person in it")
    reopen = ", ".join(g.title for g in engines.all() if seed_is_public(g))
    p.add_argument("--import", dest="record", metavar="FILE",
                   help="replay a game record (from /export or `export`); a match that was "
                        "not over then continues here as a new match: an aborted one, or "
                        f"one exported while running in a game that hides nothing ({reopen}; "
                        "other games keep a running match's seed secret)")
    p.add_argument("--names", metavar="ANA,BO",
                   help="the names of the people at the keyboard, in seat order before the "
                        "draw (default: Player 1, Player 2, …); N names seat N people")
    p.add_argument("--no-text-board", dest="text_board", action="store_false",
                   help="show only the PNG's file name, not the text board, at each position")
    p.add_argument("--alt", action="store_true",
                   help="print each picture's alt text (as a screen reader hears it)")
    p.add_argument("--language", metavar="TAG",
                   help="the language the console speaks: " + ", ".join(speech.LANGUAGES)
                        + " (default: from LC_ALL, LC_MESSAGES or LANG)")
    p.add_argument("--db", help="database file (default: DATABASE_PATH or pantheon.db)")
    p.add_argument("--boards", help="folder for board PNGs (default: BOARDS_DIR or boards)")
    return p


def lesson_problem(args: argparse.Namespace) -> str | None:
    """Why ``learn <game>`` cannot start that game's lesson, in one sentence, or None; a
    second word after a game that is not ``learn`` is refused too."""
    if not is_lesson(args):
        return (None if args.lesson is None else
                f"One game at a time: `{args.lesson[:40]}` is one word too many.")
    with_lesson = [s.title for s in engines.specs() if s.learn is not None]
    if args.lesson is None:
        return "Name the game to learn: " + ", ".join(with_lesson) + "."
    try:
        spec = engines.spec(game_slug(args.lesson))
    except Unknown as exc:
        return str(exc)
    if spec.learn is None:
        return f"{spec.title} has no lesson yet; lessons: {', '.join(with_lesson)}."
    return None


def is_lesson(args: argparse.Namespace) -> bool:
    """Whether the command line asks for a lesson (``learn <game>``)."""
    return args.game is not None and args.game.strip().lower() == "learn"


def number_problem(args: argparse.Namespace) -> str | None:
    """Why a number on the command line is out of range, in one line that does not
    repeat the number (it may be a hundred digits long), or None."""
    if args.ai < 0:
        return "--ai is a number of computer seats: 0 or more."
    if args.players is not None and args.players < 1:
        return "--players is a number of seats: 1 or more."
    if args.ai_iterations is not None and not 1 <= args.ai_iterations <= MAX_ITERATIONS:
        return f"--ai-iterations must be from 1 to {MAX_ITERATIONS:,}."
    if args.resume is not None and not 1 <= args.resume <= MAX_ID:
        return "--resume takes a match number, as `quit` prints it."
    if args.review is not None and not 1 <= args.review <= MAX_ID:
        return "--review takes a match number, as the end of a match prints it."
    if args.seed is not None and not 0 <= args.seed <= MAX_ID:
        return "--seed must be a whole number from 0 to 2**63 - 1."
    return None


def seats(args: argparse.Namespace) -> int:
    """The number of seats: ``--players``, else enough for the names and computers given
    (at least the game's minimum)."""
    game = engines.get(game_slug(args.game))
    if args.players is not None:
        return int(args.players)
    return max(game.min_players, args.ai + len(typed_names(args.names)))


def new_match_problem(args: argparse.Namespace) -> str | None:
    """Why the command line cannot start a match, in one sentence, or None. Checked
    before the database is opened, so a refused command leaves no file behind."""
    try:
        game = engines.get(game_slug(args.game))
        low, high = game.min_players, game.max_players
        span = f"{low}" if low == high else f"{low} to {high}"
        if args.players is not None and not low <= args.players <= high:
            return f"--players: {game.title} is for {span} players."
        if args.ai > high:
            return f"--ai: {game.title} has at most {plural(high, 'seat')}."
        players = seats(args)
        if args.ai > players:
            return f"--ai: more computers than the {plural(players, 'seat')} of --players."
        if players > high:
            return f"{game.title} is for {span} players: --names and --ai ask for {players}."
        local_names(args.names, players - args.ai)
    except Unknown as exc:
        return str(exc)
    return None


def offload(level: str) -> str:
    """Searching levels think in worker processes; random and greedy, instant, in a
    thread (no processes started for them)."""
    return "thread" if level_name(level) in ("random", "greedy") else "process"


def computer(level: str, iterations: int | None) -> Player | None:
    """A player object for the console's computer seats when ``--ai-iterations`` sets the
    search's budget; None: the service plays each seat at its level."""
    if level_name(level) == "normal" and iterations is not None:
        return MctsPlayer.with_budget(max(1, iterations))
    return None


def resume_command(args: argparse.Namespace, database: str, boards: Path) -> str:
    """The command that resumes a match (``{id}``) from any folder: this Python, the
    database and the pictures' folder as absolute paths, and the options that matter."""
    if "://" not in database:
        database = str(Path(database).resolve())
    words = [sys.executable, "-m", "bot", "--local", "--resume", "ID", "--db", database,
             "--boards", str(boards.resolve())]
    if level_name(args.ai_level) != "normal":
        words += ["--ai-level", args.ai_level]
    if args.ai_iterations is not None:
        words += ["--ai-iterations", str(args.ai_iterations)]
    if not args.text_board:
        words.append("--no-text-board")
    if args.alt:
        words.append("--alt")
    return shlex.join(words).replace(" ID ", " {id} ")
