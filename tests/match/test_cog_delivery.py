"""Reliability of the Discord layer when Discord is slow or fails, driven through the cogs'
callbacks over a real service (the helpers: ``cog_helpers.py``):

2. Deferral: commands that read the database more than once or draw a PNG acknowledge
   the interaction before any service work, store access or drawing.
3. A board that cannot be posted never loses the move.
4. A DM that fails (closed DMs or a Discord error) never blocks a move and never puts a
   secret in the thread.

(1. fuzzing: ``test_cog_fuzz.py``; 5. guild isolation: ``test_cog_isolation.py``.)
"""

from __future__ import annotations

import random
import re
from collections.abc import Awaitable, Callable
from typing import Any

import discord
import pytest

import engines
import rendering
from bot.kit.interact import SOMETHING_WRONG
from bot.match.publish import DM_CLOSED
from db import RUNNING
from tests.discord_fakes import (
    FakeInteraction,
    World,
    forbidden,
    http_response,
    not_found,
    press,
)
from tests.match.cog_helpers import (
    ANA,
    BO,
    _play,
    errors_logged,
    file_bytes,
    make_cogs,
    make_people,
    refused,
    slash,
    start_lobby,
    start_running,
    the_answer,
)

# === 2. deferral ==============================================================================
SERVICE_WORK = ("match", "match_here", "my_matches", "create", "join", "add_ai", "leave",
                "start", "legal_moves", "waiting", "submit", "resign", "abort",
                "set_reminders", "board", "standing", "private", "history", "nudge",
                "vacation")
STORE_WORK = ("get_match", "find_matches", "create_match", "add_seat", "remove_seat",
              "start_match", "record_move", "finish", "mark_resigned", "moves", "set_places",
              "set_remind_after", "remind_after", "set_clock", "clock", "clocks_to_check",
              "checked", "recheck_user", "turn_reminders", "mark_turn_reminded", "nudge",
              "vacations", "start_vacation", "end_vacation")


class DeferralSpy:
    """Notes, for every service call, store access and picture made while an interaction
    is under watch, whether that interaction had been deferred by then."""

    def __init__(self, world: World, monkeypatch) -> None:
        self.watching: FakeInteraction | None = None
        self.armed = False
        self.calls: list[tuple[str, bool]] = []
        service = world.service
        for name in SERVICE_WORK:
            monkeypatch.setattr(service, name, self._wrap(f"Service.{name}",
                                                          getattr(service, name)))
        for name in STORE_WORK:
            monkeypatch.setattr(service.store, name, self._wrap(f"store.{name}",
                                                                getattr(service.store, name)))
        render = service.render

        def drawing(*args: Any, **kwargs: Any) -> bytes:
            self._note("render")
            return render(*args, **kwargs)

        monkeypatch.setattr(service, "render", drawing)
        make = world.interaction

        def interaction(*args: Any, **kwargs: Any) -> FakeInteraction:
            fake = make(*args, **kwargs)
            if self.armed:  # buttons make their interaction inside ``press``
                self.watching = fake
            return fake

        monkeypatch.setattr(world, "interaction", interaction)

    def _note(self, what: str) -> None:
        if self.watching is not None:
            self.calls.append((what, self.watching.deferred is not None))

    def _wrap(self, what: str, method: Callable[..., Awaitable[Any]]):
        async def spy(*args: Any, **kwargs: Any) -> Any:
            self._note(what)
            return await method(*args, **kwargs)

        return spy

    async def watch(self, run: Callable[[], Awaitable[Any]]) -> FakeInteraction:
        self.armed, self.calls = True, []
        try:
            await run()
            assert self.watching is not None
            return self.watching
        finally:
            self.armed = False

    def before_defer(self) -> list[str]:
        return [what for what, deferred in self.calls if not deferred]




