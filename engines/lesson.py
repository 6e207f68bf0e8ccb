"""Lessons: a guided first match of a game, as data beside the game (``learn.toml``).

A lesson script (docs/LESSONS.md has the format) is a match seed, the learner's seat and
a list of steps. Each step says a rule in one or two sentences, asks for a move of that
kind, and names the right moves (exact strings, or a regular expression over the legal
moves). The current step is never stored: step ``k`` is current when the learner has
made ``k`` moves in the match, so a refused move (not played) repeats its step by
construction, and a lesson survives anything a match survives.

Pure: no I/O beyond reading the spec's script file, no clocks, no randomness but the easy
computer's seeded choices in :func:`walk`.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache

import engines
from engines.ai import player
from engines.base import Game, IllegalMove, State
from engines.lesson_script import (
    RULE_SENTENCES,
    Lesson,
    LessonError,
    Step,
    overlay_path,
    parse,
    sentences,
    translated,
)

__all__ = ["RULE_SENTENCES", "Lesson", "LessonError", "Step", "computer_turns", "first_right",
           "judge", "lesson_of", "parse", "right_move", "scripted", "sentences", "step_at",
           "walk"]


@cache
def lesson_of(slug: str, language: str = "en") -> Lesson | None:
    """The lesson of the game called ``slug`` (its spec's ``learn`` script), or None when
    it has none, in ``language`` (a catalogue tag): the script's words replaced by its
    overlay's (:mod:`engines.lesson_script`), the English where it has none. KeyError for a
    game that is not registered; LessonError for an overlay that is not sound."""
    script = engines.spec(slug).learn
    if script is None:
        return None
    lesson = parse(script.read_text("utf-8"))
    overlay = overlay_path(script, language) if language != "en" else None
    if overlay is None or not overlay.is_file():
        return lesson
    try:
        return translated(lesson, overlay.read_text("utf-8"), language)
    except LessonError as error:
        raise LessonError(f"{overlay.name}: {error}") from None


def step_at(lesson: Lesson, learner_moves_made: int) -> Step | None:
    """The current step once the learner has made this many moves; None after the last."""
    if 0 <= learner_moves_made < len(lesson.steps):
        return lesson.steps[learner_moves_made]
    return None


def judge(game: Game, state: State, lesson: Lesson, step: Step, move: str) -> str | None:
    """None when ``move`` is right at ``step``; else the one sentence refusing it: the
    engine's reason for an illegal move, the step's ``wrong`` for a legal one it does not
    ask for. A move written another way (``e5`` for ``take e5``) is right when it plays
    the same as a right move. A step none of whose moves is legal here (the position left
    the script, e.g. after a computer chose differently) takes any legal move."""
    seat = lesson.learner
    try:
        after = game.play(state, seat, move)
    except IllegalMove as error:
        return str(error) or "That move is not allowed here."
    if step.is_right(move):
        return None
    legal = game.legal_moves(state, seat)
    right = [m for m in (step.moves if step.kind is None else legal)
             if m in legal and step.is_right(m)]
    if not right:
        return None
    played = game.dump(after)
    if any(game.dump(game.play(state, seat, m)) == played for m in right):
        return None
    return step.wrong


def first_right(game: Game, state: State, step: Step, seat: int | None = None) -> str:
    """The first right move of ``step`` that is legal for ``seat`` (default: the first
    seat to act that has one); LessonError if none."""
    seats = game.to_act(state) if seat is None else [seat]
    legal = [m for s in seats for m in game.legal_moves(state, s)]
    for s in seats:
        own = game.legal_moves(state, s)
        for move in (step.moves if step.kind is None else own):
            if move in own and step.is_right(move):
                return move
    raise LessonError(f"step {step.teaches!r}: no right move is legal here "
                      f"(legal: {', '.join(legal[:8])}{'…' if len(legal) > 8 else ''})")


def right_move(game: Game, state: State, lesson: Lesson, step: Step) -> str | None:
    """The move to suggest at ``step`` (a hint): the step's own first right move where
    one is legal (:func:`first_right`, the move the walk plays), else the first legal
    move :func:`judge` takes; None when the learner has no legal move. Always a move the
    step accepts."""
    try:
        return first_right(game, state, step, lesson.learner)
    except LessonError:
        pass
    return next((move for move in game.legal_moves(state, lesson.learner)
                 if judge(game, state, lesson, step, move) is None), None)


def scripted(lesson: Lesson, played: Sequence[tuple[int, str]]) -> str | None:
    """The computer's next move as the script has it, after the match's moves ``played``
    (seat, move): the opening before the learner's first move, then the replies of the
    step the learner played last, in order; None when the script has no more (the easy
    computer decides) or the steps are done."""
    made = sum(1 for seat, _ in played if seat == lesson.learner)
    since = 0
    for seat, _ in reversed(played):
        if seat == lesson.learner:
            break
        since += 1
    if made == 0:
        replies = lesson.opening
    elif made <= len(lesson.steps):
        replies = lesson.steps[made - 1].replies
    else:
        return None
    return replies[since] if since < len(replies) else None


def computer_turns(game: Game, state: State, lesson: Lesson, played: list[tuple[int, str]],
                   seed: int) -> State:
    """Play the computers' moves while one is to act: the script's, then the easy
    computer's (seeded). ``played`` grows by the moves made. LessonError when a scripted
    move is illegal."""
    easy = player("easy")
    while game.result(state) is None:
        computers = [s for s in game.to_act(state) if s != lesson.learner]
        if not computers:
            return state
        seat = computers[0]
        move = scripted(lesson, played)
        if move is None:
            move = easy.choose(game, state, seat, seed)
        try:
            state = game.play(state, seat, move)
        except IllegalMove as error:
            raise LessonError(f"after {len(played)} moves, the computer's scripted move "
                              f"{move!r} is illegal: {error}") from None
        played.append((seat, move))
    return state


def walk(game: Game, lesson: Lesson, seed_for_easy: int) -> Iterator[tuple[State, Step]]:
    """Play the whole script by each step's :func:`first_right` move, yielding each
    step's position (the learner to act) with its step, before the move. LessonError
    where the script breaks: an illegal scripted move, the learner not to act at a step,
    no right move legal, or the match over at the end of the steps."""
    options = game.parse_options({k: str(v) for k, v in lesson.options.items()})
    state = game.setup(lesson.players, lesson.seed, options)
    played: list[tuple[int, str]] = []
    state = computer_turns(game, state, lesson, played, seed_for_easy)
    for number, step in enumerate(lesson.steps, start=1):
        if game.result(state) is not None:
            raise LessonError(f"step {number}: the match is over already")
        if lesson.learner not in game.to_act(state):
            raise LessonError(f"step {number}: the learner is not to act")
        yield state, step
        move = first_right(game, state, step, lesson.learner)
        state = game.play(state, lesson.learner, move)
        played.append((lesson.learner, move))
        state = computer_turns(game, state, lesson, played, seed_for_easy)
    if game.result(state) is not None:
        raise LessonError("the match is over after the last step: it must end in a "
                          "position to play out")
