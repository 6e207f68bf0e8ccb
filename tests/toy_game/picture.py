"""Kayles drawn with Pillow: the row of pins, those knocked down last outlined in red,
and who is to act (or the outcome) underneath; and as text, for terminals."""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence

from PIL import Image, ImageDraw, ImageFont

STEP, TOP = 40, 20


def render(view: dict, names: Sequence[str], highlight: Sequence[str], *,
           outcome: str | None = None, marks: Mapping[int, Sequence[str]] | None = None
           ) -> bytes:
    pins: str = view["pins"]
    image = Image.new("RGB", (STEP * len(pins) + STEP, 130), "white")
    draw = ImageDraw.Draw(image)
    font = ImageFont.load_default()
    outlined = {p: "red" for p in highlight} if not marks else {
        p: ("blue", "green")[seat % 2] for seat, ps in marks.items() for p in ps}
    for i, pin in enumerate(pins):
        x = STEP // 2 + i * STEP + STEP // 2
        if pin in view["standing"]:
            draw.ellipse((x - 8, TOP, x + 8, TOP + 50), fill="burlywood", outline="black")
        else:
            draw.line((x - 8, TOP + 50, x + 8, TOP + 50), fill="grey", width=3)
        if pin in outlined:
            draw.rectangle((x - 14, TOP - 6, x + 14, TOP + 58), outline=outlined[pin], width=2)
        draw.text((x - 3, TOP + 60), pin, fill="black", font=font)
    if outcome is not None:
        line = outcome
    elif view["to_act"]:
        seat = view["to_act"][0]
        line = f"{names[seat] if seat < len(names) else f'Seat {seat + 1}'} to act"
    else:
        line = "Game over"
    draw.text((STEP // 2, TOP + 85), line, fill="black", font=font)
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def text_board(view: dict, names: Sequence[str]) -> str:
    """``a b c d e f g h i j`` over ``| | · | …``: standing pins and the gaps."""
    pins: str = view["pins"]
    row = " ".join("|" if pin in view["standing"] else "·" for pin in pins)
    scores = " · ".join(f"{name} {score}" for name, score in zip(names, view["scores"],
                                                                 strict=False))
    return "\n".join([f"Kayles · knocked down: {scores}", " ".join(pins), row])


def alt_text(view: dict, names: Sequence[str], *,
             marks: Mapping[int, Sequence[str]] | None = None, outcome: str | None = None,
             limit: int = 1024) -> str:
    """The picture in a sentence or two: who acts (or the outcome), the standing pins."""
    standing = [pin for pin in view["pins"] if pin in view["standing"]]
    if outcome is not None:
        head = f"Kayles. {outcome}."
    elif view["to_act"]:
        seat = view["to_act"][0]
        head = f"Kayles. {names[seat] if seat < len(names) else f'Seat {seat + 1}'} to act."
    else:
        head = "Kayles. Game over."
    return f"{head} Standing pins: {', '.join(standing) or 'none'}."[:limit]