async def _deferral_case(name: str, world: World, spy: DeferralSpy) -> tuple[FakeInteraction,
                                                                            str]:
    """Set the scene for one command, then run it under the spy: (its interaction, the
    service call that does its work)."""
    cogs, people = make_cogs(world), make_people(world)
    if name in ("/match start", "Start button", "Join button"):
        _, thread, lobby = await start_lobby(world, cogs, people.ana)
        if name == "Start button":
            await press(world, lobby, "Join", people.bo)
    else:
        match, thread, board = await start_running(world, cogs, people)

    async def command(cog, command: str, user, *args: Any, channel=None) -> None:
        fake = world.interaction(user, channel=channel or thread)
        await slash(cog, command, fake, *args)

    main, run = {
        "/move": ("Service.submit", lambda: command(cogs.play, "move", people.bo, "moons", None)),
        "/board in the thread": ("Service.board",
                                 lambda: command(cogs.info, "board", people.cy, None)),
        "/board elsewhere": ("Service.board", lambda: command(
            cogs.info, "board", people.cy, match.id, channel=world.channel)),
        "/score": ("Service.standing", lambda: command(cogs.info, "score", people.ana, None)),
        "/history": ("Service.history", lambda: command(cogs.info, "history", people.ana, None)),
        "/myview": ("Service.private", lambda: command(cogs.info, "myview", people.ana, None)),
        "/mymatches": ("Service.my_matches",
                       lambda: command(cogs.info, "mymatches", people.ana)),
        "/abort": ("Service.abort", lambda: command(cogs.play, "abort", people.ana, None)),
        "/resign confirm:True": ("Service.resign",
                                 lambda: command(cogs.play, "resign", people.ana, None, True)),
        "/match start": ("Service.create", lambda: command(
            cogs.lobby, "start", people.bo, "terra", "terrain=true", channel=world.channel)),
        "Start button": ("Service.start", lambda: press(world, lobby, "Start", people.ana)),
        "Join button": ("Service.join", lambda: press(world, lobby, "Join", people.bo)),
        "move button": ("Service.submit", lambda: press(world, board, "moons", people.bo)),
        "/nudge": ("Service.nudge", lambda: command(cogs.reminders, "nudge", people.ana, None)),
        "/vacation": ("Service.vacation",
                      lambda: command(cogs.reminders, "vacation", people.ana, 3, False)),
    }[name]
    fake = await spy.watch(run)
    assert fake.sent or fake.edits, "the command did not answer"
    assert not any(s.text == SOMETHING_WRONG for s in fake.sent)
    assert main in [what for what, _ in spy.calls], f"{main} was not called: {spy.calls}"
    return fake, main


DEFERRED_COMMANDS = ["/move", "/board in the thread", "/board elsewhere", "/score", "/history",
                     "/myview", "/mymatches", "/abort", "/resign confirm:True", "/match start",
                     "Start button", "Join button", "move button", "/nudge", "/vacation"]



@pytest.mark.parametrize("name", DEFERRED_COMMANDS)
async def test_the_work_of_slow_commands_starts_after_the_deferral(world, monkeypatch, name):
    """The main service call (the move, the board, the start...) runs deferred."""
    spy = DeferralSpy(world, monkeypatch)
    _, main = await _deferral_case(name, world, spy)
    assert all(deferred for what, deferred in spy.calls if what == main), spy.calls


@pytest.mark.parametrize("name", DEFERRED_COMMANDS)
async def test_slow_commands_defer_before_any_service_work(world, monkeypatch, name):
    """Nothing at all (no service call, no store access, no drawing) runs before the
    deferral: with one SQLite connection behind a lock, any read can wait behind other
    users' moves, and an interaction not acknowledged within 3 s is lost (10062)."""
    spy = DeferralSpy(world, monkeypatch)
    fake, _ = await _deferral_case(name, world, spy)
    assert fake.deferred is not None
    assert spy.before_defer() == [], spy.calls



# === 3. a board that cannot be posted ========================================================
def failing(error: Exception):
    async def send(*args: Any, **kwargs: Any):
        raise error

    return send


SEND_ERRORS = {
    "500": lambda: discord.HTTPException(http_response(500, "Internal Server Error"), "boom"),
    "missing permissions": lambda: forbidden(50013, "Missing Permissions"),
    "thread deleted": lambda: not_found("Unknown Channel"),
}


@pytest.mark.parametrize("how", ["/move", "move button"])
@pytest.mark.parametrize("error", sorted(SEND_ERRORS))
async def test_a_board_that_cannot_be_posted_never_loses_the_move(service, how, error):
    world = World(service)  # the real renderer: the boards compared below are real PNGs
    cogs, people = make_cogs(world), make_people(world)
    match, thread, first_board = await start_running(world, cogs, people)
    posts = len(world.posts_in(thread.id))
    working = thread.send.side_effect
    thread.send.side_effect = failing(SEND_ERRORS[error]())

    if how == "/move":
        fake = world.interaction(people.bo, channel=thread)
        await cogs.play.move.callback(cogs.play, fake.interaction, "moons", None)
    else:
        fake = await press(world, first_board, "moons", people.bo)
        assert fake.edits == [{"view": None}]  # the spent buttons went all the same

    [move] = await service.store.moves(match.id)
    assert (move.seat, move.notation) == (1, "moons")
    assert (await service.match(match.id)).version == match.version + 1
    answer = refused(fake)
    assert answer.text.startswith("Played `moons`.")
    assert "couldn't post the board" in answer.text
    assert len(world.posts_in(thread.id)) == posts  # nothing went out

    # Later, where posting works, the board shows the position after the move.
    thread.send.side_effect = working
    look = world.interaction(people.cy, channel=world.channel)
    await cogs.info.board.callback(cogs.info, look.interaction, match.id)
    shown = the_answer(look)
    record = await service.match(match.id)
    game = engines.get(record.game)
    expected = rendering.render(game.slug, game.view(game.load(record.snapshot), None),
                                names=record.names)
    assert file_bytes(shown) == expected != file_bytes(first_board)
    assert "To act: Ana" in shown.text
    again = world.interaction(people.ana, channel=thread)
    await cogs.info.board.callback(cogs.info, again.interaction, None)
    assert refused(again).text == f"The board of #{match.id} is posted above."
    assert file_bytes(world.posts_in(thread.id)[-1]) == expected


