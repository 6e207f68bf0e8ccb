"""What a game declares about itself, in one place: :class:`GameSpec`.

Each game's own files hold one ``SPEC`` (next to its engine, in ``engines/<game>/``):
the engine, where it stands in lists, its rules text, its picture, how computers play it.
:func:`engines.register` checks a spec whole — a game without a renderer or rules text
is refused there, with every missing part named, not when a move is already saved and
its picture raises.

The parts that live outside ``engines/`` (the picture in ``rendering/``, the text board in
``rendering/text/``, the alt text in ``rendering/alt/``) are named by reference,
``"module:attribute"``, and imported on first use. So importing a game never imports
Pillow or the computer players (engines stay pure, and no import cycle runs engines →
rendering → engines); registration still
checks that each named module exists. A spec may also hold the callable itself (a test's
toy game does).
"""

from __future__ import annotations

import importlib
import importlib.util
import re
import typing
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, cast

import speech
from engines.base import Game
from engines.view import View

Ref = str | Callable[..., Any]
"""A part of a game: the callable itself, or ``"module:attribute"`` naming it."""

Renderer = Callable[..., bytes]
"""``render(view, names, highlight, *, outcome=None, marks=None) -> PNG bytes``."""
TextBoard = Callable[[Any, list[str]], str]
"""``text_board(view, names) -> str``: the view as text, at most 60 columns."""
AltText = Callable[..., str]
"""``alt_text(view, names, *, marks=None, outcome=None, limit=1024) -> str``: the
picture in sentences, for a screen reader."""
Adjust = Callable[[Any, dict[str, Any], list[float]], list[float]]
"""``adjust(state, public view, scores) -> the totals the search values``."""

SLUG = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
"""What a slug looks like: lower-case words joined by dashes (``kayles``, ``two-words``)."""


class SpecError(ValueError):
    """A game that cannot be registered; the message names every missing part."""


@dataclass(frozen=True)
class Budget:
    """How much a search may do: iterations (the knob, deterministic), a rollout depth
    cap, and a wall-clock cap as a safety net."""

    iterations: int = 200
    rollout_depth: int = 0
    seconds: float = 2.0


@dataclass(frozen=True)
class Computer:
    """How the computer players play a game (:mod:`engines.ai`).

    ``normal`` and ``hard`` are the search budgets of those levels (chosen with
    ``bench/ai.py``). ``scale`` is a typical decisive score lead: a position is valued by
    ``tanh(margin / scale)``. ``adjust(state, view, totals) -> totals`` corrects the
    scores the search values where they are a poor guide (a ref; None: the scores as
    they are). ``hard_player`` is a :class:`~engines.ai.Player` class that decides instead
    of the search at the hard level (a ref; None: the search). ``counts`` are the board
    occupant fields that grow with every round trip, left out when the computer looks for
    repetitions (:mod:`engines.ai.repetition`).
    """

    normal: Budget
    hard: Budget
    scale: float = 10.0
    adjust: Ref | None = None
    hard_player: Ref | None = None
    counts: tuple[str, ...] = ()


