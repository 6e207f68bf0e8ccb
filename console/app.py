"""The offline console: play a match in the terminal through the same service and database.

Human seats share the keyboard (hot seat, ``--names``); computer seats search for their
moves (``--ai-level``: easy, normal — the default — or hard; random and greedy for tests;
the old ``mcts`` is normal). The searching levels think in worker processes.

Each position is shown as a compact text board and saved as a PNG (numbered, and
``current.png`` kept up to date); private pictures go to a folder of their player's own.
In a game with secrets, whenever a different person must take the keyboard the screen and
its scrollback are cleared, only "Pass to …" shows until they press Enter, and then their
private information appears. A match interrupted (Ctrl-D, ``quit``) can be resumed with
the command the console prints: the database is the only state.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import re
import shlex
import sys
from collections.abc import Callable
from pathlib import Path

import engines
import rendering.text
from console import records, terminal, typeahead
from console.words import Unknown, game_slug, pick
from db import FINISHED, RUNNING, MatchRecord, open_store
from engines.ai import KINDS, MctsPlayer, Player, level_name
from service import Actor, Post, Service, ServiceError, Update, parse_options, pool
from service.clock_math import Schedule, schedule_text
from service.names import plural, points_text

HELP = """Type a move (e.g. one from `moves`), or:
  moves      list your legal moves        board    show and save the board
  board text the whole board as text      (--alt prints each picture's alt text)
  me         your private information     history  every move so far
  resign     give up this seat (asks)     quit     stop (resume later with --resume)"""


COMMANDS = ("help", "moves", "board", "me", "history", "resign", "quit", "exit")
WHOLE_WORD = ("resign", "quit", "exit")
"""Commands that end something are never taken from a prefix."""
DISCARDED = ("(What you typed while the computer was thinking was thrown away: it was "
             "meant for a position that is gone.)")
NO_CLOCK = schedule_text(Schedule(remind_after=0))
"""The start post's clock line for a console match, which has no clock: left out."""
MAX_NAME = 32
"""As Discord's display names."""


def local_names(typed: str | None, humans: int) -> list[str]:
    """The names of the people at the keyboard, from ``--names Ana,Bo``: the rest are
    "Player N". Raises :class:`Unknown` with the reason for names it cannot use."""
    given = [] if typed is None else [re.sub(r"\s+", " ", terminal.printable(n)).strip()
                                      for n in typed.split(",")]
    if len(given) > humans:
        raise Unknown(f"--names gives {plural(len(given), 'name')} but "
                      f"{plural(humans, 'seat')} {'is' if humans == 1 else 'are'} for people.")
    if any(not name for name in given):
        raise Unknown("--names takes names separated by commas, none of them empty.")
    if any(len(name) > MAX_NAME for name in given):
        raise Unknown(f"A name in --names is longer than {MAX_NAME} characters.")
    names = given + [f"Player {n}" for n in range(len(given) + 1, humans + 1)]
    if len({name.casefold() for name in names}) < len(names):
        raise Unknown("Each person at the keyboard needs a name of their own.")
    if any(re.fullmatch(r"computer \d+.*", name.casefold()) for name in given):
        raise Unknown("\"Computer …\" names the computer's seats; choose another name.")
    return names


class Console:
    def __init__(self, service: Service, boards: Path, out: Callable[[str], None] = print,
                 read: Callable[[str], str] = input,
                 discard: Callable[[], bool] = typeahead.discard,
                 clear: terminal.Clear = terminal.clear_screen, text_board: bool = True,
                 histories: terminal.Histories | None = None, resume_hint: str = "",
                 alt: bool = False) -> None:
        self.service = service
        self.boards = boards
        self.write = out
        self.read = read
        self.discard = discard
        self.clear = clear
        self.text_board = text_board
        self.alt = alt
        """Print each saved picture's alt text (what a screen reader says of it)."""
        self.histories = histories or terminal.Histories(None)
        self.resume_hint = resume_hint
        """The command that resumes a match from anywhere, with ``{id}`` for its number."""
        self.numbers: dict[int, int] = {}
        """The last picture number saved per match (continued from the folder)."""
        self.held: dict[int, Post] = {}
        """Private posts not shown yet, by user: each is shown when it is that player's
        turn, after the screen has been passed to them."""
        self.at_keyboard: int | None = None
        """The person the screen was last handed to (their user id)."""
        self.last_public: tuple[Post, MatchRecord] | None = None
        """The last public post, shown again to whoever the screen is handed to."""

    def out(self, text: str) -> None:
        """Print a text of the service's in console words, safe for a terminal."""
        self.write(terminal.printable(terminal.plain(text)))

    def say_path(self, text: str) -> None:
        """Print a line with a file path in it, as it is (only made safe)."""
        self.write(terminal.printable(text))

    async def new_match(self, slug: str, names: list[str], ai: int,
                        options: dict[str, str]) -> MatchRecord:
        host = Actor(1, names[0] if names else "Player 1")
        match = await self.service.create(host, slug, options, seat_host=bool(names),
                                          remind=0)
        for number, name in enumerate(names[1:], 2):
            await self.service.join(match.id, Actor(number, name))
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
        self.show_public(await self.service.board(match.id), match)

    async def play(self, match: MatchRecord) -> MatchRecord:
        """Prompt whoever must act until the match ends or the user quits."""
        while match.status == RUNNING:
            actor = await self._next_human(match)
            if actor is None:
                break
            if not self._hand_over(match, actor):
                line = "quit"
            else:
                try:
                    line = terminal.printable(
                        self.read(f"{actor.name} [{match.game} #{match.id}]> ")).strip()
                except EOFError:
                    line = "quit"
            if line.lower() in ("quit", "exit"):
                self.say_path("Saved. Resume with: " + self.resume_hint.format(id=match.id))
                return match
            try:
                match = await self._command(match, actor, line)
            except (ServiceError, Unknown) as exc:
                self.out(str(exc)[:300])
        if match.status != RUNNING:
            self.say_path(f"Boards saved in {self.boards}/.")
        return match

    async def rematch(self, match: MatchRecord) -> MatchRecord | None:
        """After a finished match with people in it: "Rematch? [y/N]". Yes asks for the
        rematch on behalf of every player at the keyboard (seats rotated, computer seats
        kept, see :mod:`service.rematch`) and returns the new match; else None."""
        humans = [s for s in match.by_seat() if not s.is_ai]
        if match.status != FINISHED or not humans:
            return None
        if not self.confirm("Rematch? [y/N] "):
            return None
        for seated in humans:
            news = await self.service.rematch(match.id, Actor(seated.user_id,
                                                              seated.display_name))
            if news.update is not None:
                self.show(news.update)
                return news.update.match
        return None

    def confirm(self, question: str) -> bool:
        try:
            return self.read(question).strip().lower() in ("y", "yes")
        except EOFError:
            return False

    def _hand_over(self, match: MatchRecord, actor: Actor) -> bool:
        """Before someone else's private information may be shown on a shared screen, the
        screen is cleared (scrollback too) and passed to them: only "Pass to …" shows
        until they press Enter, then the last public post and their private information.
        Asked only when the person at the keyboard changes. False: the input ended."""
        if actor.user_id != self.at_keyboard and self._secrets_on_screen(match):
            self.clear()
            self.discard()  # nothing typed before the hand-over is read after it
            prompt = f"Pass to {terminal.printable(actor.name)} — press Enter "
            while True:
                try:
                    answer = self.read(prompt)
                except EOFError:
                    return False
                if not answer.strip():
                    break
                # Typed for a prompt that is not there yet: never played, never shown.
                self.clear()
                prompt = f"Pass to {terminal.printable(actor.name)} — press Enter (only Enter) "
            self.clear()
            self.histories.swap(self.at_keyboard, actor.user_id)
            if self.last_public is not None:
                post, shown = self.last_public
                self.show_public(post, shown, save=False)
        self.at_keyboard = actor.user_id
        secret = self.held.pop(actor.user_id, None)
        if secret is not None:
            self.show_private(secret, match.id, actor)
        return True

    def _secrets_on_screen(self, match: MatchRecord) -> bool:
        """Whether people share the keyboard in a game where they have secrets."""
        game, state = self.service.state_of(match)
        people = [s for s in match.seats if not s.is_ai]
        return len(people) > 1 and any(game.private_view(state, s.number) is not None
                                       for s in people)

    async def _next_human(self, match: MatchRecord) -> Actor | None:
        for seated in match.by_seat():
            actor = Actor(seated.user_id, seated.display_name)
            if not seated.is_ai and await self.service.legal_moves(match.id, actor):
                return actor
        return None

    async def _command(self, match: MatchRecord, actor: Actor, line: str) -> MatchRecord:
        if " ".join(line.lower().split()) == "board text":
            self.out("\n".join(await self.service.text_board(match.id, actor)))
            return match
        command = await self._command_word(match, actor, line)
        if command in ("", "help"):
            self.out(HELP)
        elif command == "moves":
            moves = await self.service.legal_moves(match.id, actor)
            self.out(f"{plural(len(moves), 'legal move')}: " + ", ".join(moves[:200])
                     + (" …" if len(moves) > 200 else ""))
        elif command == "board":
            self.show_public(await self.service.board(match.id, actor), match)
        elif command == "me":
            self.show_private(await self.service.private(match.id, actor), match.id, actor)
        elif command == "history":
            self.out("\n".join(await self.service.history(match.id, actor)) or "No moves yet.")
        elif command == "resign":
            if not self.confirm(f"Resign {actor.name}'s seat? [y/N] "):
                self.out("Not resigned.")
                return match
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
            self.show_public(update.public, update.match)
        self.held.update(update.private)

    def show_public(self, post: Post, match: MatchRecord, *, save: bool = True) -> None:
        """A post everyone at the table may see: its text, the text board of the match's
        public view, and its picture saved (numbered, and as ``current.png``)."""
        self.out("\n".join(line for line in post.text.splitlines() if line != NO_CLOCK))
        self._table(post)
        if self.text_board and match.snapshot is not None:
            game, state = self.service.state_of(match)
            names = [s.display_name for s in match.by_seat()]
            self.out(rendering.text.text_board(game.slug, game.view(state, None), names))
        if save:
            self._save(post, match.id, self.boards, current=True)
            self.last_public = (post, match)

    def show_private(self, post: Post, match_id: int, actor: Actor) -> None:
        """What only ``actor`` may see: shown now (the screen is theirs), its picture saved
        in their own folder, never the shared one."""
        self.out(post.text)
        self._table(post)
        self._save(post, match_id, self.boards / "private" / folder_name(actor))

    def _table(self, post: Post) -> None:
        for name, rows in post.table:
            total = sum(points for _, points in rows)
            items = ", ".join(f"{label} {points_text(points)}" for label, points in rows)
            self.out(f"  {name}: {points_text(total)}" + (f" ({items})" if items else ""))

    def _save(self, post: Post, match_id: int, folder: Path, current: bool = False) -> None:
        if post.png is None and post.pending is not None:
            post.png = post.pending()
        if not post.png:
            return
        folder.mkdir(parents=True, exist_ok=True)
        number = self.numbers.get(match_id)
        if number is None:
            number = last_picture(self.boards, match_id)
        self.numbers[match_id] = number + 1
        path = folder / f"match-{match_id}-{number + 1:04d}-{post.filename}"
        path.write_bytes(post.png)
        if current:
            (folder / "current.png").write_bytes(post.png)
        self.say_path(f"[board: {path}" + (f", and {folder / 'current.png'}]" if current
                                           else "]"))
        if self.alt and post.alt:
            self.out(f"[alt text: {post.alt}]")


def folder_name(actor: Actor) -> str:
    """A folder name for a player's private pictures: their name, safe as a path."""
    safe = re.sub(r"[^\w.-]+", "-", actor.name).strip("-.") or "player"
    return f"{actor.user_id}-{safe}"[:40]


def last_picture(boards: Path, match_id: int) -> int:
    """The highest picture number already saved for the match (0 for none), so a resumed
    match never overwrites its earlier pictures."""
    numbers = [int(parts[2]) for path in boards.rglob(f"match-{match_id}-*")
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
    p.add_argument("--names", metavar="ANA,BO",
                   help="the names of the people at the keyboard, in seat order before the "
                        "draw (default: Player 1, Player 2, …)")
    p.add_argument("--no-text-board", dest="text_board", action="store_false",
                   help="show only the PNG's file name, not the text board, at each position")
    p.add_argument("--alt", action="store_true",
                   help="print each picture's alt text (as a screen reader hears it)")
    p.add_argument("--db", help="database file (default: DATABASE_PATH or pantheon.db)")
    p.add_argument("--boards", help="folder for board PNGs (default: BOARDS_DIR or boards)")
    return p


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


def new_match_problem(args: argparse.Namespace) -> str | None:
    """Why the command line cannot start a match, in one sentence, or None. Checked
    before the database is opened, so a refused command leaves no file behind."""
    try:
        game = engines.get(game_slug(args.game))
        players = args.players or max(game.min_players, args.ai or 0)
        if not game.min_players <= players <= game.max_players:
            return f"{game.title} is for {game.min_players}–{game.max_players} players."
        if not 0 <= args.ai <= players:
            return "--ai must be between 0 and the number of players."
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


async def run(argv: list[str], database_path: str, boards_dir: str,
              read: Callable[[str], str] = input, out: Callable[[str], None] = print,
              discard: Callable[[], bool] = typeahead.discard,
              clear: terminal.Clear = terminal.clear_screen) -> int:
    args = parser().parse_args(argv)
    if args.game is None and args.resume is None and args.record is None:
        parser().print_usage()
        out("Name a game (" + ", ".join(g.slug for g in engines.all())
            + "), --resume ID or --import FILE.")
        return 2
    database = args.db or database_path
    if (args.resume is not None and "://" not in database
            and not Path(database).is_file()):
        out(f"There is no database at {Path(database).resolve()}: nothing to resume. "
            "Give the one the match was played in with --db FILE.")
        return 2
    if args.game is not None and args.resume is None and args.record is None:
        problem = new_match_problem(args)
        if problem:
            out(problem)
            return 2
    loaded = None
    if args.record is not None:  # read and checked before any file is made
        try:
            loaded = records.load(args.record)
        except ServiceError as exc:
            out(terminal.printable(str(exc))[:300])
            return 2
    if "://" not in database:
        Path(database).parent.mkdir(parents=True, exist_ok=True)
    store = await open_store(database)
    try:
        seed = args.seed
        # --seed fixes everything chance decides, the seat draw included.
        service = Service(store, seed_source=(lambda: seed) if seed is not None else None,
                          shuffle=random.Random(seed).shuffle if seed is not None else None,
                          player=computer(args.ai_level, args.ai_iterations),
                          level=args.ai_level, offload=offload(args.ai_level))
        boards = Path(args.boards or boards_dir)
        console = Console(service, boards, out=out, read=read, discard=discard, clear=clear,
                          text_board=args.text_board, histories=terminal.Histories(
                              terminal.line_editing() if read is input else None),
                          resume_hint=resume_command(args, database, boards), alt=args.alt)
        if args.record is not None:
            copy = await records.import_record(console, args.record, loaded)
            if copy is None:
                return 0
            match = copy
        elif args.resume is not None:
            try:
                match = await service.match(args.resume)
            except ServiceError:
                out(f"There is no match #{args.resume} in {database}.")
                return 2
            await console.resume(match)
        else:
            game = engines.get(game_slug(args.game))
            players = args.players or max(game.min_players, args.ai or 0)
            match = await console.new_match(
                game.slug, local_names(args.names, players - args.ai), args.ai,
                parse_options(args.options))
        match = await console.play(match)
        while (again := await console.rematch(match)) is not None:
            match = await console.play(again)
        return 0
    except (ServiceError, Unknown) as exc:
        out(terminal.printable(terminal.plain(str(exc)))[:300])
        return 2
    finally:
        await store.close()
        await asyncio.to_thread(pool.shutdown)


def main(argv: list[str], database_path: str, boards_dir: str) -> int:
    return asyncio.run(run(argv, database_path, boards_dir))


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1:], "pantheon.db", "boards"))