async def test_an_expired_interaction_never_loses_the_move(world, caplog):
    """The followup webhook is gone (10015) when the mover is answered: the move is saved
    and the board posted, and nothing escapes the command."""
    cogs, people = make_cogs(world), make_people(world)
    match, thread, _ = await start_running(world, cogs, people)
    posts = len(world.posts_in(thread.id))
    fake = world.interaction(people.bo, channel=thread)
    fake.interaction.followup.send.side_effect = failing(discord.NotFound(
        http_response(404, "Not Found"), {"code": 10015, "message": "Unknown Webhook"}))
    await cogs.play.move.callback(cogs.play, fake.interaction, "moons", None)
    assert [m.notation for m in await world.service.store.moves(match.id)] == ["moons"]
    assert len(world.posts_in(thread.id)) == posts + 1
    assert "could not answer interaction" in caplog.text



# === 4. failed DMs ============================================================================
def closing_dms(world: World, how: str) -> None:
    """Make every DM fail: closed DMs (Forbidden 50007) or a Discord error."""
    for user in world.users.values():
        user.send.side_effect = failing(
            forbidden() if how == "closed" else
            discord.HTTPException(http_response(500, "Internal Server Error"), "boom"))


def words(text: str) -> set[str]:
    return set(re.findall(r"[\w-]+", text.lower()))




@pytest.mark.parametrize("how", ["error"])  # closed DMs: tests/clocks/test_sim_failures.py
@pytest.mark.parametrize("slug", ["when-gods-collide", "terra"])
async def test_failed_dms_never_block_a_move_nor_leak_a_secret(world, pictures, caplog, how,
                                                            slug):
    cogs, people = make_cogs(world), make_people(world)
    closing_dms(world, how)
    match, thread, _ = await start_running(world, cogs, people, slug)
    game, store = engines.get(slug), world.service.store
    rng = random.Random(7)
    played, secret_posts, secrets = 0, [], []
    for _ in range(80):
        record = await world.service.match(match.id)
        state = game.load(record.snapshot)
        seat = game.to_act(state)[0]
        moves = game.legal_moves(state, seat)
        private = [m for m in moves if game.is_private(m)]
        move = private[0] if private else (moves[0] if slug == "when-gods-collide"
                                           else rng.choice(moves))
        posts = len(world.posts_in(thread.id))
        fake = await _play(world, cogs, match.id, move)
        played += 1
        if private:
            # as posted then (a later step of the next turn edits its board in place)
            new_posts = [(p.file is not None, p.text) for p in world.posts_in(thread.id)[posts:]]
            after = game.load((await world.service.match(match.id)).snapshot)
            if slug == "when-gods-collide":
                secret = [game.private_view(after, seat)["god"]]  # the god checker's square
            else:
                secret = move.split()[1:]  # the discarded chits
            assert set(secret) <= words(fake.last.text)  # the mover was told, privately
            secret_posts.append((new_posts, secret))
            secrets.append(secret)
            if len(secrets) == 2:
                break
    assert len(secrets) == 2, "no private move was played"
    assert errors_logged(caplog) == []  # a closed DM is an everyday event, not an error
    assert len(await store.moves(match.id)) == played
    assert (await world.service.match(match.id)).status == RUNNING
    assert world.dms == {}  # every DM failed...
    for new_posts, _ in secret_posts:  # ...and each private move's board went out
        assert any(picture and "To act" in text for picture, text in new_posts)

    everything = world.posts_in(thread.id)
    for post in everything:
        assert "for your eyes only" not in post.text
        assert not re.search(r"^- (god|reserve):", post.text, re.M)
        if post.file is not None:  # every picture in the thread shows the public view
            view = pictures.views[file_bytes(post)]
            assert "reserve" not in view and "reserves" not in view
            if slug == "when-gods-collide":
                assert not any(cell.get("god") and not cell.get("public")
                               for cell in view["board"].values())
    for new_posts, secret in secret_posts:  # the posts of a private move name no secret
        for _, text in new_posts:
            assert not set(secret) & words(text), (secret, text)
    notices = [p for p in everything if "couldn't DM you" in p.text]
    if how == "closed":
        assert {p.text for p in notices} == {DM_CLOSED.format(mention=f"<@{u}>")
                                             for u in (ANA, BO)}
    else:
        assert notices == []

    # The secrets are still there for their owners, only to them.
    look = world.interaction(people.ana, channel=thread)
    await cogs.info.myview.callback(cogs.info, look.interaction, None)
    assert refused(look).file is not None and "for your eyes only" in look.last.text

