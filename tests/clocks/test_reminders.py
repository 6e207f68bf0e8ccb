"""Clocks through the service and the cog, with a fake clock: reminders (first after R h,
then every E h, each once), deadlines (skip or forfeit), vacations, nudges, restarts."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.clocks.reminders import Reminders
from db import FINISHED, RUNNING, open_store, records
from service import Actor, Service, ServiceError
from tests.discord_fakes import GUILD, World

ANA = Actor(1, "Ana", guild_id=GUILD)
BO = Actor(2, "Bo", guild_id=GUILD)
CY = Actor(3, "Cy", guild_id=GUILD)


async def waiting_match(service):
    """A running Witch Stones match waiting for Bo (seat 1 chooses a side)."""
    match = await service.create(ANA, "witch-stones")
    await service.join(match.id, BO)
    return (await service.start(match.id, ANA)).match


def later(match, hours: float) -> datetime:
    return datetime.fromisoformat(match.updated_at) + timedelta(hours=hours)


async def test_due_after_the_default_day_once_per_turn(service):
    match = await waiting_match(service)
    assert await service.reminders_due(later(match, 23.5)) == []
    (due,) = await service.reminders_due(later(match, 24.5))
    assert due.user_ids == [2] and due.match.id == match.id
    assert "your turn in Witch Stones" in due.text and "24 h" in due.text
    await service.reminded(due)
    assert await service.reminders_due(later(match, 47)) == []
    (second,) = await service.reminders_due(later(match, 48.5))  # again every 24 h
    assert second.user_ids == [2] and "48 h" in second.text
    await service.reminded(second)
    assert await service.reminders_due(later(match, 50)) == []
    # A move starts a new turn, which can be reminded again.
    moved = (await service.submit(match.id, BO, "suns")).match
    (again,) = await service.reminders_due(later(moved, 25))
    assert again.user_ids == [1]


async def test_each_player_sets_their_delay_or_turns_it_off(service):
    match = await waiting_match(service)
    assert "3 h" in await service.set_reminders(BO, 3)
    (due,) = await service.reminders_due(later(match, 3.1))
    assert due.user_ids == [2]
    assert "off" in await service.set_reminders(BO, 0)
    assert await service.reminders_due(later(match, 500)) == []
    for bad in (-1, 24 * 7 + 1):
        with pytest.raises(ServiceError, match="between 1 and"):
            await service.set_reminders(BO, bad)


async def test_finished_matches_are_never_reminded(service):
    match = await waiting_match(service)
    await service.resign(match.id, ANA)
    assert await service.reminders_due(later(match, 100)) == []


async def test_a_reminded_turn_stays_reminded_after_a_restart(database):
    path = database
    store = await open_store(path)
    service = Service(store)
    match = await waiting_match(service)
    (due,) = await service.reminders_due(later(match, 30))
    await service.reminded(due)
    await store.close()
    store = await open_store(path)
    assert await Service(store).reminders_due(later(match, 30)) == []
    await store.close()


async def test_the_cog_pings_in_the_thread_and_sets_the_delay(service):
    world = World(service)
    match = await waiting_match(service)
    thread = world.thread(5555, "Witch Stones #1")
    await service.store.set_places(match.id, thread_id=thread.id)
    cog = Reminders(world.bot)
    fake = world.interaction(world.user(2, "Bo"))
    await cog.reminders.callback(cog, fake.interaction, 2)
    assert fake.last.ephemeral and "2 h" in fake.last.text
    assert await cog.tick(later(match, 1)) == 0
    assert await cog.tick(later(match, 2.5)) == 1
    (ping,) = world.posts_in(thread.id)
    assert "<@2>" in ping.text and "your turn" in ping.text
    assert [u.id for u in ping.kwargs["allowed_mentions"].users] == [2]
    assert await cog.tick(later(match, 5)) == 0  # once per reminder


# --- the per-match clock, driven by a fake clock -------------------------------------------
T0 = datetime(2025, 12, 30, 9, 0, tzinfo=UTC)  # a few days before a new year


class FakeClock:
    """The time the test says: the store stamps every write with it too."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, service: Service,
                 start: datetime = T0) -> None:
        self.now = self.start = start
        monkeypatch.setattr(records, "now", lambda: records.stamp(self.now))
        service.now = lambda: self.now

    def at(self, hours: float) -> datetime:
        """``hours`` after the start; the clock moves there."""
        self.now = self.start + timedelta(hours=hours)
        return self.now


