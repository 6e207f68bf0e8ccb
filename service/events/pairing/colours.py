"""Colours in a two-player Swiss (White is seat 0), over the games actually played: a bye
or a round sat out is skipped, so White, bye, White counts as two Whites running.

The rules, kept in every round whenever any pairing can keep them (FIDE C.04.1 f): nobody
gets the same colour three times running, and nobody's Whites and Blacks differ by more
than two. Each entrant then has a **preference** (FIDE C.04.3 A.6): *absolute* when only
one colour keeps the rules, *strong* when their colours are unequal, *mild* to alternate,
none before their first game.
"""

from __future__ import annotations

from collections.abc import Sequence

WHITE, BLACK = "white", "black"
ABSOLUTE, STRONG, MILD, NONE = 3, 2, 1, 0


def played(history: Sequence[str]) -> list[str]:
    """The colours of the games played, a round without a game skipped."""
    return [c for c in history if c in (WHITE, BLACK)]


def allowed(games: Sequence[str], colour: str) -> bool:
    """Whether ``colour`` next keeps the rules for someone who played ``games``."""
    balance = games.count(WHITE) - games.count(BLACK) + (1 if colour == WHITE else -1)
    return abs(balance) <= 2 and list(games[-2:]) != [colour, colour]


def preference(games: Sequence[str]) -> tuple[str | None, int]:
    """The colour wanted next and how strongly."""
    if not games:
        return None, NONE
    for colour in (WHITE, BLACK):
        if not allowed(games, other(colour)):
            return colour, ABSOLUTE
    balance = games.count(WHITE) - games.count(BLACK)
    if balance:
        return (BLACK if balance > 0 else WHITE), STRONG
    return other(games[-1]), MILD


def other(colour: str) -> str:
    return BLACK if colour == WHITE else WHITE


def breaches(white: Sequence[str], black: Sequence[str]) -> int:
    """How many of the two players the rules are broken for, ``white`` taking White."""
    return (not allowed(white, WHITE)) + (not allowed(black, BLACK))


def unmet(white: Sequence[str], black: Sequence[str]) -> int:
    """The strength of the preferences a White/Black seating leaves unmet (0 at best)."""
    cost = 0
    for games, colour in ((white, WHITE), (black, BLACK)):
        wanted, strength = preference(games)
        if wanted is not None and wanted != colour:
            cost += strength
    return cost


def allocate(higher: int, lower: int, games: dict[int, list[str]]) -> tuple[int, int]:
    """(White, Black) for ``higher`` (ranked above) and ``lower`` (FIDE C.04.3 E): the
    seating that breaks the rules for fewer players; then both preferences; the stronger
    one (equal: the wider colour difference); the alternation from the last round where
    they had different colours; the preference of the higher-ranked; White to them."""
    a, b = games[higher], games[lower]
    straight, swapped = breaches(a, b), breaches(b, a)
    if straight != swapped:
        return (higher, lower) if straight < swapped else (lower, higher)
    (want_a, strength_a), (want_b, strength_b) = preference(a), preference(b)
    if want_a is not None and want_b is not None and want_a != want_b:
        return (higher, lower) if want_a == WHITE else (lower, higher)
    if strength_a != strength_b:
        colour = want_a if strength_a > strength_b else want_b
        stronger_is_a = strength_a > strength_b
        gets_white = (stronger_is_a and colour == WHITE) or (
            not stronger_is_a and colour == BLACK)
        return (higher, lower) if gets_white else (lower, higher)
    if want_a is not None:  # the same colour, equally strongly: the wider difference
        wide_a, wide_b = (abs(g.count(WHITE) - g.count(BLACK)) for g in (a, b))
        if wide_a != wide_b:
            a_gets = want_a if wide_a > wide_b else other(want_a)
            return (higher, lower) if a_gets == WHITE else (lower, higher)
    for mine, theirs in zip(reversed(a), reversed(b), strict=False):
        if mine != theirs:
            return (lower, higher) if mine == WHITE else (higher, lower)
    if want_a is not None:
        return (higher, lower) if want_a == WHITE else (lower, higher)
    return higher, lower
