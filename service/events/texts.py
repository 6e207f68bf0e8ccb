"""What a tournament shows: its post (terms and entrants), each round's pairings, the
standings in words and as a picture with its alt text, the final post naming the
winners, and the export of the whole event. Everything here is public: names, pairings,
results and the points they give; no match's hidden state is read."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from db import (
    EVENT_CANCELLED,
    EVENT_FINISHED,
    EVENT_OPEN,
    EVENT_RUNNING,
    TableRecord,
    TournamentRecord,
)
from engines.base import plural
from service.common.model import Post
from service.events import pairing
from service.match.core import Matches

StandingsPicture = Callable[[str, Sequence[Sequence[str]]], bytes]
"""``draw(title, rows) -> PNG``: the standings table (:func:`rendering.standings.draw`)."""

ALT_LIMIT = 1024  # Discord's longest attachment description
FORMAT_WORDS = {pairing.SWISS: "Swiss", pairing.ROUND_ROBIN: "round robin",
                pairing.TABLES: "tables grouped by score"}
HEADINGS = ("#", "Player", "Pts", "Buch", "SB", "Wins", "Games")
MARKER = re.compile(r"\{(actor|entrant(\d+))\}")
"""A person in a queued notice's words (:meth:`EventText.filled`)."""


def pts(value: float) -> str:
    """Points as written: 2, 2.5, 1.67 (thirds and quarters from tables of 3 or 4)."""
    return str(int(value)) if float(value).is_integer() else f"{value:.2f}".rstrip("0")


def points_words(value: float) -> str:
    return f"{pts(value)} point" + ("" if value == 1 else "s")