@pytest.fixture
def clock(monkeypatch, service):
    return FakeClock(monkeypatch, service)


async def clocked_match(service, game="witch-stones", **clock_options):
    """A running two-player match (Ana seat 0, Bo seat 1) with the given clock."""
    match = await service.create(ANA, game, **clock_options)
    await service.join(match.id, BO)
    return (await service.start(match.id, ANA)).match


async def test_first_reminder_after_r_then_every_e_each_once(service, clock):
    match = await clocked_match(service, remind=12, remind_every=6)
    assert await service.reminders_due(clock.at(11.9)) == []
    (first,) = await service.reminders_due(clock.at(12))
    assert first.user_ids == [2] and "12 h" in first.text
    assert len(await service.reminders_due(clock.at(13))) == 1  # not sent: still due
    await service.reminded(first)
    assert await service.reminders_due(clock.at(17.9)) == []
    (second,) = await service.reminders_due(clock.at(18))
    await service.reminded(second)
    assert await service.reminders_due(clock.at(18)) == []
    assert await service.reminders_due(clock.at(23)) == []
    # Three days later: one reminder for the latest slot, not a flood.
    (late,) = await service.reminders_due(clock.at(90))
    await service.reminded(late)
    assert await service.reminders_due(clock.at(91)) == []
    # A move starts a new turn with its own reminders.
    await service.submit(match.id, BO, "suns")
    assert await service.reminders_due(clock.at(102.9)) == []  # Ana's turn began at 91 h
    (ana,) = await service.reminders_due(clock.at(103))
    assert ana.user_ids == [1]


async def three_playing(service, **terms):
    """Storm of the Gods started by Ana, Bo and Cy on these terms, and the user id of the
    one it waits for."""
    match = await service.create(ANA, "storm-of-the-gods", **terms)
    await service.join(match.id, BO)
    await service.join(match.id, CY)
    match = (await service.start(match.id, ANA)).match
    (waiting,) = await service.waiting(match.id)
    return match, waiting


async def test_a_resignation_out_of_turn_neither_restarts_nor_repeats_reminders(service, clock):
    match, thinking = await three_playing(service, remind=12, remind_every=6)
    (first,) = await service.reminders_due(clock.at(12))
    await service.reminded(first)
    leaver = next(a for a in (CY, BO, ANA) if a.user_id != thinking)
    await service.resign(match.id, leaver)
    assert await service.reminders_due(clock.at(13)) == []  # the 12 h one, not again
    (second,) = await service.reminders_due(clock.at(18))  # the turn's own 18 h slot
    assert second.user_ids == [thinking] and "18 h" in second.text


async def test_remind_every_zero_reminds_once_and_remind_zero_never(service, clock):
    await clocked_match(service, remind=2, remind_every=0)
    (once,) = await service.reminders_due(clock.at(3))
    await service.reminded(once)
    assert await service.reminders_due(clock.at(300)) == []
    quiet = await service.create(ANA, "witch-stones", remind=0)
    await service.join(quiet.id, BO)
    await service.start(quiet.id, ANA)
    assert [r.match.id for r in await service.reminders_due(clock.at(500))] == []


async def test_bad_clock_options_are_refused_before_any_match(service):
    for options, words in (({"remind": 200}, "first reminder"),
                           ({"remind_every": -1}, "repeat"),
                           ({"deadline": 10_000}, "deadline between"),
                           ({"deadline": 5, "on_timeout": "explode"}, "skip or forfeit"),
                           ({"on_timeout": "forfeit"}, "needs a deadline")):
        with pytest.raises(ServiceError, match=words):
            await service.create(ANA, "witch-stones", **options)
    assert await service.store.find_matches(user_id=ANA.user_id) == []


async def test_deadline_skip_plays_for_the_player_and_warns_first(service, clock):
    match = await clocked_match(service, remind=0, deadline=10)
    start = await service.board(match.id)
    assert "Deadline: 10 h left (then skip)" in start.text
    (warning,) = await service.reminders_due(clock.at(7.5))  # 75 % of the deadline
    assert "3 h left before the deadline" in warning.text and "computer moves" in warning.text
    await service.reminded(warning)
    assert await service.reminders_due(clock.at(9)) == []
    assert await service.expire(clock.at(9.9)) == []
    (update,) = await service.expire(clock.at(10))
    assert update.public.text.startswith("Bo ran out of time: the computer played for them.")
    assert update.public.mentions == [1]
    assert await service.expire(clock.at(10)) == []  # once
    (move,) = await service.store.moves(match.id)
    assert move.seat == 1 and move.notation in ("suns", "moons")
    # Ana's new turn has its own ten hours.
    assert await service.expire(clock.at(19.9)) == []
    (ana,) = await service.expire(clock.at(20))
    assert ana.public.text.startswith("Ana ran out of time")


