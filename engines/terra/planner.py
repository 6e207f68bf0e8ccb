"""Terra's hard player: whole turns weighed, and the reply each leaves open.

A Terra turn is a war (optional, one army) and a build; the score moves in steps, so
one move at a time (the greedy player, or a search of few iterations over ~150 moves
valued at a few hundred microseconds each) misses what the pair does together — an
army that clears a plot for one's own structure swings a territory by two — and what
the position offers the opponent next. With :class:`~engines.terra.tally.Tally`
valuing a structure more or less in microseconds, this player:

1. values every turn it can play (no war or each promising war, then each build) by the
   score margin it leaves, less a price for an army spent (dearer as the map fills:
   late, an army kept is the last word);
2. takes the best few of those, and the best few that build in a territory where a war
   of the opponent's would hurt most, and subtracts from each the opponent's best reply
   (one build of any type its rules allow and, as likely as the public counts make an
   army in its reserve, a war first; none when the turn fills the map and ends the
   match): a shallow expectimax over the opponent's greedy replies that needs no secret
   (its reserve is not looked at, only its size: every type is assumed available); a
   turn that fills the map, ours or the reply, counts as the match won or lost
   (:data:`DECIDED`), so a last plot that wins is filled, not fought over;
3. in the last :data:`EXCHANGE_PLOTS` plots, where nearly every turn is a war and a
   build and each swings a territory back, weighs the best :data:`EXCHANGED` of those one
   exchange further (:meth:`TerraPlanner._exchanged`): the opponent's likeliest reply (its
   best build, or as likely as it holds an army its best war and build; a build on the
   last plot judged as the match it ends, won or lost, not by its margin), then our best
   answer from there less the opponent's reply to that — a war in it as likely as our
   own cup gives an army (what our cup holds is known to our seat: ten armies, less those
   in our reserve and our discard pile), so a lead that one war undoes is not mistaken for
   one that lasts — and the best :data:`KEPT` turns without war with them, so that an
   army kept for the last wars is weighed against the war it would make now;
4. adds to each of those turns what its territory leads are worth beyond the control they
   give now (:data:`LEADS`, :func:`leads`): a lead of one is undone by one war and a
   build, a lead of three is not, and the match ends in a run of such wars; and, in the
   last plots, what building on the last plot is worth (:data:`PARITY`), as likely as
   the empty plots and the armies each side can still raise make it ours
   (:mod:`engines.terra.parity`: each war hands the last plot to the other seat);
5. plays the first move of the best turn; discards keep armies and variety.

Only ``seat``'s own reserve and discard pile, its cup's size and the public board are
read, as the bot shows them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NamedTuple

from engines.ai.players import Decision, Player
from engines.ai.repetition import board as public_board
from engines.ai.repetition import change_key
from engines.base import Game, State
from engines.terra.board import ARMY, CHITS_PER_TYPE, PLOTS, TERRITORY
from engines.terra.computer import WORTH, capped_lead
from engines.terra.parity import last_build
from engines.terra.scoring import score
from engines.terra.tally import Tally
from engines.terra.turns import (
    REPLY_WARS,
    added,
    best_builds,
    best_targets,
    best_turn,
    every_build,
)

ARMY_PRICE = 2.0
"""Margin points an army spent must win back (it could remove something better later)."""
LATE_ARMY = 3.0
"""How much dearer an army grows as the map fills (× the share of plots filled, squared):
late, the seat with an army left has the last word, so a war must win back more."""
REPLY_WEIGHT = 1.0
"""How much of the opponent's best reply is taken off a turn's value."""
WARS = 10
"""Wars weighed further (the best by what the removal alone changes)."""
SHORTLIST = 16
"""Turns whose replies are weighed."""
DEFEND = 8
"""Turns added to the shortlist that build in the territories a war would hurt most."""
REPEAT = 3.0
"""Margin points taken off a move that redoes a change of the match's recent past."""
EXCHANGE_PLOTS = 20
"""Empty plots from which the best turns are weighed one exchange further."""
EXCHANGED = 6
"""Turns weighed one exchange further."""
ANSWERS = 6
"""Our answers weighed in an exchange (the best builds, the best wars with a build)."""
LEADS = 0.5
"""Margin points per point of a territory's worth (its share of the centre, lines, squares
and corners), times the seat's lead there over its best rival in thirds, at most three
(:func:`leads`). Measured over whole matches against the greedy player: the losses came
from leads of one undone by a war and a build in the last plots, several in a row."""
PARITY = 20.0
"""Margin points for building on the last plot (none taken off it), times how much
likelier we are to than the rival (:func:`~engines.terra.parity.last_build`), weighed in
the last :data:`EXCHANGE_PLOTS` plots."""
KEPT = 2
"""The best turns without war added to those weighed a reply and an exchange further:
late, an army kept may be worth more than the war it would make now."""
DECIDED = 1000.0
"""Added to (or taken off) the margin of a turn that fills the map and so ends the match
won (or lost): a match won now is worth more than any lead the match goes on with."""