@dataclass(frozen=True)
class GameSpec:
    """Everything the project needs to know about one game.

    ``game`` is the engine (:class:`engines.base.Game`): slug, title, seats and rules
    version are its own attributes, read here, never repeated. ``order`` places the game
    in lists (lower first). ``rules`` is the players' rules text (a Markdown file, shown
    by ``/rules``). ``renderer`` draws a view: ``render(view, names, highlight, *,
    outcome=None, marks=None) -> PNG bytes`` (see :mod:`rendering`). ``computer`` is how
    the computer plays it. ``text_board(view, names) -> str`` draws a view in at most 60
    columns of text (:mod:`rendering.text`). ``alt_text(view, names, *, marks, outcome,
    limit) -> str`` says what the picture shows, in sentences, for a screen reader
    (:mod:`rendering.alt`). ``view_type`` is what its views hold (a ``TypedDict``
    extending :class:`engines.view.View`).
    """

    game: Game
    order: int
    rules: Traversable | Path
    renderer: Ref
    computer: Computer
    text_board: Ref
    alt_text: Ref
    view_type: type = View
    """The ``TypedDict`` of the game's views (:mod:`engines.view`)."""
    score_unit: str = "point"
    """What a score counts, as the result says it: "Ana: 3 checkers", not "Ana: 3"."""
    learn: Traversable | Path | None = None
    """The lesson script (``learn.toml``, :mod:`engines.lesson`), or None: no lesson."""
    _cache: dict[str, Any] = field(default_factory=dict, init=False, compare=False,
                                   repr=False)

    @classmethod
    def standard(cls, game: Game, package: str, *, order: int, computer: Computer,
                 view_type: type = View, score_unit: str = "point") -> GameSpec:
        """The spec of one of the project's own games, its parts where the project keeps
        them: rules text ``engines/rules/<slug>.md``, picture ``rendering/<name>.py``, text
        board ``rendering/text/<name>.py``, alt text ``rendering/alt/<name>.py``, where
        ``<name>`` is the game's module (the last part of ``package``, its ``__name__``).
        The lesson script is ``learn.toml`` in the game's package, or ``<name>.learn.toml``
        beside a game that is one module, when that file exists."""
        name = package.rpartition(".")[2]
        return cls(game, order=order,
                   rules=resources.files("engines").joinpath("rules", f"{game.slug}.md"),
                   learn=lesson_script(package),
                   renderer=f"rendering.{name}:render",
                   text_board=f"rendering.text.{name}:text_board",
                   alt_text=f"rendering.alt.{name}:alt_text",
                   computer=computer, view_type=view_type, score_unit=score_unit)

    @property
    def slug(self) -> str:
        return self.game.slug

    @property
    def title(self) -> str:
        return self.game.title

    @property
    def min_players(self) -> int:
        return self.game.min_players

    @property
    def max_players(self) -> int:
        return self.game.max_players

    @property
    def version(self) -> str:
        return self.game.version

    def rules_file(self, language: str = "en") -> Traversable | Path:
        """The rules text in ``language`` (a catalogue's tag, ``de``): the file of that
        name in the folder of that language beside the English one
        (``engines/rules/de/<slug>.md``), or the English one where that language has none.
        Only the catalogues' tags are looked up, so no caller's text becomes a path."""
        folder = getattr(self.rules, "parent", None)  # a Path's, or a zip's
        if folder is not None and language in speech.LANGUAGES and language != speech.ENGLISH:
            translated = folder.joinpath(language, self.rules.name)
            if translated.is_file():
                return cast(Path, translated)
        return self.rules

    def rules_text(self, language: str = "en") -> str:
        return self.rules_file(language).read_text("utf-8")

    def render(self) -> Renderer:
        """The renderer, imported on first use."""
        return cast(Renderer, self._part("renderer", self.renderer))

    def render_text(self) -> TextBoard:
        """The text board, imported on first use."""
        return cast(TextBoard, self._part("text_board", self.text_board))

    def describe_picture(self) -> AltText:
        """The alt-text writer, imported on first use."""
        return cast(AltText, self._part("alt_text", self.alt_text))

    def adjust(self) -> Adjust | None:
        if self.computer.adjust is None:
            return None
        return cast(Adjust, self._part("adjust", self.computer.adjust))

    def hard_player(self) -> Any | None:
        """A fresh hard-level player (an :class:`~engines.ai.Player`), or None."""
        found = self.computer.hard_player
        return None if found is None else self._part("hard_player", found)()

    def _part(self, name: str, ref: Ref) -> Any:
        if name not in self._cache:
            self._cache[name] = resolve(ref)
        return self._cache[name]

    def problems(self) -> list[str]:
        """What is missing or wrong (empty: the spec may be registered)."""
        game = self.game
        if not isinstance(game, Game):
            names = {*Game.__annotations__, *(n for n in vars(Game) if not n.startswith("_"))}
            missing = [n for n in names if not hasattr(game, n)]
            return [f"the engine lacks {', '.join(sorted(missing))}"]
        found: list[str] = []
        if not isinstance(game.slug, str) or not SLUG.fullmatch(game.slug):
            found.append(f"slug {game.slug!r} is not lower-case words joined by dashes")
        if not isinstance(game.title, str) or not game.title.strip():
            found.append("no title")
        if not (isinstance(game.min_players, int) and isinstance(game.max_players, int)
                and 1 <= game.min_players <= game.max_players):
            found.append(f"seats {game.min_players}–{game.max_players} are not a range")
        if not isinstance(game.version, str) or not game.version:
            found.append("no rules version")
        if not isinstance(self.order, int):
            found.append("no order (an int)")
        try:
            if not self.rules.is_file() or not self.rules_text().strip():
                found.append(f"no rules text at {self.rules}")
        except (OSError, AttributeError):
            found.append(f"no rules text at {self.rules}")
        found += ref_problems("renderer", self.renderer)
        found += ref_problems("text board", self.text_board)
        found += ref_problems("alt text", self.alt_text)
        if not (typing.is_typeddict(self.view_type) and View.__required_keys__ <= getattr(
                self.view_type, "__required_keys__", frozenset())):
            found.append("a view type that is no TypedDict extending engines.view.View")
        computer = self.computer
        if not isinstance(computer, Computer):
            return [*found, "no computer tuning (a Computer)"]
        if not (isinstance(computer.normal, Budget) and isinstance(computer.hard, Budget)):
            found.append("no normal and hard search budgets")
        if not computer.scale > 0:
            found.append("a score scale that is not positive")
        for name in ("adjust", "hard_player"):
            ref = getattr(computer, name)
            if ref is not None:
                found += ref_problems(name, ref)
        return found + self.lesson_problems()

    def lesson_problems(self) -> list[str]:
        """Why the declared lesson script cannot be used (empty: none, or it parses)."""
        if self.learn is None:
            return []
        from engines.lesson_script import LessonError, parse

        try:
            parse(self.learn.read_text("utf-8"))
        except (OSError, AttributeError):
            return [f"no lesson script at {self.learn}"]
        except LessonError as error:
            return [f"a lesson script that does not parse: {error}"]
        return []


def lesson_place(package: str) -> Traversable:
    """Where the lesson script of the game in ``package`` is kept: a package's
    ``learn.toml``, a module's ``<name>.learn.toml`` beside it."""
    found = importlib.util.find_spec(package)
    if found is not None and found.submodule_search_locations is not None:
        return resources.files(package).joinpath("learn.toml")
    parent, _, name = package.rpartition(".")
    return resources.files(parent).joinpath(f"{name}.learn.toml")


def lesson_script(package: str) -> Traversable | None:
    """The lesson script of the game in ``package``, or None when it has none."""
    script = lesson_place(package)
    return script if script.is_file() else None


def ref_problems(name: str, ref: Any) -> list[str]:
    """Why ``ref`` cannot name a part (empty: it can). A ``"module:attribute"`` is checked
    by finding the module without importing it."""
    if callable(ref):
        return []
    if not isinstance(ref, str) or ref.count(":") != 1:
        return [f"no {name} (a callable or 'module:attribute')"]
    module = ref.partition(":")[0]
    try:
        exists = importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:
        exists = False
    return [] if exists else [f"no {name}: module {module} not found"]


def resolve(ref: Ref) -> Any:
    """The part ``ref`` names (a callable is itself)."""
    if callable(ref):
        return ref
    module, _, name = ref.partition(":")
    return getattr(importlib.import_module(module), name)