async def test_a_move_and_its_undo_do_not_reset_the_deadline(service, clock):
    """The time the taken-back move's turn had run stays spent: Bo moved after 6 of his
    10 hours, took it back an hour later, and has 4 hours left, not a fresh 10."""
    match = await clocked_match(service, remind=0, deadline=10)
    clock.at(6)
    await service.submit(match.id, BO, "suns")
    clock.at(7)
    done = await service.ask_undo(match.id, BO)
    assert done.update is not None and list(await service.waiting(match.id)) == [BO.user_id]
    assert "Deadline: 4 h left (then skip)" in (await service.board(match.id)).text
    assert await service.expire(clock.at(10.9)) == []
    (update,) = await service.expire(clock.at(11))
    assert update.public.text.startswith("Bo ran out of time")


async def test_deadline_skip_passes_where_the_game_has_a_pass(service, clock):
    match = await clocked_match(service, "storm-of-the-gods", remind=0, deadline=5)
    for _ in range(10):  # play Bo's turn up to the point where only "end" is left
        (moves,) = (await service.waiting(match.id)).values()
        if "end" in moves:
            break
        user = next(iter(await service.waiting(match.id)))
        await service.submit(match.id, ANA if user == 1 else BO, moves[0])
    waiting = await service.waiting(match.id)
    (user,) = waiting
    name = "Ana" if user == 1 else "Bo"
    before = len(await service.store.moves(match.id))
    (update,) = await service.expire(clock.at(5))
    # (after the moves made since the next player's last turn, when there were any)
    assert f"\n{name} ran out of time and passes.\n" in f"\n{update.public.text}"
    moves = await service.store.moves(match.id)
    assert moves[before].notation == "end"


async def test_deadline_forfeit_ends_a_two_player_match(service, clock):
    await clocked_match(service, deadline=24, on_timeout="forfeit")
    (warning,) = await service.reminders_due(clock.at(18))
    assert "you forfeit" in warning.text
    (update,) = await service.expire(clock.at(24.5))
    assert update.match.status == FINISHED
    assert update.public.text.startswith("Bo forfeits: out of time.")
    assert "Ana wins (Bo ran out of time)" in update.public.text
    assert update.match.result["ranking"] == [[0], [1]]
    assert await service.expire(clock.at(100)) == []
    assert await service.reminders_due(clock.at(100)) == []


async def test_deadline_forfeit_with_three_players_the_bot_plays_on(service, clock):
    match, late = await three_playing(service, deadline=6, on_timeout="forfeit")
    (update,) = await service.expire(clock.at(6))
    assert "forfeits: out of time; the bot plays their seat" in update.public.text
    assert update.match.status == RUNNING
    assert update.match.seat_of(late).resigned
    assert late not in await service.waiting(match.id)


async def test_vacation_delays_reminders_and_deadline(service, clock):
    match = await clocked_match(service, remind=12, remind_every=12, deadline=30)
    clock.at(2)
    text = await service.vacation(BO, 2, now=clock.now)
    assert "until Jan 1, 11:00 UTC" in text and "19 days left in 2025" in text
    status = await service.board(match.id)
    assert "Bo is on vacation until Jan 1, 11:00 UTC." in status.text
    assert "Deadline: 3 days 4 h left (then skip)" in status.text  # 28 h + 48 h away
    assert await service.reminders_due(clock.at(12 + 47)) == []
    (due,) = await service.reminders_due(clock.at(12 + 48))
    await service.reminded(due)
    assert await service.expire(clock.at(30 + 47.9)) == []
    assert len(await service.expire(clock.at(30 + 48))) == 1


async def test_a_vacation_ended_seconds_after_it_began_costs_no_day(service, clock):
    await service.vacation(BO, 3, now=clock.at(0))
    back = await service.vacation(BO, end=True, now=clock.at(5 / 3600))
    assert "3 unused days returned; 21 left in 2025" in back