Undo = list[tuple[str, tuple[int, str] | None]]
"""What takes a turn back on the tally, last first: (plot, occupant before or None)."""


class Plan(NamedTuple):
    """A whole turn weighed: its value before any reply, its moves (the first is
    played), every seat's score after it, and what the value takes off the margin after
    it (an army's price, a repeated change)."""

    value: float
    turn: list[str]
    after: list[float]
    cost: float


def margin(scores: Sequence[float], seat: int) -> float:
    return scores[seat] - max(v for s, v in enumerate(scores) if s != seat)


def final(lead: float) -> float:
    """The value of a match that ends with ``lead``: won, drawn or lost, then by how much."""
    return lead + DECIDED * ((lead > 0) - (lead < 0))


class TerraPlanner(Player):
    """Whole-turn look-ahead with the opponent's best reply (see the module)."""

    name = "terra-plan"

    def __init__(self, reply_weight: float = REPLY_WEIGHT, army_price: float = ARMY_PRICE,
                 shortlist: int = SHORTLIST, defend: int = DEFEND,
                 late_army: float = LATE_ARMY, exchange_plots: int = EXCHANGE_PLOTS,
                 exchanged: int = EXCHANGED, leads: float = LEADS,
                 parity: float = PARITY, kept: int = KEPT) -> None:
        self.kept = kept
        """Turns without war (the army kept) weighed as far as the best turns."""
        self.parity = parity
        """Margin points for building on the last plot, times how much likelier we are."""
        self.leads = leads
        """Margin points per point of a territory's worth and third of a lead."""
        self.exchange_plots = exchange_plots
        """Empty plots from which the best turns are weighed one exchange further."""
        self.exchanged = exchanged
        self.late_army = late_army
        """How much dearer an army grows as the map fills."""
        self.defend = defend
        """Turns added to the shortlist that build where a war would hurt most."""
        self.reply_weight = reply_weight
        self.army_price = army_price
        self.shortlist = shortlist

    def decide(self, game: Game, state: State, seat: int, seed: int,
               history: Sequence[str] = ()) -> Decision:
        moves = game.legal_moves(state, seat)
        if len(moves) == 1:
            return Decision(moves[0])
        rng = random.Random(seed)
        if state.phase == "discard":
            return Decision(self._discard(state, seat, moves, rng), 1)
        return self._turn(game, state, seat, moves, history, rng)

    # -- discards -----------------------------------------------------------------------
    @staticmethod
    def _discard(state: State, seat: int, moves: list[str], rng: random.Random) -> str:
        """Keep armies (two at most count), then as many types as possible."""
        excess = len(state.reserves[seat]) - 4

        def kept(move: str) -> float:
            left = list(state.reserves[seat])
            for chit in move.split()[1:]:
                left.remove(chit)
            armies = left.count(ARMY)
            kinds = {c for c in left if c != ARMY}
            return 3 * min(armies, 2) + 0.5 * max(0, armies - 2) + 1.5 * len(kinds) + 0.5 * (
                len(left) - armies - len(kinds))

        full = [m for m in moves if len(m.split()) - 1 == excess] or moves
        best = max(kept(m) for m in full)
        return rng.choice([m for m in full if kept(m) == best])

    # -- build turns --------------------------------------------------------------------
    def _turn(self, game: Game, state: State, seat: int, moves: list[str],
              history: Sequence[str], rng: random.Random) -> Decision:
        players = state.players
        tally = Tally(state.board, players)
        scores = [float(v) for v in score(state.board, players)[0]]
        seen = set(history)
        before = public_board(game, state) if seen else {}
        builds = [m for m in moves if m.startswith("build ")]
        wars = [m for m in moves if m.startswith("war ")]
        plans: list[Plan] = []
        fills = len(state.board) == len(PLOTS) - 1  # a build without war ends the match
        for move in builds or ["pass"]:
            after = scores if move == "pass" else added(
                scores, tally.place_change(seat, *move.split()[1:]))
            if fills and move != "pass":
                plans.append(Plan(final(margin(after, seat)), [move], after, 0.0))
            else:
                cost = self._repeat(seat, move, before, seen)
                plans.append(Plan(margin(after, seat) - cost, [move], after, cost))
        ranked = sorted(wars, key=lambda m: -margin(
            added(scores, tally.remove_change(m.split()[1])), seat))
        for war in ranked[:WARS]:
            plot = war.split()[1]
            cleared = added(scores, tally.remove_change(plot))
            owner, kind = tally.remove(plot)
            world = game.play(state, seat, war)
            follow = [m for m in game.legal_moves(world, seat) if m.startswith("build ")]
            price = self._army_price(state) + self._repeat(seat, war, before, seen)
            for move in follow or ["pass"]:
                after = cleared if move == "pass" else added(
                    cleared, tally.place_change(seat, *move.split()[1:]))
                plans.append(Plan(margin(after, seat) - price, [war, move], after, price))
            tally.place(owner, kind, plot)
        plans.sort(key=lambda p: -p.value)
        if 0 < DECIDED < plans[0].value:  # a build that fills the map and wins: certain
            # (played at once: a war weighed an exchange further may promise a wider lead)
            won = [plan.turn for plan in plans if plan.value >= plans[0].value - 1e-9]
            return Decision(rng.choice(won)[0], len(plans))
        short = plans[:self.shortlist]
        if self.defend:
            short += self._defences(tally, state, seat, scores, plans[self.shortlist:])
        late = len(PLOTS) - len(state.board) <= self.exchange_plots
        if late:  # an army kept may be worth more than the war it would make now
            kept = [p for p in plans if not p.turn[0].startswith("war ")][:self.kept]
            short += [plan for plan in kept if plan not in short]
        valued = []  # (value, plan, what its territory leads are worth)
        for plan in short:
            undo = self._apply(tally, seat, plan.turn)
            full = len(tally.board) == len(PLOTS)  # the match ends: no reply
            reply = 0.0 if full else self._reply(tally, state, seat, plan.after)
            held = 0.0 if full else (self.leads * leads(tally, seat)
                                     + self._last_plot(tally, state, seat, plan.turn))
            self._undo(tally, undo)
            valued.append((plan.value - self.reply_weight * reply + held, plan, held))
        if late and len(valued) > 1:
            valued.sort(key=lambda v: -v[0])
            weighed = valued[:self.exchanged]
            weighed += [v for v in valued[self.exchanged:]
                        if not v[1].turn[0].startswith("war ")][:self.kept]
            valued = [(self._exchanged(tally, state, seat, plan) + held, plan, held)
                      for _, plan, held in weighed]
        best = max(v for v, _, _ in valued)
        choice = rng.choice([plan.turn for v, plan, _ in valued if v >= best - 1e-9])
        return Decision(choice[0], len(plans))

    def _last_plot(self, tally: Tally, state: State, seat: int, turn: list[str]) -> float:
        """What building on the last plot is worth to ``seat`` after ``turn`` (played on
        the tally), as the empty plots and the armies left make it likelier for either
        side (:mod:`engines.terra.parity`)."""
        empty = len(PLOTS) - len(tally.board)
        if not self.parity or empty > self.exchange_plots:
            return 0.0
        armies = state.reserves[seat].count(ARMY) - turn[0].startswith("war ")
        rival = (seat + 1) % state.players
        rival_armed = self._army_draw(state, rival)
        chance = last_build(empty, armies, self._own_army_chance(state, seat),
                            rival_armed, rival_armed)
        return self.parity * (2 * chance - 1)

    def _army_price(self, state: State) -> float:
        """What an army spent now must win back: dearer as the map fills."""
        fill = len(state.board) / len(PLOTS)
        return self.army_price * (1 + self.late_army * fill * fill)

    def _defences(self, tally: Tally, state: State, seat: int, scores: list[float],
                  rest: list) -> list:
        """The best turns among ``rest`` that build in a territory where the rival's
        war would hurt most now (so that a lead of one is not the turn's only hope)."""
        start = margin(scores, seat)
        mine = [p for p, (owner, _) in tally.board.items() if owner == seat]
        hurt = sorted(((start - margin(added(scores, tally.remove_change(p)), seat), p)
                       for p in mine), reverse=True)[:REPLY_WARS]
        areas = {TERRITORY[p] for loss, p in hurt if loss > 0}
        found = [plan for plan in rest if plan[1][-1].startswith("build ")
                 and TERRITORY[plan[1][-1].split()[2]] in areas]
        return found[:self.defend]

    @classmethod
    def _apply(cls, tally: Tally, seat: int, turn: list[str]) -> Undo:
        """Play ``turn`` (its moves: a war, a build, a pass) on the tally; what undoes it."""
        removed = build = None
        for move in turn:
            words = move.split()
            if words[0] == "war":
                removed = words[1]
            elif words[0] == "build":
                build = (words[1], words[2])
        return cls._play(tally, seat, removed, build)

    @staticmethod
    def _undo(tally: Tally, undo: Undo) -> None:
        """Take back what :meth:`_apply` or :meth:`_play` did."""
        for plot, held in undo:
            if held is None:
                tally.remove(plot)
            else:
                tally.place(held[0], held[1], plot)

    def _reply(self, tally: Tally, state: State, seat: int, scores: list[float]) -> float:
        """How much the next seat's best turn can take off ``seat``'s margin."""
        rival = (seat + 1) % state.players
        start = margin(scores, seat)
        best_build = self._best_build(tally, state, rival, scores, seat, start)
        p_army = self._army_chance(state, rival)
        if p_army <= 0:
            return best_build
        mine = [p for p, (owner, _) in tally.board.items() if owner != rival]
        removals = sorted(((start - margin(added(scores, tally.remove_change(p)), seat), p)
                           for p in mine), reverse=True)[:REPLY_WARS]
        best_war = 0.0
        for loss, plot in removals:
            after_war = added(scores, tally.remove_change(plot))
            owner, kind = tally.remove(plot)
            build = self._best_build(tally, state, rival, after_war, seat, start - loss)
            tally.place(owner, kind, plot)
            best_war = max(best_war, loss + build)
        return best_build + p_army * max(0.0, best_war - best_build)

    @staticmethod
    def _best_build(tally: Tally, state: State, rival: int, scores: list[float],
                    seat: int, start: float) -> float:
        """The most ``rival``'s best build (any type its rules allow) takes off ``seat``'s
        margin, from ``scores`` whose margin is ``start``."""
        ends = len(tally.board) == len(PLOTS) - 1  # its build fills the map and ends the match
        others = [s for s in range(state.players) if s != seat]
        mine = scores[seat]
        lowest: float | None = None  # the lowest lead a build leaves: the largest loss
        for _plot, _kind, change in every_build(tally, state, rival):
            lead = mine + change[seat] - max(scores[s] + change[s] for s in others)
            if lowest is None or lead < lowest:
                lowest = lead
        if lowest is None:
            return 0.0
        return start - (final(lowest) if ends else lowest)

    # -- one exchange further ---------------------------------------------------------------
    def _exchanged(self, tally: Tally, state: State, seat: int, plan: Plan) -> float:
        """``plan`` valued one exchange further (see the module); a turn that ends the
        match keeps its value (it has no reply)."""
        undo = self._apply(tally, seat, plan.turn)
        if len(tally.board) == len(PLOTS):
            self._undo(tally, undo)
            return plan.value
        armed = state.reserves[seat].count(ARMY) > plan.turn[0].startswith("war ")
        rival = (seat + 1) % state.players
        p_army = self._army_chance(state, rival)
        found = 0.0
        for chance, war in ((1 - p_army, False), (p_army, True)):
            if chance <= 0:
                continue
            removed, build, after = best_turn(tally, state, rival, plan.after,
                                              lambda a: -margin(a, seat), war,
                                              lambda a: -final(margin(a, seat)))
            done = self._play(tally, rival, removed, build)
            if len(tally.board) == len(PLOTS):
                answer = final(margin(after, seat))
            else:
                answer = self._answer(tally, state, seat, after, armed)
            self._undo(tally, done)
            found += chance * answer
        self._undo(tally, undo)
        return found - plan.cost

    @staticmethod
    def _play(tally: Tally, seat: int, removed: str | None,
              build: tuple[str, str] | None) -> Undo:
        """A war (on ``removed``) and a build (``(type, plot)``) played on the tally;
        what undoes them."""
        undo: Undo = []
        if removed is not None:
            undo.append((removed, tally.remove(removed)))
        if build is not None:
            tally.place(seat, *build)
            undo.append((build[1], None))
        return undo[::-1]

    def _answer(self, tally: Tally, state: State, seat: int, scores: list[float],
                armed: bool) -> float:
        """Our best turn from ``scores`` less the rival's reply to it: any structure type
        (two chits are drawn first), a war as likely as we hold an army by then."""
        p_army = 1.0 if armed else self._own_army_chance(state, seat)
        ends = len(tally.board) == len(PLOTS) - 1

        def ours(after: list[float]) -> float:
            return margin(after, seat)

        builds = [(final(v) if ends else v, None, build, after)
                  for v, build, after in best_builds(tally, state, seat, scores, ours,
                                                     ANSWERS)]
        plain = self._replied(tally, state, seat, builds)
        if p_army <= 0:
            return plain
        price = self._army_price(state)
        wars = []
        for plot in best_targets(tally, seat, scores, ours):
            cleared = added(scores, tally.remove_change(plot))
            held = tally.remove(plot)
            wars += [(v - price, plot, build, after)
                     for v, build, after in best_builds(tally, state, seat, cleared,
                                                        ours, 2)]
            tally.place(*held, plot)
        wars.sort(key=lambda w: -w[0])
        armed_best = self._replied(tally, state, seat, wars[:ANSWERS])
        return plain + p_army * max(0.0, armed_best - plain)

    def _replied(self, tally: Tally, state: State, seat: int, turns: list) -> float:
        """The best of ``turns`` (value, war, build, scores after) less the rival's
        reply to each."""
        best: float | None = None
        for value, removed, build, after in turns:
            done = self._play(tally, seat, removed, build)
            full = len(tally.board) == len(PLOTS)
            reply = 0.0 if full else self._reply(tally, state, seat, after)
            self._undo(tally, done)
            if best is None or value - self.reply_weight * reply > best:
                best = value - self.reply_weight * reply
        return best if best is not None else 0.0

    @staticmethod
    def _own_army_chance(state: State, seat: int) -> float:
        """The chance ``seat`` draws an army next turn, from what its seat knows: its
        cup holds the armies not in its reserve or its discard pile (in no fixed order)."""
        cup = len(state.cups[seat])
        pile = state.discards[seat]
        if cup == 0:  # the discard pile is shuffled into the cup
            armies, cup = pile.count(ARMY), len(pile)
        else:
            armies = CHITS_PER_TYPE - state.reserves[seat].count(ARMY) - pile.count(ARMY)
            armies = max(0, min(armies, cup))
        if cup == 0:
            return 0.0
        if cup == 1:
            return armies / cup
        return 1 - (cup - armies) / cup * (cup - 1 - armies) / (cup - 1)

    @staticmethod
    def _army_chance(state: State, rival: int) -> float:
        """The chance ``rival`` holds an army next turn, from public counts only: its
        reserve size plus the two chits it draws, out of its chits not on the board."""
        unseen = 7 * CHITS_PER_TYPE - sum(1 for owner, _ in state.board.values()
                                          if owner == rival)
        if unseen <= 0:
            return 0.0
        share = min(1.0, CHITS_PER_TYPE / unseen)
        held = len(state.reserves[rival]) + 2
        return 1.0 - (1.0 - share) ** held

    @staticmethod
    def _army_draw(state: State, rival: int) -> float:
        """The chance ``rival`` draws an army on a turn (two chits), from public counts."""
        unseen = 7 * CHITS_PER_TYPE - sum(1 for owner, _ in state.board.values()
                                          if owner == rival)
        share = min(1.0, CHITS_PER_TYPE / unseen) if unseen > 0 else 0.0
        return 1.0 - (1.0 - share) ** 2

    @staticmethod
    def _repeat(seat: int, move: str, before: dict, seen: set[str]) -> float:
        """The price of a move whose change of the board the match made recently."""
        if not seen or move == "pass":
            return 0.0
        words = move.split()
        after = dict(before)
        if words[0] == "war":
            after.pop(words[1], None)
        else:
            after[words[2]] = {"owner": seat, "type": words[1]}
        return REPEAT if change_key(seat, before, after) in seen else 0.0


def leads(tally: Tally, seat: int) -> float:
    """What ``seat``'s territory leads are worth beyond the control they give: per
    territory, its :data:`~engines.terra.computer.WORTH` times the seat's lead over its
    best rival (structures, at most three either way) in thirds. A full territory held by
    one changes hands with one war and a build; held by three, it does not."""
    found = 0.0
    for t in range(1, 10):
        found += WORTH[t] * capped_lead(tally.counts[t], seat) / 3
    return found
