"""The console's screen: one match played, shown and passed between people at a terminal.

Each position is shown as a compact text board and saved as a PNG (numbered, and
``current.png`` kept up to date); private pictures go to a folder of their player's own.
In a game with secrets, whenever a different person must take the keyboard the screen and
its scrollback are cleared, only "Pass to …" shows until they press Enter, and then their
private information appears.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import rendering.text
from console import coach, commands, recap, terminal, typeahead
from console.files import folder_name, last_picture
from console.interrupts import Interrupts
from console.words import Unknown
from db import FINISHED, RUNNING, MatchRecord
from service import Actor, Post, Service, ServiceError, Update
from service.common.clock_math import Schedule, schedule_text
from service.common.names import points_text

DISCARDED = ("(What you typed while the computer was thinking was thrown away: it was\n"
             "meant for a position that is gone.)")
NO_CLOCK = schedule_text(Schedule(remind_after=0))
"""The start post's clock line for a console match, which has no clock: left out."""


class Leave(Exception):
    """The person at the keyboard ended the input (Ctrl-D) or pressed Ctrl-C."""


class Console:
    def __init__(self, service: Service, boards: Path, out: Callable[[str], None] = print,
                 read: Callable[[str], str] = input,
                 discard: Callable[[], bool] = typeahead.discard,
                 clear: terminal.Clear = terminal.clear_screen, text_board: bool = True,
                 histories: terminal.Histories | None = None, resume_hint: str = "",
                 alt: bool = False, interrupts: Interrupts | None = None,
                 warm: Callable[[], None] | None = None) -> None:
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
        self.interrupts = interrupts or Interrupts()
        self.warm = warm
        """Starts the computer's worker processes while a person reads (None: no pool)."""
        self.numbers: dict[int, int] = {}
        """The last picture number saved per match (continued from the folder)."""
        self.held: dict[int, Post] = {}
        """Private posts not shown yet, by user: each is shown when it is that player's
        turn, after the screen has been passed to them."""
        self.unseen: set[int] = set()
        """People whose private information has not been shown since the match was
        resumed: fetched when the screen is next theirs."""
        self.at_keyboard: int | None = None
        """The person the screen was last handed to (their user id)."""
        self.last_public: tuple[Post, MatchRecord] | None = None
        """The last public post, shown again to whoever the screen is handed to."""
        self.last_path = ""
        """The last public picture's line (``[board: …]``), shown again with it."""
        self.match_id: int | None = None
        """The match on screen: the one a Ctrl-C saves."""
        self.printed: list[str] = []
        """The public lines on screen since it was last cleared (a recap drops them)."""
        self.unattended = False
        """Only computers play: nobody can type ``history``; the record is written."""

    def out(self, text: str) -> None:
        """Print a text of the service's in console words, safe for a terminal and
        wrapped to its width."""
        text = terminal.plain(text)
        if self.unattended:
            text = text.replace("(see history)", "(all in the record below)")
        self.write(terminal.wrap(terminal.printable(text)))

    def say_path(self, text: str) -> None:
        """Print a line with a file path in it, as it is (only made safe)."""
        self.write(terminal.printable(text))

    def ask(self, prompt: str) -> str:
        """A line typed at ``prompt``; :class:`Leave` when the input ends (Ctrl-D) or
        Ctrl-C is pressed, after ending the prompt's line (neither echoes a newline)."""
        self.interrupts.reading = True
        try:
            return self.read(prompt)
        except (EOFError, KeyboardInterrupt):
            self.write("")
            raise Leave from None
        finally:
            self.interrupts.reading = False

    def saved(self, match_id: int) -> None:
        """The line that ends a session: how to go on with the match."""
        self.say_path("Saved. Resume with: " + self.resume_hint.format(id=match_id))

    async def new_match(self, slug: str, names: list[str], ai: int,
                        options: dict[str, str]) -> MatchRecord:
        host = Actor(1, names[0] if names else "Player 1")
        self.unattended = not names
        match = await self.service.create(host, slug, options, seat_host=bool(names),
                                          remind=0)
        self.match_id = match.id
        for number, name in enumerate(names[1:], 2):
            await self.service.join(match.id, Actor(number, name))
        for _ in range(ai):
            await self.service.add_ai(match.id, host)
        update = await self.service.start(match.id, host)
        self.show(update)
        return update.match

    async def learn(self, slug: str, name: str) -> MatchRecord:
        """Start the game's lesson: ``name`` against the easy computer
        (:mod:`service.learning.lessons`)."""
        update = await self.service.learn(Actor(1, name), slug)
        self.match_id = update.match.id
        self.show(update)
        return update.match

    async def resume(self, match: MatchRecord) -> MatchRecord:
        """Show where a saved match stands, as its player to act would see it on their
        turn: the moves since their last one (or the last move), the board and its
        picture, then — once the screen is theirs — their private information. A
        computer turn left pending (the console was stopped while it thought) is played."""
        self.match_id = match.id
        if match.snapshot is None:
            self.out(self.service.lobby_text(match))
            return match
        self.unseen = {s.user_id for s in match.seats if not s.is_ai}
        game, state = self.service.state_of(match)
        if match.status == RUNNING and self.service.matches.automatic_to_act(match, game,
                                                                             state):
            update = await self.service.play.after(match, game, state, [], previous=state)
            self.show(update)
            return update.match
        post = await self.service.board(match.id)
        post.text = "\n".join([*await recap.since_last_turn(self.service, match), post.text])
        self.show_public(post, match)
        return match

    async def play(self, match: MatchRecord) -> MatchRecord:
        """Prompt whoever must act until the match ends or the user quits."""
        self.match_id = match.id
        while match.status == RUNNING:
            actor = await self._next_human(match)
            if actor is None:
                break
            try:
                await self._hand_over(match, actor)
                legal = await self.service.legal_moves(match.id, actor)
                if self.warm is not None and any(s.is_ai for s in match.seats):
                    self.warm()
                if len(legal) == 1:
                    self.out(f"Only one legal move: {legal[0]}. Enter plays it.")
                line = terminal.printable(
                    self.ask(f"{actor.name} [{match.game} #{match.id}]> ")).strip()
            except Leave:
                line = "quit"
            if line.lower() in ("quit", "exit"):
                self.saved(match.id)
                return match
            if not line and len(legal) == 1:
                line = legal[0]
                self.out(f"{actor.name} plays the only move: {line}.")
            try:
                match = await self._command(match, actor, line, legal)
            except (ServiceError, Unknown) as exc:
                self.out(str(exc)[:300])
        if match.status != RUNNING:
            self.say_path(f"Boards saved in {self.boards}/.")
            coach.offer_review(self, match, self.resume_hint)
            if not any(not s.is_ai for s in match.seats):
                await self.export(match, None)
        return match

    async def rematch(self, match: MatchRecord) -> MatchRecord | None:
        """After a finished match with people in it: "Rematch? [y/N]". Yes asks for the
        rematch on behalf of every player at the keyboard (seats rotated, computer seats
        kept, see :mod:`service.challenges.rematch`) and returns the new match; else None."""
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
        """A yes/no question; no when the input ends or Ctrl-C is pressed (as Ctrl-D)."""
        try:
            return self.ask(question).strip().lower() in ("y", "yes")
        except Leave:
            self.interrupts.hit = False  # answered; the console goes on
            return False

    async def _hand_over(self, match: MatchRecord, actor: Actor) -> None:
        """Before someone else's private information may be shown on a shared screen, the
        screen is cleared (scrollback too) and passed to them: only "Pass to …" shows
        until they press Enter, then the last public post and their private information.
        Asked only when the person at the keyboard changes. :class:`Leave`: the input
        ended."""
        if actor.user_id != self.at_keyboard and self._secrets_on_screen(match):
            self.clear()
            self.discard()  # nothing typed before the hand-over is read after it
            prompt = f"Pass to {terminal.printable(actor.name)} — press Enter "
            while True:
                if not self.ask(prompt).strip():
                    break
                # Typed for a prompt that is not there yet: never played, never shown.
                self.clear()
                prompt = f"Pass to {terminal.printable(actor.name)} — press Enter (only Enter) "
            self.clear()
            self.printed = []
            self.histories.swap(self.at_keyboard, actor.user_id)
            if self.last_public is not None:
                post, shown = self.last_public
                self.show_public(post, shown, save=False)
        self.at_keyboard = actor.user_id
        secret = self.held.pop(actor.user_id, None)
        if secret is None and actor.user_id in self.unseen:
            game, state = self.service.state_of(match)
            seat = self.service.matches.player(match, actor).number
            if game.private_view(state, seat) is not None:
                secret = await self.service.private(match.id, actor)
        self.unseen.discard(actor.user_id)
        if secret is not None:
            self.show_private(secret, match.id, actor)

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

    async def _command(self, match: MatchRecord, actor: Actor, line: str,
                       legal: list[str]) -> MatchRecord:
        if " ".join(line.lower().split()) == "board text":
            self.out("\n".join(await self.service.text_board(match.id, actor)))
            return match
        asked = line.split(maxsplit=1)
        if (len(asked) == 2 and asked[0].lower() == "rules"
                and " ".join(line.lower().split()) not in {m.lower() for m in legal}):
            self.out(commands.rules(match.game, asked[1]))
            return match
        command = commands.command_word(line, legal)
        if command in ("", "help"):
            self.out(commands.HELP)
        elif command == "moves":
            self.write(terminal.printable(commands.moves_text(legal)))
        elif command == "board":
            self.show_public(await self.service.board(match.id, actor), match)
        elif command == "me":
            self.show_private(await self.service.private(match.id, actor), match.id, actor)
        elif command == "history":
            self.out("\n".join(await self.service.history(match.id, actor)) or "No moves yet.")
        elif command == "rules":
            self.out(commands.rules(match.game))
        elif command == "export":
            await self.export(match, actor)
        elif command == "hint":
            await coach.hint(self, match, actor)
        elif command == "resign":
            if not self.confirm(f"Resign {actor.name}'s seat? [y/N] "):
                self.out("Not resigned.")
                return match
            update = await self.service.resign(match.id, actor)
            self.show(update)
            return update.match
        else:
            try:
                update = await self.service.submit(match.id, actor, line)
            except ServiceError as exc:
                raise ServiceError(str(exc) + commands.did_you_mean(line, legal)
                                   ) from None
            self.show(update)
            if update.match.version > match.version + 1 and self.discard():
                self.out(DISCARDED)  # the computer moved after this player
            return update.match
        return await self.service.match(match.id)

    async def export(self, match: MatchRecord, actor: Actor | None) -> None:
        """Write the match's record beside its pictures and say where, and, when
        ``--import`` cannot replay it (a running match that keeps its seed secret), why."""
        json_path, text_path, unreplayable = await commands.export(
            self.service, match.id, actor, self.boards)
        self.say_path(f"Every move: {text_path}")
        if unreplayable is None:
            self.say_path(f"The record (replay it with --import): {json_path}")
            return
        self.say_path(f"The record (what everyone has seen): {json_path}")
        self.out(unreplayable)

    def show(self, update: Update) -> None:
        if update.public:
            self.show_public(update.public, update.match)
        self.held.update(update.private)

    def show_public(self, post: Post, match: MatchRecord, *, save: bool = True) -> None:
        """A post everyone at the table may see: its text, the text board of the match's
        public view, and its picture saved (numbered, and as ``current.png``)."""
        lines = [line for line in post.text.splitlines() if line != NO_CLOCK]
        if save:
            lines = recap.unrepeated(lines, self.printed, match.names)
            self.printed += lines
        self.out("\n".join(lines))
        self._table(post)
        if self.text_board and match.snapshot is not None:
            game, state = self.service.state_of(match)
            names = [s.display_name for s in match.by_seat()]
            self.out(rendering.text.text_board(game.slug, game.view(state, None), names))
        if save:
            self._save(post, match.id, self.boards, current=True)
            self.last_public = (post, match)
        elif self.last_path:
            self.say_path(self.last_path)

    def show_private(self, post: Post, match_id: int, actor: Actor) -> None:
        """What only ``actor`` may see: shown now (the screen is theirs), its picture saved
        in their own folder, never the shared one."""
        self.out(post.text)
        self._table(post)
        self._save(post, match_id, self.boards / "private" / folder_name(actor))

    def _table(self, post: Post) -> None:
        for name, rows in post.table:
            total = sum(points for _, points in rows)
            items = [f"{label} {points_text(points)}" for label, points in rows]
            head = f"  {name}: {points_text(total)}"
            self.write(terminal.printable(terminal.listing(head + (" (" if items else ""),
                                                           items) + (")" if items else "")
                                          if items else head))

    def _save(self, post: Post, match_id: int, folder: Path, current: bool = False) -> None:
        post.ready_now(terminal.language())  # the console's reader's
        if not post.png:
            return
        folder.mkdir(parents=True, exist_ok=True)
        number = self.numbers.get(match_id)
        if number is None:
            number = last_picture(self.boards, match_id)
        self.numbers[match_id] = number + 1
        path = folder / f"match-{match_id}-{number + 1:04d}-{post.filename}"
        path.write_bytes(post.png)
        line = f"[board: {path}]"
        if current:
            (folder / "current.png").write_bytes(post.png)
            line = f"[board: {path}, and {folder / 'current.png'}]"
            if terminal.columns(line) > terminal.WIDTH:
                line = f"[board: {path},\n and {folder / 'current.png'}]"
            self.last_path = line
        self.say_path(line)
        if self.alt and post.alt:
            self.out(f"[alt text: {post.alt}]")