async def test_ending_a_vacation_early_returns_days_and_restarts_the_clock(service, clock):
    match = await clocked_match(service, remind=0, deadline=30)
    assert "21 of 21 vacation days left in 2025" in await service.vacation(BO, now=clock.at(0))
    await service.vacation(BO, 10, now=clock.at(1))
    assert await service.expire(clock.at(40)) == []  # on vacation since hour 1
    with pytest.raises(ServiceError, match="already on vacation until"):
        await service.vacation(BO, 1, now=clock.now)
    back = await service.vacation(BO, end=True, now=clock.at(49))
    # Hours 1–49 used 3 days (each started day counts) of 2025's allowance; it is 2026 now.
    assert "8 unused days returned; 21 left in 2026" in back
    # 1 h before the vacation, 48 h away: the 30 h run out at hour 78.
    assert await service.expire(clock.at(77.9)) == []
    (update,) = await service.expire(clock.at(78))
    assert update.match.id == match.id
    with pytest.raises(ServiceError, match="not on vacation"):
        await service.vacation(BO, 0, now=clock.now)


async def test_vacation_allowance_is_per_calendar_year(store, clock):
    service = Service(store, vacation_days=5)
    with pytest.raises(ServiceError, match="only 5 vacation days left in 2025"):
        await service.vacation(ANA, 6, now=clock.at(0))
    await service.vacation(ANA, 4, now=clock.at(0))  # Dec 30 – Jan 3: counts in 2025
    await service.vacation(ANA, 0, now=clock.at(24))  # one day used
    await service.vacation(ANA, 4, now=clock.at(25))
    await service.vacation(ANA, end=True, now=clock.at(30))  # 5 h: one more day
    assert "3 of 5" in await service.vacation(ANA, now=clock.at(31))
    with pytest.raises(ServiceError, match="only 3 vacation days left in 2025"):
        await service.vacation(ANA, 4, now=clock.now)
    assert "0 days left in 2025" in await service.vacation(ANA, 3, now=clock.now)
    await service.vacation(ANA, end=True, now=clock.at(32))
    # On Jan 1 the allowance is new.
    assert "5 of 5 vacation days left in 2026" in await service.vacation(ANA, now=clock.at(40))


async def test_nudges_once_a_day_per_match_not_yourself_not_the_away(service, clock):
    match = await clocked_match(service)
    with pytest.raises(ServiceError, match="It is your turn"):
        await service.nudge(match.id, BO, now=clock.at(1))
    with pytest.raises(ServiceError, match="Only the players"):
        await service.nudge(match.id, CY, now=clock.now)
    post = await service.nudge(match.id, ANA, now=clock.at(2))
    assert post.mentions == [2] and post.text.startswith("Ana nudges you: it is your turn")
    with pytest.raises(ServiceError, match="nudge again in 7 h"):
        await service.nudge(match.id, ANA, now=clock.at(19))
    await service.vacation(BO, 3, now=clock.at(20))
    with pytest.raises(ServiceError, match="Bo is on vacation until Jan 3, 05:00 UTC"):
        await service.nudge(match.id, ANA, now=clock.at(27))
    await service.vacation(BO, end=True, now=clock.at(28))
    assert (await service.nudge(match.id, ANA, now=clock.at(28))).mentions == [2]


async def test_a_due_deadline_and_reminder_survive_a_restart_exactly_once(database, clock):
    path = database
    store = await open_store(path)
    service = Service(store, seed_source=lambda: 12345, shuffle=lambda seats: None)
    match = await clocked_match(service, remind=6, remind_every=6, deadline=20)
    (due,) = await Service(store).reminders_due(clock.at(6))
    await service.reminded(due)
    await store.close()  # the bot stops before the deadline and comes back after it

    store = await open_store(path)
    service = Service(store)
    assert [r.user_ids for r in await service.reminders_due(clock.at(11))] == []
    (reminder,) = await service.reminders_due(clock.at(12))
    await service.reminded(reminder)
    await store.close()

    store = await open_store(path)
    service = Service(store)
    assert await service.reminders_due(clock.at(13)) == []
    (update,) = await service.expire(clock.at(21))
    assert update.match.id == match.id
    await store.close()
    store = await open_store(path)
    assert await Service(store).expire(clock.at(21)) == []
    assert len(await store.moves(match.id)) == 1
    await store.close()


