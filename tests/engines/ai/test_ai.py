"""Computer players: legal, reproducible, able to spot a winning move and to beat a
random player; AI seats through the service, the console and /match start."""

from __future__ import annotations

import asyncio
import random
import threading

import pytest

import engines
from bot.match.lobby import Lobby
from console import app as console
from db import FINISHED, RUNNING
from engines.ai import GreedyPlayer, MctsPlayer, Player, RandomPlayer, player
from engines.witch_stones import CROWN, EARTH, WitchStonesState
from service import Actor, Service
from tests.discord_fakes import GUILD, World

TINY = MctsPlayer.with_budget(2, seconds=60)
ANA = Actor(1, "Ana", guild_id=GUILD)


def midgame(game, players: int, seed: int, plies: int):
    rng = random.Random(seed)
    state = game.setup(players, seed, {})
    for _ in range(plies):
        if game.result(state) is not None:
            break
        seat = game.to_act(state)[0]
        state = game.play(state, seat, rng.choice(game.legal_moves(state, seat)))
    return state


@pytest.mark.parametrize("slug", [g.slug for g in engines.all()])
def test_every_player_returns_a_legal_move_the_same_for_the_same_seed(slug):
    game = engines.get(slug)
    for plies in (0, 7, 30):
        state = midgame(game, game.min_players, 3, plies)
        if game.result(state) is not None:
            continue
        seat = game.to_act(state)[0]
        legal = game.legal_moves(state, seat)
        for who in (RandomPlayer(), GreedyPlayer(), TINY):
            move = who.choose(game, state, seat, 42)
            assert move in legal
            assert who.choose(game, state, seat, 42) == move


def test_the_search_reports_its_iterations_and_stops_at_the_wall_clock_cap():
    game = engines.get("witch-stones")
    state = midgame(game, 2, 5, 6)
    seat = game.to_act(state)[0]
    decision = MctsPlayer.with_budget(3, seconds=60).decide(game, state, seat, 1)
    assert decision.iterations == 3
    capped = MctsPlayer.with_budget(10**6, seconds=0.0).decide(game, state, seat, 1)
    assert capped.iterations == 1 and capped.move in game.legal_moves(state, seat)


def test_mcts_takes_the_line_that_wins_at_once():
    # Suns need 5 more points: the lone crown on e5 (a line of one between empty
    # squares) wins; any earthstone scores only 1.
    game = engines.get("witch-stones")
    board = {"e5": CROWN, "b2": EARTH, "h8": EARTH, "b8": EARTH, "g3": EARTH}
    state = WitchStonesState(seed=1, board=board, sides=("suns", "moons"), scores=(45, 48),
                             turn=0, moves_played=20)
    assert "line e5-e5" in game.legal_moves(state, 0)
    for seed in range(3):
        assert TINY.choose(game, state, 0, seed) == "line e5-e5"


def play_out(game, players: list[Player], seed: int) -> list[list[int]]:
    state = game.setup(len(players), seed, {})
    ply = 0
    while game.result(state) is None:
        seat = game.to_act(state)[0]
        state = game.play(state, seat, players[seat].choose(game, state, seat, seed * 997 + ply))
        ply += 1
    return game.result(state).ranking


def test_mcts_beats_a_random_player_at_witch_stones():
    game = engines.get("witch-stones")
    search = MctsPlayer.with_budget(3, seconds=60)
    wins = 0
    for n in range(4):
        seats: list[Player] = [search, RandomPlayer()] if n % 2 == 0 else [RandomPlayer(),
                                                                            search]
        if play_out(game, seats, 300 + n)[0] == [n % 2]:
            wins += 1
    assert wins >= 3


def test_levels_by_name():
    assert isinstance(player(), MctsPlayer)
    assert isinstance(player("mcts"), MctsPlayer)  # the old name of normal
    assert isinstance(player("greedy"), GreedyPlayer)
    assert isinstance(player("easy"), GreedyPlayer) and player("easy").noise > 0
    terra = engines.get("terra")
    assert player("hard").budget(terra).iterations >= player("normal").budget(terra).iterations
    with pytest.raises(ValueError, match="levels"):
        player("grandmaster")


