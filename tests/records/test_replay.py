"""Replays: a valid animated GIF, one frame per position (sampled when long, first and
last kept), under the attachment limit, drawn from public views only."""

from __future__ import annotations

import io
import itertools
import random

import pytest
from PIL import Image, ImageChops, ImageStat

import engines
import rendering
from bot.match.social import Social
from db import FINISHED, RUNNING
from rendering import replay as replay_gif
from service import Actor, Service, ServiceError
from service.records.replay import public_views
from tests.discord_fakes import GUILD, World

ANA = Actor(1, "Ana", guild_id=GUILD)
BO = Actor(2, "Bo", guild_id=GUILD)


def random_views(slug: str, players: int, moves: int, seed: int = 1) -> list[dict]:
    game = engines.get(slug)
    rng = random.Random(seed)
    state = game.setup(players, seed, {})
    views = [game.view(state, None)]
    for _ in range(moves):
        acting = game.to_act(state)
        if not acting:
            break
        state = game.play(state, acting[0], rng.choice(game.legal_moves(state, acting[0])))
        views.append(game.view(state, None))
    return views


def frames(data: bytes) -> tuple[Image.Image, list[int]]:
    image = Image.open(io.BytesIO(data))
    durations = []
    for index in range(image.n_frames):
        image.seek(index)
        durations.append(image.info["duration"])
    return image, durations


def test_sample_keeps_first_and_last_evenly():
    assert replay_gif.sample(5, 10) == [0, 1, 2, 3, 4]
    picked = replay_gif.sample(401, 90)
    assert len(picked) == 90 and picked[0] == 0 and picked[-1] == 400
    gaps = {b - a for a, b in itertools.pairwise(picked)}
    assert gaps <= {4, 5}


def test_gif_has_a_frame_per_position_and_a_long_last_pause():
    views = random_views("witch-stones", 2, 8)
    data = replay_gif.gif("witch-stones", views, ["Ana", "Bo"])
    assert data[:6] == b"GIF89a"
    image, durations = frames(data)
    assert image.is_animated and image.n_frames == len(views) == 9
    assert durations[:-1] == [replay_gif.MOVE_MS] * 8 and durations[-1] == replay_gif.LAST_MS
    assert image.size[0] == replay_gif.WIDTH


def test_decoded_frames_are_the_positions():
    """Unchanged pixels are transparent in the file: decoding must still give each
    position whole (the last frame equals the final board drawn on its own)."""
    views = random_views("angry-gods", 2, 6)
    data = replay_gif.gif("angry-gods", views, ["Ana", "Bo"])
    image = Image.open(io.BytesIO(data))
    image.seek(image.n_frames - 1)
    decoded = image.convert("RGB")
    alone = replay_gif.gif("angry-gods", views[-1:], ["Ana", "Bo"])
    expected = Image.open(io.BytesIO(alone)).convert("RGB")
    # One palette for all frames versus one for the last alone: colours may shift a
    # little, the picture may not.
    mean = ImageStat.Stat(ImageChops.difference(decoded, expected)).mean
    assert max(mean) < 3


def test_long_match_is_sampled_and_stays_under_the_limit():
    views = random_views("when-gods-collide", 4, 2000, seed=2)
    assert len(views) > replay_gif.MAX_FRAMES
    data = replay_gif.gif("when-gods-collide", views, ["Ana", "Bo", "Cy", "Di"])
    image, _durations = frames(data)
    assert image.n_frames == replay_gif.MAX_FRAMES
    assert len(data) < replay_gif.MAX_BYTES


def test_a_gif_too_big_is_redone_smaller():
    views = random_views("witch-stones", 2, 12)
    full = replay_gif.gif("witch-stones", views, ["Ana", "Bo"])
    limit = len(full) * 3 // 4
    data = replay_gif.gif("witch-stones", views, ["Ana", "Bo"], limit=limit)
    image, _ = frames(data)
    assert len(data) <= limit
    assert image.size[0] < replay_gif.WIDTH and image.n_frames <= len(views)


def tiny_png(slug, view, highlight=None, names=None, **_) -> bytes:
    """A quick stand-in board: service tests here are about the log, not the drawing."""
    out = io.BytesIO()
    shade = len(view.get("board", {})) * 7 % 256
    Image.new("RGB", (90, 80), (shade, 120, 200)).save(out, "PNG")
    return out.getvalue()


@pytest.fixture
def quick(store):
    return Service(store, render=tiny_png, seed_source=lambda: 12345, shuffle=lambda s: None)


async def finished_match(service):
    match = await service.create(ANA, "witch-stones", channel_id=10)
    await service.join(match.id, BO)
    match = (await service.start(match.id, ANA)).match
    game = engines.get("witch-stones")
    rng = random.Random(4)
    while match.status == RUNNING:
        seat = game.to_act(game.load(match.snapshot))[0]
        actor = ANA if match.by_seat()[seat].user_id == 1 else BO
        move = rng.choice(await service.legal_moves(match.id, actor))
        match = (await service.submit(match.id, actor, move)).match
    return match


