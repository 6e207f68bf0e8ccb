"""Pairing a tournament's rounds: pure code, no I/O.

An event's history is a list of :class:`Table` (a round's match: its entrants in seat
order and the points each scored; a table of one is a bye). From it
:mod:`~service.events.pairing.standings` ranks the entrants with their tie-breaks, and one of
three systems seats the next round:

- :mod:`~service.events.pairing.swiss` — two-player games: the FIDE Dutch system, from the
  ``caissify-pairings`` library, with a fallback of our own where Dutch finds no pairing;
- :mod:`~service.events.pairing.berger` — round robin by FIDE's Berger tables;
- :mod:`~service.events.pairing.tables` — games of three to six: tables grouped by score, as
  Board Game Arena seats its Swiss.
"""

from service.events.pairing.model import BYE_POINTS, FORMATS, ROUND_ROBIN, SWISS, TABLES, Table
from service.events.pairing.rounds import pair_round, rounds_needed
from service.events.pairing.standings import Line, placings_points, standings

__all__ = ["BYE_POINTS", "FORMATS", "ROUND_ROBIN", "SWISS", "TABLES", "Line", "Table",
           "pair_round", "placings_points", "rounds_needed", "standings"]
