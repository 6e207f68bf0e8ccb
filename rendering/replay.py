"""An animated GIF replay of a match from its public views, one frame per position.

Frames are the ordinary board pictures (:func:`rendering.render`, taken before they are
encoded, so built from the same kept layers), downscaled, with a caption strip ("After
move 12 of 340"), all on one shared palette so the GIF needs a single colour table and
Pillow can store each frame as the small rectangle that changed. Long matches are sampled
evenly (the start and the final position always kept; a frame then outlines every move
since the one before) so the file stays well under Discord's attachment limit; a file
still too big is redone smaller.

Only public views ever come here (the caller builds them with ``view(state, None)``).
"""

from __future__ import annotations

import functools
import io
from collections.abc import Callable, Sequence
from itertools import pairwise

from PIL import Image, ImageChops

import rendering
from engines.view import Common
from rendering import kit, words

MAX_BYTES = 8 * 1024 * 1024  # Discord's default attachment limit is 10 MB
MAX_FRAMES = 90
WIDTH = 600
MOVE_MS = 700  # the pause on each position
LAST_MS = 5000  # the final position stays longer
COLOURS = 255  # the 256th palette entry is the transparent one
TRANSPARENT = 255

Render = Callable[..., bytes]


def sample(count: int, limit: int) -> list[int]:
    """``limit`` indices spread evenly over ``range(count)``, first and last included."""
    if count <= limit:
        return list(range(count))
    if limit < 2:
        return [count - 1]
    return sorted({round(i * (count - 1) / (limit - 1)) for i in range(limit)})


def gif(slug: str, views: Sequence[dict], names: Sequence[str] = (), *,
        render: Render = rendering.render, max_frames: int = MAX_FRAMES, width: int = WIDTH,
        limit: int = MAX_BYTES, language: object = None) -> bytes:
    """The replay of ``views`` (the position at the start, then after each move), its
    pictures and captions in ``language`` (None: English)."""
    if not views:
        raise ValueError("a replay needs at least one position")
    with words.speaking(language) as spoken:
        return _gif(slug, views, names, render, max_frames, width, limit, spoken)


def _gif(slug: str, views: Sequence[dict], names: Sequence[str], render: Render,
         max_frames: int, width: int, limit: int, language: str) -> bytes:
    if render is rendering.render:  # (a test's renderer takes no language)
        render = functools.partial(rendering.render, language=language)
    while True:
        indices = sample(len(views), max_frames)
        frames = [_frame(_board(slug, views[i], names, render, _since(views, before, i)),
                         width, _caption(i, len(views) - 1, before))
                  for before, i in zip([0, *indices], indices, strict=False)]
        data = _encode(_same_size(frames))
        if len(data) <= limit or (max_frames <= 2 and width <= 200):
            return data
        max_frames = max(2, max_frames * 2 // 3)
        width = max(200, width * 5 // 6)


def _caption(index: int, moves: int, before: int) -> str:
    """``After move 7 of 40``, or for a frame that stands for several moves (a long
    match sampled) ``After moves 5-7 of 40``."""
    final = "yes" if index == moves else "no"
    if index == 0:
        return words.say("picture-replay-start", moves=moves)
    if index - before <= 1:
        return words.say("picture-replay-after", index=index, moves=moves, final=final)
    return words.say("picture-replay-after-several", first=before + 1, last=index,
                     moves=moves, final=final)


def _since(views: Sequence[dict], before: int, index: int) -> list[str]:
    """The places every move after frame ``before`` up to frame ``index`` touched: a
    sampled frame outlines them all, not only the last move's."""
    return list(dict.fromkeys(p for view in views[before + 1:index + 1]
                              for p in Common.of(view).last))


def _board(slug: str, view: dict, names: Sequence[str], render: Render,
           highlight: list[str]) -> Image.Image:
    """The board picture of ``view`` with ``highlight`` outlined: straight from the
    drawing (its kept layers included, no PNG encoded and decoded) with the real
    renderer, else from the PNG ``render`` makes."""
    if render is rendering.render or getattr(render, "func", None) is rendering.render:
        with kit.unencoded() as kept:
            render(slug, view, highlight=highlight, names=list(names))
        if kept:
            return kept[-1]
    return Image.open(io.BytesIO(render(slug, view, highlight=highlight, names=list(names)))
                      ).convert("RGB")


def _frame(board: Image.Image, width: int, caption: str) -> Image.Image:
    """The board shrunk to ``width``, over a caption as readable on a phone as the
    board's own texts (:func:`kit.min_size`)."""
    height = round(board.height * width / board.width)
    board = board.resize((width, height), Image.Resampling.LANCZOS)
    size = kit.min_size(width)
    band = size + 12
    frame = Image.new("RGB", (width, height + band), kit.BACKGROUND)
    frame.paste(board, (0, 0))
    draw = kit.Draw(frame)
    draw.text((10, height + band // 2), kit.fit(caption, width - 20, size), font=kit.font(size),
              fill=kit.INK, anchor="lm")
    return frame


def _same_size(frames: list[Image.Image]) -> list[Image.Image]:
    """Pad frames to the tallest (a board may grow, e.g. while tiles are laid)."""
    height = max(f.height for f in frames)
    out = []
    for frame in frames:
        if frame.height != height:
            padded = Image.new("RGB", (frame.width, height), kit.BACKGROUND)
            padded.paste(frame, (0, 0))
            frame = padded
        out.append(frame)
    return out


def _encode(frames: list[Image.Image]) -> bytes:
    """One GIF on one palette made from the first, middle and last frames; in each frame
    after the first, the pixels that did not change are transparent (the previous frame
    shows through), which compresses to almost nothing."""
    picks = [frames[0], frames[len(frames) // 2], frames[-1]]
    sheet = Image.new("RGB", (picks[0].width, sum(p.height for p in picks)))
    top = 0
    for pick in picks:
        sheet.paste(pick, (0, top))
        top += pick.height
    palette = sheet.quantize(colors=COLOURS, method=Image.Quantize.MEDIANCUT)
    colours = palette.getpalette() or []
    colours = (colours + [0] * 768)[:768]
    indexed = [f.quantize(palette=palette, dither=Image.Dither.NONE) for f in frames]
    shared = [indexed[0]]
    clear = Image.new("L", indexed[0].size, TRANSPARENT)
    for before, after in pairwise(indexed):
        changed = ImageChops.difference(_plane(before), _plane(after)).point(
            lambda v: 255 if v else 0)
        delta = Image.composite(_plane(after), clear, changed)
        frame = Image.frombytes("P", delta.size, delta.tobytes())
        frame.putpalette(colours)
        frame.info["transparency"] = TRANSPARENT
        shared.append(frame)
    durations = [MOVE_MS] * (len(shared) - 1) + [LAST_MS]
    out = io.BytesIO()
    shared[0].save(out, format="GIF", save_all=True, append_images=shared[1:],
                   duration=durations if len(shared) > 1 else LAST_MS, loop=0,
                   optimize=False, disposal=1, transparency=TRANSPARENT)
    return out.getvalue()


def _plane(image: Image.Image) -> Image.Image:
    """A palette image's indices as a greyscale image (to compare and mask them)."""
    return Image.frombytes("L", image.size, image.tobytes())