async def test_replay_only_of_a_match_that_is_over(service):
    match = await service.create(ANA, "witch-stones", channel_id=10)
    with pytest.raises(ServiceError, match="never started"):
        await service.replay_gif(match.id, ANA)
    await service.join(match.id, BO)
    await service.start(match.id, ANA)
    with pytest.raises(ServiceError, match="once the match is over"):
        await service.replay_gif(match.id, ANA)
    with pytest.raises(ServiceError, match="no match"):
        await service.replay_gif(match.id, Actor(1, "Ana", guild_id=GUILD + 1))
    await service.abort(match.id, ANA)
    post = await service.replay_gif(match.id, ANA)  # aborted after its start: one frame
    assert post.png[:6] == b"GIF89a" and "0 moves" in post.text


async def test_replay_of_a_finished_match(quick):
    service = quick
    match = await finished_match(service)
    assert match.status == FINISHED
    moves = await service.store.moves(match.id)
    post = await service.replay_gif(match.id, ANA)
    image, _ = frames(post.png)
    assert image.n_frames == min(len(moves) + 1, replay_gif.MAX_FRAMES)
    assert post.filename == f"match-{match.id}-replay.gif"


async def test_replay_draws_public_views_only(store):
    """When Gods Collide hides each god checker: every view drawn is the public one."""
    drawn: list[dict] = []

    def spy(slug, view, highlight=None, names=None, **_):
        drawn.append(view)
        return rendering.render(slug, view, highlight, names)

    service = Service(store, render=spy, seed_source=lambda: 7, shuffle=lambda s: None)
    match = await service.create(ANA, "when-gods-collide", channel_id=10)
    await service.join(match.id, BO)
    match = (await service.start(match.id, ANA)).match
    game = engines.get("when-gods-collide")
    rng = random.Random(1)
    for _ in range(40):  # through the private god choices into the battle
        if match.status != RUNNING:
            break
        seat = game.to_act(game.load(match.snapshot))[0]
        actor = ANA if match.by_seat()[seat].user_id == 1 else BO
        match = (await service.submit(match.id, actor, rng.choice(
            await service.legal_moves(match.id, actor)))).match
    await service.abort(match.id, ANA)
    moves = await store.moves(match.id)
    public = public_views(await service.match(match.id), game, moves)
    drawn.clear()
    await service.replay_gif(match.id, ANA)
    assert drawn and all(view in public for view in drawn)
    assert all("seat" not in view for view in drawn)


async def test_replay_command_sends_the_gif_ephemerally(quick):
    service = quick
    world = World(service)
    ana = world.user(1, "Ana")
    match = await finished_match(service)
    cog = Social(world.bot)
    fake = world.interaction(ana)
    await cog.replay.callback(cog, fake.interaction, match.id)
    assert fake.last.ephemeral and fake.last.file.filename.endswith(".gif")
    fake = world.interaction(ana)
    await cog.replay.callback(cog, fake.interaction, None)
    assert "match` option" in fake.last.text


@pytest.mark.parametrize("width", [replay_gif.WIDTH, 300])
def test_a_frames_caption_reads_on_a_phone(width):
    """The caption's capitals and digits are at least ``kit.PHONE_MIN`` px tall when the
    frame is shown as wide as a phone shows a picture, as the board's own texts are."""
    from rendering import kit

    board = Image.new("RGB", (800, 600), kit.BACKGROUND)
    frame = replay_gif._frame(board, width, "After move 18 of 40")
    band = frame.crop((0, round(600 * width / 800), width, frame.height))
    ink = ImageChops.difference(band, Image.new("RGB", band.size, kit.BACKGROUND)).getbbox()
    assert ink is not None
    assert (ink[3] - ink[1]) * kit.PHONE / width >= kit.PHONE_MIN


def test_a_sampled_frame_outlines_every_move_since_the_frame_before():
    """A long match shows every few positions: a frame outlines all the moves it stands
    for, and its caption says which ("After moves 5-7 of 40")."""
    views = random_views("witch-stones", 2, 40, seed=3)
    seen: list[tuple[int, list[str]]] = []

    def spy(slug, view, highlight=None, names=None, **kwargs):
        seen.append((len(seen), list(highlight)))
        return rendering.render(slug, view, highlight, names, **kwargs)

    replay_gif.gif("witch-stones", views, ["Ana", "Bo"], render=spy, max_frames=5)
    indices = replay_gif.sample(len(views), 5)
    assert len(seen) == len(indices) == 5
    for (frame, highlight), before, index in zip(seen, [0, *indices], indices, strict=False):
        moved = {p for view in views[before + 1:index + 1] for p in view.get("last", [])}
        assert set(highlight) == moved, frame
    assert len(seen[2][1]) > len(views[indices[2]].get("last", []))  # more than the last
    assert replay_gif._caption(indices[2], 40, indices[1]) == (
        f"After moves {indices[1] + 1}-{indices[2]} of 40")
    assert replay_gif._caption(3, 40, 2) == "After move 3 of 40"
