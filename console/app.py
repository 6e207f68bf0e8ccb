"""The offline console: play a match in the terminal through the same service and database.

Human seats share the keyboard (hot seat); computer seats search for their moves
(``--ai-level``: easy, normal — the default — or hard; random and greedy for tests; the
old ``mcts`` is normal). The searching levels think in worker processes.
Each board is saved as a PNG in a folder. A match interrupted (Ctrl-D, ``quit``) can be
resumed with ``--resume ID``: the database is the only state.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import sys
from collections.abc import Callable
from pathlib import Path

import engines
from console import records, typeahead
from console.words import Unknown, game_slug, pick
from db import FINISHED, RUNNING, MatchRecord, open_store
from engines.ai import KINDS, MctsPlayer, Player, level_name
from service import Actor, Post, Service, ServiceError, Update, parse_options, pool
from service.names import plural, points_text

HELP = """Type a move (e.g. one from `moves`), or:
  moves      list your legal moves        board    save and show the board
  me         your private information     history  every move so far
  resign     give up this seat            quit     stop (resume later with --resume)"""


COMMANDS = ("help", "moves", "board", "me", "history", "resign", "quit", "exit")
WHOLE_WORD = ("resign", "quit", "exit")
"""Commands that end something are never taken from a prefix."""
DISCARDED = ("(What you typed while the computer was thinking was thrown away: it was "
             "meant for a position that is gone.)")


class Console:
    def __init__(self, service: Service, boards: Path, out: Callable[[str], None] = print,
                 read: Callable[[str], str] = input,
                 discard: Callable[[], bool] = typeahead.discard) -> None:
        self.service = service
        self.boards = boards
        self.out = out
        self.read = read
        self.discard = discard
        self.numbers: dict[int, int] = {}
        """The last picture number saved per match (continued from the folder)."""
        self.held: dict[int, Post] = {}
        """Private posts not shown yet, by user: each is shown when it is that player's
        turn, after the screen has been passed to them."""

    async def new_match(self, slug: str, humans: int, ai: int,
                        options: dict[str, str]) -> MatchRecord:
        host = Actor(1, "Player 1")
        match = await self.service.create(host, slug, options, seat_host=humans > 0)
        for number in range(2, humans + 1):
            await self.service.join(match.id, Actor(number, f"Player {number}"))
        for _ in range(ai):
            await self.service.add_ai(match.id, host)
        update = await self.service.start(match.id, host)
        self.show(update)
        return update.match

    async def resume(self, match: MatchRecord) -> None:
        """Show where a saved match stands: the last move, the board and whose turn."""
        if match.snapshot is None:
            self.out(self.service.lobby_text(match))
            return
        history = await self.service.history(match.id)
        if history:
            self.out(f"Last move: {history[-1]}")
        self.show_post(await self.service.board(match.id), match.id)

    async def play(self, match: MatchRecord) -> MatchRecord:
        """Prompt whoever must act until the match ends or the user quits."""
        while match.status == RUNNING:
            actor = await self._next_human(match)
            if actor is None:
                break
            self._hand_over(match, actor)
            try:
                line = self.read(f"{actor.name} [{match.game} #{match.id}]> ").strip()
            except EOFError:
                line = "quit"
            if line.lower() in ("quit", "exit"):
                self.out(f"Saved. Resume with: python -m bot --local --resume {match.id}")
                return match
            try:
                match = await self._command(match, actor, line)
            except (ServiceError, Unknown) as exc:
                self.out(str(exc))
        if match.status != RUNNING:
            self.out(f"Boards saved in {self.boards}/.")
        return match

    async def rematch(self, match: MatchRecord) -> MatchRecord | None:
        """After a finished match with people in it: "Rematch? [y/N]". Yes asks for the
        rematch on behalf of every player at the keyboard (seats rotated, computer seats
        kept, see :mod:`service.rematch`) and returns the new match; else None."""
        humans = [s for s in match.by_seat() if not s.is_ai]
        if match.status != FINISHED or not humans:
            return None
        try:
            wanted = self.read("Rematch? [y/N] ").strip().lower() in ("y", "yes")
        except EOFError:
            wanted = False
        if not wanted:
            return None
        for seated in humans:
            news = await self.service.rematch(match.id, Actor(seated.user_id,
                                                              seated.display_name))
            if news.update is not None:
                self.show(news.update)
                return news.update.match
        return None

    def _hand_over(self, match: MatchRecord, actor: Actor) -> None:
        """Before a player's private information is shown on a shared screen, the screen
        is passed to them, at every turn, so nobody learns from the screen whose private
        information changed."""
        game, state = self.service.state_of(match)
        seated = match.seat_of(actor.user_id)
        humans = sum(1 for s in match.seats if not s.is_ai)
        if humans > 1 and seated and game.private_view(state, seated.seat) is not None:
            with contextlib.suppress(EOFError):  # the prompt that follows reads the end
                self.read(f"Pass to {actor.name} — press Enter ")
        secret = self.held.pop(actor.user_id, None)
        if secret is not None:
            self.show_post(secret, match.id)

    async def _next_human(self, match: MatchRecord) -> Actor | None:
        for seated in match.by_seat():
            actor = Actor(seated.user_id, seated.display_name)
            if not seated.is_ai and await self.service.legal_moves(match.id, actor):
                return actor
        return None

    async def _command(self, match: MatchRecord, actor: Actor, line: str) -> MatchRecord:
        command = await self._command_word(match, actor, line)
        if command in ("", "help"):
            self.out(HELP)
        elif command == "moves":
            moves = await self.service.legal_moves(match.id, actor)
            self.out(f"{plural(len(moves), 'legal move')}: " + ", ".join(moves[:200])
                     + (" …" if len(moves) > 200 else ""))
        elif command == "board":
            self.show_post(await self.service.board(match.id, actor), match.id)
        elif command == "me":
            self.show_post(await self.service.private(match.id, actor), match.id)
        elif command == "history":
            self.out("\n".join(await self.service.history(match.id, actor)) or "No moves yet.")
        elif command == "resign":
            update = await self.service.resign(match.id, actor)
            self.show(update)
            return update.match
        else:
            update = await self.service.submit(match.id, actor, line)
            self.show(update)
            if update.match.version > match.version + 1 and self.discard():
                self.out(DISCARDED)  # the computer moved after this player
            return update.match
        return await self.service.match(match.id)

    async def _command_word(self, match: MatchRecord, actor: Actor, line: str) -> str | None:
        """The console command ``line`` names ("" and "?" are help), or None for a move.
        A legal move always wins over a command it happens to spell."""
        word = line.strip().lower()
        if word in ("", "?"):
            return ""
        if " " in word or word in await self.service.legal_moves(match.id, actor):
            return None
        if word in COMMANDS:
            return word
        prefixes = [c for c in COMMANDS if c not in WHOLE_WORD]
        try:
            return pick(word, prefixes, "command", min_prefix=2)
        except Unknown:
            return None

    def show(self, update: Update) -> None:
        if update.public:
            self.show_post(update.public, update.match.id)
        self.held.update(update.private)

    def show_post(self, post: Post, match_id: int) -> None:
        if post.png is None and post.pending is not None:
            post.png = post.pending()
        self.out(post.text)
        for name, rows in post.table:
            total = sum(points for _, points in rows)
            items = ", ".join(f"{label} {points_text(points)}" for label, points in rows)
            self.out(f"  {name}: {points_text(total)}" + (f" ({items})" if items else ""))
        if post.png:
            self.boards.mkdir(parents=True, exist_ok=True)
            number = self.numbers.get(match_id)
            if number is None:
                number = last_picture(self.boards, match_id)
            self.numbers[match_id] = number + 1
            path = self.boards / f"match-{match_id}-{number + 1:04d}-{post.filename}"
            path.write_bytes(post.png)
            self.out(f"[board: {path}]")


def last_picture(boards: Path, match_id: int) -> int:
    """The highest picture number already saved for the match (0 for none), so a resumed
    match never overwrites its earlier pictures."""
    numbers = [int(parts[2]) for path in boards.glob(f"match-{match_id}-*")
               if len(parts := path.name.split("-", 3)) > 2 and parts[2].isdigit()]
    return max(numbers, default=0)


def parser() -> argparse.ArgumentParser:
    slugs = [g.slug for g in engines.all()]
    p = argparse.ArgumentParser(prog="python -m bot --local",
                                description="Play a Pantheon match in the terminal.")
    p.add_argument("game", nargs="?", help="the game to play: " + ", ".join(slugs)
                   + f" (any case, or the start of a name: {slugs[0].split('-')[0]})")
    p.add_argument("--players", type=int, help="number of seats (default: the minimum)")
    p.add_argument("--ai", type=int, default=0, help="how many seats the computer plays")
    p.add_argument("--ai-level", choices=list(KINDS), default="normal",
                   help="how the computer plays: easy (one move ahead, often careless), "
                        "normal (search, default; also 'mcts') or hard (the longest search "
                        "within 2 s a move); random and greedy for tests")
    p.add_argument("--ai-iterations", type=int, metavar="N",
                   help="search iterations per decision at the normal level "
                        "(default: each game's own budget)")
    p.add_argument("--options", default="", help='game options, e.g. "terrain=true"')
    p.add_argument("--seed", type=int, help="fix the match's random seed (and seat order)")
    p.add_argument("--resume", type=int, metavar="ID", help="continue a saved match")
    p.add_argument("--import", dest="record", metavar="FILE",
                   help="replay a game record (from /export); an unfinished match then "
                        "continues here as a new match")
    p.add_argument("--db", help="database file (default: DATABASE_PATH or pantheon.db)")
    p.add_argument("--boards", help="folder for board PNGs (default: BOARDS_DIR or boards)")
    return p


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


async def run(argv: list[str], database_path: str, boards_dir: str,
              read: Callable[[str], str] = input, out: Callable[[str], None] = print,
              discard: Callable[[], bool] = typeahead.discard) -> int:
    args = parser().parse_args(argv)
    if args.game is None and args.resume is None and args.record is None:
        parser().print_usage()
        out("Name a game (" + ", ".join(g.slug for g in engines.all())
            + "), --resume ID or --import FILE.")
        return 2
    store = await open_store(args.db or database_path)
    try:
        seed = args.seed
        # --seed fixes everything chance decides, the seat draw included.
        service = Service(store, seed_source=(lambda: seed) if seed is not None else None,
                          shuffle=random.Random(seed).shuffle if seed is not None else None,
                          player=computer(args.ai_level, args.ai_iterations),
                          level=args.ai_level, offload=offload(args.ai_level))
        console = Console(service, Path(args.boards or boards_dir), out=out, read=read,
                          discard=discard)
        if args.record is not None:
            copy = await records.import_record(console, args.record)
            if copy is None:
                return 0
            match = copy
        elif args.resume is not None:
            match = await service.match(args.resume)
            await console.resume(match)
        else:
            game = engines.get(game_slug(args.game))
            players = args.players or max(game.min_players, args.ai or 0)
            if not game.min_players <= players <= game.max_players:
                out(f"{game.title} is for {game.min_players}–{game.max_players} players.")
                return 2
            if not 0 <= args.ai <= players:
                out("--ai must be between 0 and the number of players.")
                return 2
            match = await console.new_match(game.slug, players - args.ai, args.ai,
                                            parse_options(args.options))
        match = await console.play(match)
        while (again := await console.rematch(match)) is not None:
            match = await console.play(again)
        return 0
    except (ServiceError, Unknown) as exc:
        out(str(exc))
        return 2
    finally:
        await store.close()
        await asyncio.to_thread(pool.shutdown)


def main(argv: list[str], database_path: str, boards_dir: str) -> int:
    return asyncio.run(run(argv, database_path, boards_dir))


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1:], "pantheon.db", "boards"))
