"""A mistyped move gets the nearest legal moves, from the service (so /move in Discord
and a line in the console say the same), and only from the mover's own legal moves."""

from __future__ import annotations

import pytest

from service import Actor, ServiceError
from service.match.suggest import did_you_mean, nearest

ANA = Actor(1, "Ana", guild_id=50)
BO = Actor(2, "Bo", guild_id=50)
TILES = ["tile g7", "tile i7", "tile g9", "tile i9"]


@pytest.mark.parametrize(("typed", "meant"), [
    ("tiel g7", ["tile g7"]),          # a typo: the closest only
    ("tile g", ["tile g7", "tile g9"]),  # the legal moves it begins, when few do
    ("TILE  I9", []),                  # itself legal (case and spaces aside): nothing to add
    ("zzz", []),                       # nothing close
    ("", []),
])
def test_nearest_legal_moves(typed, meant):
    assert nearest(typed, TILES) == meant


def test_did_you_mean_is_one_clause_or_nothing():
    assert did_you_mean("tile g", TILES) == ' Did you mean "tile g7" or "tile g9"?'
    assert did_you_mean("zzz", TILES) == ""
    assert did_you_mean("movs", TILES, others=["moves", "board"]) == ' Did you mean "moves"?'


async def started(service, game):
    match = await service.create(ANA, game, channel_id=10)
    await service.join(match.id, BO)
    return (await service.start(match.id, ANA)).match


async def test_a_refused_typo_names_the_rule_then_the_nearest_legal_moves(service):
    match = await started(service, "witch-stones")  # Bo (seat 2) chooses a side first
    with pytest.raises(ServiceError) as refused:
        await service.submit(match.id, BO, "sns")
    said = str(refused.value)
    assert said.startswith("Illegal move: first choose your side")
    assert said.endswith('. Did you mean "suns"?')
    with pytest.raises(ServiceError) as refused:
        await service.submit(match.id, BO, "xyzzy")
    assert "Did you mean" not in str(refused.value)  # nothing close: the rule alone
    assert (await service.match(match.id)).version == match.version  # nothing written


async def test_suggestions_come_from_the_movers_own_legal_moves_only(service):
    match = await started(service, "when-gods-collide")
    mover, other = (ANA, BO) if await service.legal_moves(match.id, ANA) else (BO, ANA)
    legal = await service.legal_moves(match.id, mover)
    with pytest.raises(ServiceError) as refused:
        await service.submit(match.id, mover, "tiel " + legal[0].split()[1])
    assert str(refused.value).endswith(f'Did you mean "{legal[0]}"?')
    with pytest.raises(ServiceError) as refused:
        await service.submit(match.id, other, legal[0])
    assert "not your turn" in str(refused.value) and "Did you mean" not in str(refused.value)
