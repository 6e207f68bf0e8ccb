"""How wide a Discord client shows a board picture: desktop and phone widths measured.

    python -m bench.phone_width [--shots DIR] [--moves N] [slug:seats ...]

Plays a short seeded match of each game under simcord (the real bot, an in-process
Discord), opens the match's thread in simcord's browser preview (its imitation of
Discord's client, Components V2 containers included) in a headless Chromium at each
viewport, and prints, for each board post's picture, the width it is drawn at on
screen: from the DOM (the ``img`` element's bounding box) and from the screenshot
(the columns that differ from the container's background on the picture's middle row).
The phone widths are what ``rendering.typeface.PHONE`` must be sized for (issue 37).

Needs ``simcord[preview,screenshot]`` (Playwright) and a Chromium: Playwright's own, or
the system's (``apt-get install chromium``; found on PATH or named by ``$CHROMIUM``).
Without them it says so and exits 0: nothing in CI depends on a browser.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import os
import random
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

VIEWPORTS = (("desktop", 1280, 800, 1), ("phone-390", 390, 844, 3), ("phone-360", 360, 780, 3))
"""A laptop's window; an iPhone 12-15's and a common Android's CSS size and pixel ratio."""
USERS = ("ana", "bo", "cy", "di")


def every_game() -> list[str]:
    """Each registered game at the most seats it takes up to four (``slug:seats``)."""
    import engines

    return [f"{g.slug}:{min(g.max_players, len(USERS))}" for g in engines.all()]


def chromium() -> str | None:
    """The system's Chromium, if Playwright's own is not wanted or not installed."""
    named = os.environ.get("CHROMIUM")
    if named:
        return named
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


def missing() -> str | None:
    """Why the measure cannot run here, or None."""
    try:
        import playwright.async_api  # noqa: F401
        import simcord.preview  # noqa: F401
    except ImportError as exc:
        return f"needs simcord[preview,screenshot] ({exc.name} is missing)"
    if chromium() is None and not Path.home().joinpath(".cache/ms-playwright").exists():
        return "needs a Chromium: apt-get install chromium, or playwright install chromium"
    return None


async def play(sim, slug: str, seats: int, moves: int, rng: random.Random):
    """Start ``slug`` with ``seats`` of the sim's members and play up to ``moves``
    random legal moves with ``/move``; returns the thread."""
    players = [sim.users[name] for name in USERS[:seats]]
    match_id, thread = await sim.start(players[0], slug, players[1:])
    for _ in range(moves):
        mover = await sim.to_move(match_id, players)
        if mover is None:
            break
        legal = (await sim.bot.service.waiting(match_id))[mover.id]
        await sim.move(mover, thread, rng.choice(legal))
    return thread


CENTRE = "(i) => i.scrollIntoView({block: 'center', behavior: 'instant'})"


def drawn_width(png: bytes, box: dict) -> int:
    """The picture's width in the screenshot, in CSS pixels: the widest span, on rows a
    quarter, half and three quarters down the part of its box in view, of pixels (within
    a few pixels of the box) unlike the container's background just left of it. (A row
    may pass under the preview's toolbar or composer: the widest is the picture's.)"""
    from PIL import Image

    shot = Image.open(io.BytesIO(png)).convert("RGB")
    scale = shot.width / box["viewport"]
    top, bottom = max(box["y"], 0), min(box["y"] + box["height"], shot.height / scale)
    left = max(0, round((box["x"] - 4) * scale))
    right = min(shot.width, round((box["x"] + box["width"] + 4) * scale))
    widest = 0
    for part in (0.25, 0.5, 0.75):
        y = round((top + (bottom - top) * part) * scale)
        if not 0 <= y < shot.height:
            continue
        background = shot.getpixel((left, y))
        differs = [x for x in range(left, right)
                   if sum(abs(a - b) for a, b in zip(shot.getpixel((x, y)), background,
                                                      strict=True)) > 24]
        if differs:
            widest = max(widest, round((differs[-1] - differs[0] + 1) / scale))
    return widest