# --- the cog, with the fake clock ----------------------------------------------------------
async def test_the_cog_posts_a_timeout_like_a_move_and_reminders_in_one_pass(service, clock):
    world = World(service)
    match = await clocked_match(service, remind=4, remind_every=0, deadline=10)
    thread = world.thread(5556, "Witch Stones #1")
    await service.store.set_places(match.id, thread_id=thread.id)
    cog = Reminders(world.bot)
    assert await cog.tick(clock.at(3)) == 0
    assert await cog.tick(clock.at(4)) == 1
    assert await cog.tick(clock.at(7.5)) == 1  # the deadline warning
    assert "before the deadline" in world.posts_in(thread.id)[-1].text
    assert await cog.tick(clock.at(10)) == 1
    board = world.posts_in(thread.id)[-1]
    assert board.text.startswith("Bo ran out of time: the computer played for them.")
    assert board.file is not None and "<@1>" in board.text
    assert await cog.tick(clock.at(10)) == 0
    assert await cog.tick(clock.at(14)) == 1  # Ana's first reminder
    assert "<@1>" in world.posts_in(thread.id)[-1].text


async def test_the_cog_vacation_and_nudge_commands(service, clock):
    world = World(service)
    match = await clocked_match(service)
    thread = world.thread(5557, "Witch Stones #1")
    await service.store.set_places(match.id, thread_id=thread.id)
    cog = Reminders(world.bot)
    ana, bo = world.user(1, "Ana"), world.user(2, "Bo")

    fake = world.interaction(bo)
    await cog.vacation.callback(cog, fake.interaction, None, False)
    assert fake.last.ephemeral and "vacation days left" in fake.last.text

    fake = world.interaction(ana, channel=thread)
    await cog.nudge.callback(cog, fake.interaction, None)
    assert fake.last.ephemeral and "Nudged <@2>" in fake.last.text
    (ping,) = world.posts_in(thread.id)
    assert ping.text.startswith("<@2> Ana nudges you")
    assert [u.id for u in ping.kwargs["allowed_mentions"].users] == [2]

    fake = world.interaction(ana, channel=thread)
    await cog.nudge.callback(cog, fake.interaction, match.id)
    assert fake.last.ephemeral and "nudge again in" in fake.last.text
    assert len(world.posts_in(thread.id)) == 1

    fake = world.interaction(bo)
    await cog.vacation.callback(cog, fake.interaction, 3, False)
    assert fake.last.ephemeral and "You are on vacation until" in fake.last.text
    fake = world.interaction(bo)
    await cog.vacation.callback(cog, fake.interaction, None, True)
    assert "Welcome back" in fake.last.text


async def test_match_start_takes_the_clock_options_and_shows_them(service, clock):
    from bot.match.lobby import Lobby
    from tests.discord_fakes import press

    world = World(service)
    lobby_cog = Lobby(world.bot)
    ana, bo = world.user(1, "Ana"), world.user(2, "Bo")
    fake = world.interaction(ana)
    await lobby_cog.start.callback(lobby_cog, fake.interaction, "witch-stones", None,
                                   on_timeout="forfeit")
    assert fake.last.ephemeral and "needs a deadline" in fake.last.text
    assert await service.store.find_matches(user_id=1) == []

    fake = world.interaction(ana)
    await lobby_cog.start.callback(lobby_cog, fake.interaction, "witch-stones", None,
                                   remind=6, remind_every=0, deadline=12, on_timeout="forfeit")
    (match,) = await service.store.find_matches(user_id=1)
    clock_row = await service.store.clock(match.id)
    assert (clock_row.remind_after, clock_row.remind_every, clock_row.deadline,
            clock_row.on_timeout) == (6, 0, 12, "forfeit")
    lobby = world.posts_in(match.thread_id)[0]
    await press(world, lobby, "Join", bo)
    await press(world, lobby, "Start", ana)
    board = world.posts_in(match.thread_id)[-1]
    assert "Reminder after 6 h; deadline 12 h per turn (then forfeit)." in board.text


async def test_a_broken_match_does_not_stop_the_others_clocks(service, clock, caplog):
    broken = await clocked_match(service, remind=1, deadline=5)
    healthy = await clocked_match(service, remind=1, deadline=5)
    await service.store.execute("UPDATE matches SET snapshot = '{\"nonsense\": 1}' "
                                "WHERE id = ?", broken.id)
    (due,) = await service.reminders_due(clock.at(1))
    assert due.match.id == healthy.id
    (update,) = await service.expire(clock.at(5))
    assert update.match.id == healthy.id
    assert f"match {broken.id}" in caplog.text