# --- through the service -------------------------------------------------------------------
async def test_two_mcts_seats_play_a_match_to_the_end_through_the_service(store):
    service = Service(store, seed_source=lambda: 21, shuffle=lambda seats: None, player=TINY)
    match = await service.create(ANA, "witch-stones", seat_host=False)
    await service.add_ai(match.id, ANA)
    await service.add_ai(match.id, ANA)
    update = await service.start(match.id, ANA)
    assert update.match.status == FINISHED
    history = await service.history(match.id)
    assert len(history) > 10 and all("Computer" in line for line in history[:3])


async def test_a_human_and_two_mcts_seats_finish_a_three_player_match(store):
    service = Service(store, seed_source=lambda: 5, shuffle=lambda seats: None, player=TINY)
    match = await service.create(ANA, "when-gods-collide")
    await service.add_ai(match.id, ANA)
    await service.add_ai(match.id, ANA)
    update = await service.start(match.id, ANA)
    match = update.match
    for _ in range(500):
        if match.status != RUNNING:
            break
        moves = await service.legal_moves(match.id, ANA)
        match = (await service.submit(match.id, ANA, moves[0])).match
    assert match.status == FINISHED
    assert sorted(s.display_name for s in match.seats) == ["Ana", "Computer 1", "Computer 2"]


class Waiting(Player):
    """Plays the first legal move, but only once the event loop has run something else."""

    def __init__(self) -> None:
        self.ticked = threading.Event()
        self.order: list[str] = []

    def decide(self, game, state, seat, seed, history=()):
        from engines.ai import Decision
        self.order.append("thinking")
        if not self.ticked.wait(timeout=10):  # on the event loop, this would never be set
            self.order.append("blocked")
        self.order.append("chose")
        return Decision(game.legal_moves(state, seat)[0])


async def test_the_event_loop_keeps_running_while_the_computer_thinks(store):
    waiting = Waiting()
    service = Service(store, seed_source=lambda: 3, shuffle=lambda seats: None, player=waiting)
    match = await service.create(ANA, "witch-stones")
    await service.add_ai(match.id, ANA)

    async def other_work() -> None:
        while "thinking" not in waiting.order:
            await asyncio.sleep(0)
        waiting.order.append("other coroutine ran")
        waiting.ticked.set()

    other = asyncio.create_task(other_work())
    for _ in range(4):  # the AI seat may not move first: play until it has chosen once
        if "chose" in waiting.order:
            break
        match = await service.match(match.id)
        if match.status != RUNNING:
            await service.start(match.id, ANA)
            continue
        moves = await service.legal_moves(match.id, ANA)
        await service.submit(match.id, ANA, moves[0])
    await other
    assert waiting.order[:3] == ["thinking", "other coroutine ran", "chose"]


async def test_start_with_bots_seats_computer_players(store):
    world = World(Service(store, seed_source=lambda: 1, shuffle=lambda s: None,
                          player=RandomPlayer()))
    lobby = Lobby(world.bot)
    ana = world.user(1, "Ana")
    fake = world.interaction(ana)
    await lobby.start.callback(lobby, fake.interaction, "storm-of-the-gods", None, bots=2)
    [match] = await world.service.store.find_matches(guild_id=GUILD, user_id=1, limit=1)
    assert [s.display_name for s in match.seats] == ["Ana", "Computer 1", "Computer 2"]
    assert "Computer 2" in world.posts_in(match.thread_id)[0].text
    fake = world.interaction(ana)
    await lobby.start.callback(lobby, fake.interaction, "witch-stones", None, bots=2)
    assert fake.last.ephemeral and "at most 2 players" in fake.last.text
    assert len(await world.service.store.find_matches(guild_id=GUILD)) == 1


async def test_console_plays_two_mcts_seats_to_the_end(tmp_path):
    out: list[str] = []
    code = await console.run(["witch-stones", "--ai", "2", "--seed", "4", "--ai-level", "mcts",
                              "--ai-iterations", "2"], str(tmp_path / "c.db"),
                             str(tmp_path / "boards"), read=lambda prompt: "quit",
                             out=out.append)
    assert code == 0
    assert any("Game over" in line for line in out), out[-3:]


def test_console_computer_levels():
    assert console.computer("random", None) is None
    assert console.computer("hard", None) is None
    searcher = console.computer("mcts", 5)
    assert isinstance(searcher, MctsPlayer)
    assert searcher.budget(engines.get("terra")).iterations == 5
    assert console.offload("random") == "thread" and console.offload("hard") == "process"