async def measure(thread, sim, browser, shots: Path | None, label: str) -> list[tuple]:
    from playwright.async_api import TimeoutError as PlaywrightTimeout

    rows = []
    for name, width, height, ratio in VIEWPORTS:
        async with sim.env.preview(thread, viewers=[sim.users["ana"]], layout="channel",
                                   width=width, height=height) as preview:
            page = await browser.new_page(viewport={"width": width, "height": height},
                                          device_scale_factor=ratio)
            await page.goto(preview.url)
            await page.wait_for_function(
                "() => [...document.images].some((i) => i.complete && i.naturalWidth >= 400"
                " && i.getBoundingClientRect().right <= window.innerWidth)",
                timeout=60_000)
            try:  # the preview fills in each picture as its media worker gets to it
                await page.wait_for_function(
                    "() => [...document.images].every((i) => i.complete && i.naturalWidth)",
                    timeout=60_000)
            except PlaywrightTimeout:
                print(f"{label} {name}: some pictures never loaded", file=sys.stderr)
            await page.wait_for_timeout(300)
            pictures = [i for i in await page.query_selector_all("img")
                        if await i.evaluate("(i) => i.naturalWidth") >= 400]
            if not pictures:
                rows.append((label, name, width, 0, 0, 0))
                await page.close()
                continue
            if shots:  # every board post, as a player scrolling the thread sees it
                for k, picture in enumerate(pictures):
                    await picture.evaluate(CENTRE)
                    await picture.evaluate("(i) => i.decode().catch(() => null)")
                    await page.wait_for_timeout(200)
                    (shots / f"{label}-{name}-{k:02}.png").write_bytes(await page.screenshot())
            for _ in range(10):  # the latest board post, once the thread stops scrolling
                await pictures[-1].evaluate(CENTRE)
                await page.wait_for_timeout(300)
                last = dict(await pictures[-1].bounding_box() or {})
                if 0 <= last["y"] + last["height"] / 2 <= height:
                    break
            last["natural"] = await pictures[-1].evaluate("(i) => i.naturalWidth")
            png = await page.screenshot()
            last["viewport"] = width
            rows.append((label, name, width, round(last["width"], 1), drawn_width(png, last),
                         last["natural"]))
            await page.close()
    return rows


async def main(games: list[str], moves: int, shots: Path | None) -> None:
    import pytest
    import simcord
    from playwright.async_api import async_playwright

    from tests.sim.harness import Sim, close_dms, make_bot

    rng = random.Random(37)
    print(f"{'game':24} {'viewport':10} {'css px':>6} {'img box':>8} {'on screen':>9} "
          f"{'natural':>7}")
    async with async_playwright() as driver:
        browser = await driver.chromium.launch(executable_path=chromium())
        for game in games:
            slug, _, seats = game.partition(":")
            with tempfile.TemporaryDirectory() as folder, pytest.MonkeyPatch.context() as patch:
                bot = await make_bot(Path(folder), patch)
                try:
                    async with simcord.run(bot, settle_timeout=120) as env:
                        guild = env.create_guild("Pantheon")
                        channel = guild.create_text_channel("games")
                        users = {name: guild.add_member(env.create_user(name)) for name in USERS}
                        close_dms(env, users["di"].user)
                        sim = Sim(env, bot, guild, channel, users)
                        thread = await play(sim, slug, int(seats or 2), moves, rng)
                        for row in await measure(thread, sim, browser, shots,
                                                 f"{slug}-{seats}p"):
                            print(f"{row[0]:24} {row[1]:10} {row[2]:6} {row[3]:8} {row[4]:9} "
                                  f"{row[5]:7}", flush=True)
                finally:
                    await bot.close()
        await browser.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="*", default=None, help="slug:seats")
    parser.add_argument("--moves", type=int, default=6)
    parser.add_argument("--shots", type=Path, help="write each screenshot here")
    args = parser.parse_args()
    why = missing()
    if why:
        print(f"skipped: {why}")
        sys.exit(0)
    if args.shots:
        args.shots.mkdir(parents=True, exist_ok=True)
    asyncio.run(main(args.games or every_game(), args.moves, args.shots))
