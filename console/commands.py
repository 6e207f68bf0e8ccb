"""The console's own commands beside moves: help, the moves list, the rules, a match's
record written to files, and what a mistyped line may have meant. Everything they print
fits the terminal's 80 columns (:data:`terminal.WIDTH`)."""

from __future__ import annotations

from pathlib import Path

import engines
import speech
from console import terminal
from console.language import reader as reader_language
from console.words import Unknown, pick
from service import Actor, Service
from service.common.names import plural
from service.match import suggest

HELP = """Type a move (e.g. one from `moves`), or:
  moves      your legal moves            board      show and save the board
  board text the whole board as text     me         your private information
  history    every move so far           rules      the game's rules
  rules A turn  one section of the rules (a refused move names its section)
  export     write the match's record    resign     give up this seat (asks)
  hint       the computer's choice for your move, and why (unrated matches)
  quit       stop (resume later with --resume; Ctrl-D and Ctrl-C stop too)"""

COMMANDS = ("help", "moves", "board", "me", "history", "rules", "export", "hint", "resign",
            "quit", "exit")
WHOLE_WORD = ("resign", "quit", "exit")
"""Commands that end something are never taken from a prefix."""
SHOWN_MOVES = 200
"""The moves list shows at most this many (a game may have hundreds)."""


def command_word(line: str, legal: list[str]) -> str | None:
    """The console command ``line`` names ("" and "?" are help), or None for a move.
    A legal move always wins over a command it happens to spell."""
    word = line.strip().lower()
    if word in ("", "?"):
        return ""
    if " " in word or word in legal:
        return None
    if word in COMMANDS:
        return word
    prefixes = [c for c in COMMANDS if c not in WHOLE_WORD]
    try:
        return pick(word, prefixes, "command", min_prefix=2)
    except Unknown:
        return None


def moves_text(moves: list[str]) -> str:
    """``N legal moves: a, b, …`` wrapped between moves, never inside one."""
    shown = moves[:SHOWN_MOVES] + (["…"] if len(moves) > SHOWN_MOVES else [])
    return terminal.listing(f"{plural(len(moves), 'legal move')}: ", shown)


def did_you_mean(typed: str, legal: list[str]) -> str:
    """What to add to the service's refusal of a mistyped line: nothing when the
    service already suggested moves (:func:`service.match.suggest.did_you_mean`) or ``typed``
    is a legal move (a lesson's step refused it: no typo), else the commands it is
    closest to (``movs`` → ``moves``)."""
    if (" ".join(typed.lower().split()) in {m.lower() for m in legal}
            or suggest.nearest(typed, legal)):
        return ""
    return suggest.did_you_mean(typed, [], [c for c in COMMANDS if c != "exit"])


def rules(slug: str, section: str = "", language: str | None = None) -> str:
    """The game's rules as players read them with /rules, as plain text, in the console's
    language (:func:`console.language.reader` unless ``language`` is given); with
    ``section`` (``rules A turn``, or its label in that language), that section alone,
    or which sections there are."""
    language = language or reader_language()
    if not section.strip():
        return engines.rules_text(slug, language)
    found = engines.rules_section(slug, section, language)
    if found is None:
        return speech.say(language, engines.no_section(slug, section.strip(), language))
    return found


async def export(service: Service, match_id: int, actor: Actor | None,
                 folder: Path) -> tuple[Path, Path, str | None]:
    """Write the match's record to ``folder`` as ``<game>-<id>.json`` (what ``--import``
    reads; docs/RECORDS.md) and ``.txt`` (every move as a sentence); their paths, and
    why ``--import`` cannot replay the record, if it cannot (a running match whose seed
    is kept secret)."""
    record = await service.export(match_id, actor, mine=actor is not None)
    folder.mkdir(parents=True, exist_ok=True)
    json_path = folder / f"{record.filename}.json"
    text_path = folder / f"{record.filename}.txt"
    json_path.write_text(record.json, encoding="utf-8")
    text_path.write_text(record.text, encoding="utf-8")
    return json_path, text_path, record.unreplayable