@dataclass(eq=False)
class EventText:
    matches: Matches
    draw: StandingsPicture

    # --- reading a record -------------------------------------------------------------
    @staticmethod
    def round_tables(record: TournamentRecord, number: int) -> list[TableRecord]:
        return [t for t in record.tables if t.round == number]

    @staticmethod
    def history(record: TournamentRecord, through: int | None = None
                ) -> list[pairing.Table]:
        """The tables of rounds 1..``through`` (None: every round)."""
        return [pairing.Table(t.round, tuple(t.players), dict(t.points or {}))
                for t in record.tables if through is None or t.round <= through]

    def name(self, record: TournamentRecord, user_id: int) -> str:
        """The entrant's name, escaped for a message."""
        return self.matches.escape(plain_name(record, user_id))

    def title(self, record: TournamentRecord) -> str:
        return f"**{self.matches.game_of(record.game).title}** tournament #{record.id}"

    def lines(self, record: TournamentRecord, through: int | None = None
              ) -> list[pairing.Line]:
        """The standings counting rounds 1..``through`` only (None: every round): the
        standings after round N never count round N+1's bye, which is scored when that
        round is paired."""
        return pairing.standings([e.user_id for e in record.entrants],
                                 self.history(record, through))

    # --- posts --------------------------------------------------------------------------
    def entry_text(self, record: TournamentRecord) -> str:
        """The tournament's post: its terms, entrants, and what to press."""
        settings = record.settings
        fmt = FORMAT_WORDS.get(settings.get("format", ""), "?")
        terms = [fmt, "all-play-all" if settings.get("format") == pairing.ROUND_ROBIN
                 else plural(int(settings.get("rounds", 0)), "round")]
        if settings.get("format") == pairing.TABLES:
            terms.append(f"up to {settings.get('seats')} a table")
        if settings.get("late_until"):
            terms.append(f"late entry until round {settings['late_until']} begins")
        if settings.get("round_hours"):
            terms.append(f"{settings['round_hours']} h a round")
        if settings.get("terms", {}).get("rated") is False:
            terms.append("unrated")
        names = ", ".join(self.matches.escape(e.display_name) + (
            " (withdrawn)" if e.withdrawn_round else "") for e in record.entrants)
        lines = [f"{self.title(record)} — {', '.join(terms)}. Organiser: "
                 f"{self.matches.escape(record.organiser_name)}.",
                 f"Entrants ({len(record.entrants)}): {names or 'nobody yet'}."]
        if record.status == EVENT_OPEN:
            lines.append("Press **Join** to enter, **Leave** to leave; the organiser "
                         "presses **Start**.")
        elif record.status == EVENT_FINISHED:
            lines.append("The tournament is over: see /tournament standings.")
        elif record.status == EVENT_CANCELLED:
            lines.append("The tournament was cancelled.")
        else:
            lines.append(f"Round {record.round} is being played.")
            if takes_entrants(record):
                lines.append(f"Late entry is open until round {late_until(record)} "
                             f"begins: press **Join** (or /tournament join) to play from "
                             f"round {record.round + 1}.")
        return "\n".join(lines)

    def notice(self, record: TournamentRecord, text: str) -> Post:
        return Post(f"{self.title(record)}: {text}")

    @staticmethod
    def marker(record: TournamentRecord, user_id: int) -> str:
        """How a queued notice names an entrant (``{entrant3}``: entry number 3), so the
        outbox keeps no name (:meth:`filled` names them when it is posted)."""
        entrant = record.entrant(user_id)
        return f"{{entrant{entrant.position}}}" if entrant else "?"

    def filled(self, record: TournamentRecord, words: str, actor: str | None) -> str:
        """A queued notice's words with its people named as they are now, escaped:
        ``{entrantN}`` by the tournament's entrant N, ``{actor}`` by ``actor`` (whose step
        it tells of). One pass, so a name cannot read as a marker."""
        by_position = {e.position: e.display_name for e in record.entrants}

        def name(found: re.Match[str]) -> str:
            person = actor if found[2] is None else by_position.get(int(found[2]))
            return self.matches.escape(person) if person else "?"
        return MARKER.sub(name, words)

    def pairings(self, record: TournamentRecord, number: int) -> Post:
        """Round ``number``'s tables, by name (seat order; the first seat plays first)."""
        lines = [f"{self.title(record)} — round {number} pairings:"]
        mentions = []
        for table in self.round_tables(record, number):
            names = [self.name(record, u) for u in table.players]
            if len(names) == 1:
                lines.append(f"{names[0]} has a bye ({pts(pairing.BYE_POINTS)} point).")
            else:
                lines.append(f"Table {table.number}: " + " vs ".join(names))
            mentions += [u for u in table.players if u > 0]
        return Post("\n".join(lines), mentions=mentions)

    def standings_lines(self, record: TournamentRecord, through: int | None = None
                        ) -> list[str]:
        return [f"{line.rank}. {self.name(record, line.entrant)} — "
                f"{points_words(line.points)} (Buchholz {pts(line.buchholz)}, Sonneborn–Berger "
                f"{pts(line.sonneborn_berger)}, {plural(line.wins, 'win')}, "
                f"{plural(line.played, 'game')}"
                + (f", {plural(line.byes, 'bye')}" if line.byes else "")
                + (", withdrawn" if self._withdrawn(record, line.entrant) else "") + ")"
                for line in self.lines(record, through)]

    def alt_text(self, record: TournamentRecord, heading: str, through: int | None = None
                 ) -> str:
        """The standings in words, at most :data:`ALT_LIMIT` characters."""
        parts = [f"{heading}."]
        for line in self.lines(record, through):
            parts.append(f"{line.rank}. {plain_name(record, line.entrant)}, "
                         f"{points_words(line.points)}, Buchholz {pts(line.buchholz)}, "
                         f"Sonneborn-Berger {pts(line.sonneborn_berger)}, "
                         f"{plural(line.wins, 'win')}, {plural(line.played, 'game')}.")
        text = ""
        for part in parts:
            if len(text) + len(part) + 1 > ALT_LIMIT - 20:
                return text + " … and more."
            text = f"{text} {part}".strip()
        return text

    def rows(self, record: TournamentRecord, through: int | None = None
             ) -> list[list[str]]:
        return [[str(line.rank), plain_name(record, line.entrant), pts(line.points),
                 pts(line.buchholz), pts(line.sonneborn_berger), str(line.wins),
                 str(line.played)] for line in self.lines(record, through)]

    async def standings_post(self, record: TournamentRecord, after_round: int | None = None,
                             final: bool = False) -> Post:
        """The standings in words and as a picture (with its alt text): after round
        ``after_round`` they count rounds 1..``after_round`` only; without it, the
        rounds complete so far (:func:`complete_rounds`); ``final``: every round."""
        game = self.matches.game_of(record.game).title
        through = None if final else (
            after_round if after_round is not None else complete_rounds(record))
        heading = (f"{game} tournament {record.id}, final standings" if through is None
                   else f"{game} tournament {record.id}, standings after round {through}"
                   if through else f"{game} tournament {record.id}, standings before "
                   "round 1")
        png = await asyncio.to_thread(self.draw, heading, [list(HEADINGS),
                                                           *self.rows(record, through)])
        playing = (through is not None and record.status not in (
            EVENT_FINISHED, EVENT_CANCELLED) and record.round > through)
        text = "\n".join([f"**{heading}**", *self.standings_lines(record, through),
                          "Ties are broken by Buchholz, then Sonneborn–Berger, then wins."]
                         + ([f"Round {record.round} is being played: its games count "
                             "when it ends."] if playing and after_round is None else []))
        return Post(text[:1900], png, filename="standings.png",
                    alt=self.alt_text(record, heading, through))

    async def final(self, record: TournamentRecord) -> Post:
        post = await self.standings_post(record, final=True)
        winners = [self.name(record, line.entrant) for line in self.lines(record)
                   if line.rank == 1]
        won = (f"{winners[0]} wins" if len(winners) == 1
               else f"{', '.join(winners[:-1])} and {winners[-1]} share first place")
        post.text = f"{self.title(record)} is over: {won}!\n{post.text}"[:1990]
        return post

    async def post(self, record: TournamentRecord, what: str) -> Post:
        """``entry`` (the tournament's post), ``info`` (with the round's tables),
        ``standings`` (in words, and as a picture with its alt text) or ``export`` (a
        JSON file of the whole event: the post's text, under its file name)."""
        if what == "export":
            return Post(json.dumps(self.export(record), indent=1, ensure_ascii=False),
                        filename=f"tournament-{record.id}.json")
        if what == "standings":
            return await self.standings_post(record, final=record.status == EVENT_FINISHED)
        return Post(self.info(record) if what == "info" else self.entry_text(record))

    def info(self, record: TournamentRecord) -> str:
        """The post's text, and the current round's tables with their matches."""
        lines = [self.entry_text(record)]
        for table in self.round_tables(record, record.round):
            names = " vs ".join(self.name(record, u) for u in table.players)
            where = (f"match #{table.match_id}" if table.match_id else
                     "bye" if len(table.players) == 1 else "being made")
            done = (" — " + ", ".join(f"{self.name(record, u)} {pts(p)}"
                                      for u, p in table.points.items())
                    if table.points and len(table.players) > 1 else "")
            lines.append(f"Round {table.round}, table {table.number}: {names} ({where}){done}")
        return "\n".join(lines)[:1990]

    def export(self, record: TournamentRecord) -> dict[str, Any]:
        """The whole event as JSON: terms, entrants (by entry number), every round's
        tables with their matches and points, and the standings with tie-breaks."""
        number = {e.user_id: e.position for e in record.entrants}
        return {
            "tournament": record.id, "game": record.game, "status": record.status,
            "organiser": record.organiser_name, "options": record.options,
            "settings": record.settings, "round": record.round,
            "entrants": [{"entry": e.position, "name": e.display_name, "computer": e.is_ai,
                          "withdrawn_from_round": e.withdrawn_round}
                         for e in record.entrants],
            "rounds": [{"round": n, "tables": [
                {"table": t.number, "seats": [number[u] for u in t.players],
                 "bye": len(t.players) == 1, "match": t.match_id,
                 "points": ({str(number[u]): p for u, p in t.points.items()}
                            if t.points is not None else None)}
                for t in self.round_tables(record, n)]}
                for n in sorted({t.round for t in record.tables})],
            "standings": [{"rank": line.rank, "entry": number[line.entrant],
                           "points": line.points, "buchholz": line.buchholz,
                           "sonneborn_berger": line.sonneborn_berger, "wins": line.wins,
                           "games": line.played, "byes": line.byes}
                          for line in self.lines(record)],
            "tie_breaks": ["points", "buchholz", "sonneborn_berger", "wins", "entry"],
        }

    @staticmethod
    def _withdrawn(record: TournamentRecord, user_id: int) -> bool:
        entrant = record.entrant(user_id)
        return entrant is not None and entrant.withdrawn_round is not None


def late_until(record: TournamentRecord) -> int:
    """The round whose beginning closes late entry (0: nobody late)."""
    try:
        return int(record.settings.get("late_until") or 0)
    except (TypeError, ValueError):
        return 0


def takes_entrants(record: TournamentRecord) -> bool:
    """Open, or running a round before the one late entry closes at (as
    :meth:`db.Store.add_entrant` decides)."""
    return record.status == EVENT_OPEN or (record.status == EVENT_RUNNING
                                           and record.round < late_until(record))


def complete_rounds(record: TournamentRecord) -> int:
    """The last round whose every table is scored (rounds are played in order)."""
    done = record.round
    while done > 0 and any(t.points is None for t in record.tables if t.round == done):
        done -= 1
    return done


def plain_name(record: TournamentRecord, user_id: int) -> str:
    """The entrant's name as entered (for pictures and alt text, which no markdown
    reads)."""
    entrant = record.entrant(user_id)
    return entrant.display_name if entrant else "?"
