"""The offline console's entry point: its command line read, the store opened, a match run.

Human seats share the keyboard (hot seat, ``--names``); computer seats search for their
moves (``--ai-level``: easy, normal — the default — or hard; random and greedy for tests;
the old ``mcts`` is normal). The searching levels think in worker processes. The match is
played on :class:`~console.screen.Console`. A match interrupted (``quit``, Ctrl-D, Ctrl-C)
can be resumed with the command the console prints: the database is the only state.
"""

from __future__ import annotations

import asyncio
import random
import sys
from collections.abc import Callable
from pathlib import Path

import engines
from console import coach, language, records, terminal, typeahead
from console.interrupts import INTERRUPTED, Interrupts
from console.options import (
    computer,
    lesson_problem,
    local_names,
    new_match_problem,
    number_problem,
    offload,
    parser,
    resume_command,
    seats,
)
from console.screen import DISCARDED, Console
from console.words import Unknown, game_slug
from console.workers import stop_workers, warm_workers
from db import open_store
from service import Service, ServiceError, parse_options
from service.common import pool

__all__ = ["DISCARDED", "Console", "computer", "local_names", "main", "offload", "run"]


async def run(argv: list[str], database_path: str, boards_dir: str,
              read: Callable[[str], str] = input, out: Callable[[str], None] = print,
              discard: Callable[[], bool] = typeahead.discard,
              clear: terminal.Clear = terminal.clear_screen,
              interrupts: Interrupts | None = None) -> int:
    args = parser().parse_args(argv)
    if args.game is None and args.resume is None and args.record is None \
            and args.review is None:
        parser().print_usage()
        out(terminal.wrap("Name a game (" + ", ".join(g.slug for g in engines.all())
                          + "), --resume ID or --import FILE."))
        return 2
    try:
        language.choose(args.language)
    except ValueError as exc:
        out(str(exc))
        return 2
    problem = number_problem(args) or lesson_problem(args)
    if problem:
        out(problem)
        return 2
    database = args.db or database_path
    if ((args.resume is not None or args.review is not None) and "://" not in database
            and not Path(database).is_file()):
        out(f"There is no database at {Path(database).resolve()}: nothing to resume. "
            "Give the one the match was played in with --db FILE.")
        return 2
    if args.game and args.resume is None and args.record is None and args.lesson is None:
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
    interrupts = interrupts or Interrupts()
    interrupts.task = asyncio.current_task()
    store = await open_store(database)
    console = None
    try:
        seed = args.seed
        # --seed fixes everything chance decides, the seat draw included.
        where = offload(args.ai_level)
        service = Service(store, seed_source=(lambda: seed) if seed is not None else None,
                          shuffle=random.Random(seed).shuffle if seed is not None else None,
                          player=computer(args.ai_level, args.ai_iterations),
                          level=args.ai_level, offload=where, pictures_offload="thread")
        boards = Path(args.boards or boards_dir)
        console = Console(service, boards, out=out, read=read, discard=discard, clear=clear,
                          text_board=args.text_board, histories=terminal.Histories(
                              terminal.line_editing() if read is input else None),
                          resume_hint=resume_command(args, database, boards), alt=args.alt,
                          interrupts=interrupts,
                          warm=warm_workers if where == "process" else None)
        if args.review is not None:
            return await coach.review(console, args.review)
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
            match = await console.resume(match)
        elif args.lesson is not None:  # learn <game> (checked by lesson_problem)
            match = await console.learn(game_slug(args.lesson), local_names(args.names, 1)[0])
        else:
            game = engines.get(game_slug(args.game))
            players = seats(args)
            match = await console.new_match(
                game.slug, local_names(args.names, players - args.ai), args.ai,
                parse_options(args.options))
        match = await console.play(match)
        while (again := await console.rematch(match)) is not None:
            match = await console.play(again)
        return INTERRUPTED if interrupts.hit else 0
    except asyncio.CancelledError:
        if not interrupts.hit:
            raise
        asyncio.current_task().uncancel()  # type: ignore[union-attr]
        out("")  # after the ^C the terminal echoed
        if console is not None and console.match_id is not None:
            console.saved(console.match_id)
        return INTERRUPTED
    except (ServiceError, Unknown) as exc:
        out(terminal.printable(terminal.plain(str(exc)))[:300])
        return 2
    finally:
        interrupts.task = None
        if interrupts.hit:
            stop_workers()
        await store.close()
        await asyncio.to_thread(pool.shutdown)


def main(argv: list[str], database_path: str, boards_dir: str) -> int:
    """Run the console; Ctrl-C anywhere ends it quietly (see :mod:`console.interrupts`)."""
    interrupts = Interrupts()
    interrupts.install()
    try:
        return asyncio.run(run(argv, database_path, boards_dir, interrupts=interrupts))
    except KeyboardInterrupt:
        return INTERRUPTED
    finally:
        interrupts.uninstall()


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1:], "pantheon.db", "boards"))
