"""The offline console: play a match in the terminal through the same service and database.

Human seats share the keyboard (hot seat); computer seats search for their moves
(``--ai-level``: mcts by default, greedy or random).
Each board is saved as a PNG in a folder. A match interrupted (Ctrl-D, ``quit``) can be
resumed with ``--resume ID``: the database is the only state.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Callable
from pathlib import Path

import engines
from db import RUNNING, MatchRecord, open_store
from engines.ai import LEVELS, MctsPlayer, Player, player
from service import Actor, Post, Service, ServiceError, Update, parse_options

HELP = """Type a move (e.g. one from `moves`), or:
  moves      list your legal moves        board    save and show the board
  me         your private information     history  every move so far
  resign     give up this seat            quit     stop (resume later with --resume)"""


class Console:
    def __init__(self, service: Service, boards: Path, out: Callable[[str], None] = print,
                 read: Callable[[str], str] = input) -> None:
        self.service = service
        self.boards = boards
        self.out = out
        self.read = read
        self.saved = 0

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

    async def play(self, match: MatchRecord) -> MatchRecord:
        """Prompt whoever must act until the match ends or the user quits."""
        while match.status == RUNNING:
            actor = await self._next_human(match)
            if actor is None:
                break
            try:
                line = self.read(f"{actor.name} [{match.game} #{match.id}]> ").strip()
            except EOFError:
                line = "quit"
            if line in ("quit", "exit"):
                self.out(f"Saved. Resume with: python -m bot --local --resume {match.id}")
                return match
            try:
                match = await self._command(match, actor, line)
            except ServiceError as exc:
                self.out(str(exc))
        if match.status != RUNNING:
            self.out(f"Boards saved in {self.boards}/.")
        return match

    async def _next_human(self, match: MatchRecord) -> Actor | None:
        for seated in match.by_seat():
            actor = Actor(seated.user_id, seated.display_name)
            if not seated.is_ai and await self.service.legal_moves(match.id, actor):
                return actor
        return None

    async def _command(self, match: MatchRecord, actor: Actor, line: str) -> MatchRecord:
        if line in ("", "help", "?"):
            self.out(HELP)
        elif line == "moves":
            moves = await self.service.legal_moves(match.id, actor)
            self.out(f"{len(moves)} legal moves: " + ", ".join(moves[:200])
                     + (" …" if len(moves) > 200 else ""))
        elif line == "board":
            self.show_post(await self.service.board(match.id, actor), match.id)
        elif line == "me":
            self.show_post(await self.service.private(match.id, actor), match.id)
        elif line == "history":
            self.out("\n".join(await self.service.history(match.id, actor)) or "No moves yet.")
        elif line == "resign":
            update = await self.service.resign(match.id, actor)
            self.show(update)
            return update.match
        else:
            update = await self.service.submit(match.id, actor, line)
            self.show(update)
            return update.match
        return await self.service.match(match.id)

    def show(self, update: Update) -> None:
        if update.public:
            self.show_post(update.public, update.match.id)
        for user_id in update.private:
            seated = update.match.seat_of(user_id)
            name = seated.display_name if seated else str(user_id)
            self.out(f"(New private information for {name}: type `me` on their turn.)")

    def show_post(self, post: Post, match_id: int) -> None:
        if post.png is None and post.pending is not None:
            post.png = post.pending()
        self.out(post.text)
        for name, rows in post.table:
            total = sum(points for _, points in rows)
            self.out(f"  {name}: {total} = " + ", ".join(f"{label} {points}"
                                                          for label, points in rows))
        if post.png:
            self.boards.mkdir(parents=True, exist_ok=True)
            self.saved += 1
            path = self.boards / f"match-{match_id}-{self.saved:04d}-{post.filename}"
            path.write_bytes(post.png)
            self.out(f"[board: {path}]")


def parser() -> argparse.ArgumentParser:
    slugs = [g.slug for g in engines.all()]
    p = argparse.ArgumentParser(prog="python -m bot --local",
                                description="Play a Pantheon match in the terminal.")
    p.add_argument("game", nargs="?", choices=slugs, help="the game to play")
    p.add_argument("--players", type=int, help="number of seats (default: the minimum)")
    p.add_argument("--ai", type=int, default=0, help="how many seats the computer plays")
    p.add_argument("--ai-level", choices=list(LEVELS), default="mcts",
                   help="how the computer plays: mcts (search, default), greedy (one move "
                        "ahead) or random")
    p.add_argument("--ai-iterations", type=int, metavar="N",
                   help="search iterations per decision for --ai-level mcts "
                        "(default: each game's own budget)")
    p.add_argument("--options", default="", help='game options, e.g. "terrain=true"')
    p.add_argument("--seed", type=int, help="fix the match's random seed")
    p.add_argument("--resume", type=int, metavar="ID", help="continue a saved match")
    p.add_argument("--db", help="database file (default: DATABASE_PATH or pantheon.db)")
    p.add_argument("--boards", help="folder for board PNGs (default: BOARDS_DIR or boards)")
    return p


def computer(level: str, iterations: int | None) -> Player:
    """The computer player the console's computer seats use."""
    if level == "mcts" and iterations is not None:
        return MctsPlayer.with_budget(max(1, iterations))
    return player(level)


async def run(argv: list[str], database_path: str, boards_dir: str,
              read: Callable[[str], str] = input, out: Callable[[str], None] = print) -> int:
    args = parser().parse_args(argv)
    if args.game is None and args.resume is None:
        parser().print_usage()
        out("Name a game (" + ", ".join(g.slug for g in engines.all()) + ") or --resume ID.")
        return 2
    store = await open_store(args.db or database_path)
    try:
        seed = args.seed
        service = Service(store, seed_source=(lambda: seed) if seed is not None else None,
                          player=computer(args.ai_level, args.ai_iterations))
        console = Console(service, Path(args.boards or boards_dir), out=out, read=read)
        if args.resume is not None:
            match = await service.match(args.resume)
            out(service.status_text(match, *service.state_of(match)) if match.snapshot
                else service.lobby_text(match))
        else:
            game = engines.get(args.game)
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
        return 0
    except ServiceError as exc:
        out(str(exc))
        return 2
    finally:
        await store.close()


def main(argv: list[str], database_path: str, boards_dir: str) -> int:
    return asyncio.run(run(argv, database_path, boards_dir))


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1:], "pantheon.db", "boards"))
