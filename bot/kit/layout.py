"""A post with a picture as one Components V2 message: a container tinted in the colour
of the seat to act (a finished match's winner's; none for a draw), the post's text, the
picture in a media gallery with its alt text, the score table as text, then the buttons
in rows. V2 messages carry no ``content`` and no embeds, so all of it is in the layout.

Discord's limits, kept by a stated rule: at most 40 components in all; at most 4,000
characters of text displays together (the score table gets at most :data:`TABLE_LIMIT`,
the post's text the rest, clipped with an ellipsis); at most 5 buttons to a row (a row
that would pass 40 components is left out, and logged: boards carry at most 5 buttons).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar

import discord

from bot.kit.interact import clip
from service import Post, points_text

log = logging.getLogger(__name__)

COMPONENTS = 40  # in one message, nested ones included
TEXT_LIMIT = 4000  # every text display of a message together
TABLE_LIMIT = 1500  # the score table's share of it
ROW = 5  # buttons to an action row
ALT_LIMIT = 1024  # a media gallery item's (and an attachment's) description


def score_lines(table: list[tuple[str, list[tuple[str, float]]]]) -> str:
    """The itemised score table as text: a line per player, items then the total."""
    lines = []
    for name, rows in table:
        total = sum(points for _, points in rows)
        items = ", ".join(f"{label} {points_text(points)}" for label, points in rows)
        lines.append(f"**{name or '?'}**: " + (f"{items}; " if items else "")
                     + f"**total {points_text(total)}**")
    return "\n".join(lines)


def board_layout(post: Post, items: Sequence[discord.ui.Item] = (), tail: str = ""
                 ) -> discord.ui.LayoutView:
    """The layout of a post with a picture (``post.png``, sent as ``post.filename``):
    ``items`` (buttons) go in rows under it, ``tail`` (the mentions) ends the text."""
    table = clip(score_lines(post.table), TABLE_LIMIT) if post.table else ""
    text = clip(post.text or "\u200b", TEXT_LIMIT - len(table) - len(tail)) + tail
    gallery: discord.ui.MediaGallery = discord.ui.MediaGallery(discord.MediaGalleryItem(
        f"attachment://{post.filename}",
        description=clip(post.alt, ALT_LIMIT) if post.alt else None))
    parts: list[discord.ui.Item] = [discord.ui.TextDisplay(text), gallery]
    if table:
        parts.append(discord.ui.TextDisplay(table))
    used = 1 + len(parts)  # the container, then its parts
    for start in range(0, len(items), ROW):
        row = list(items[start:start + ROW])
        if used + 1 + len(row) > COMPONENTS:
            log.warning("a board's buttons from %d on left out (40 components)", start)
            break
        parts.append(discord.ui.ActionRow(*row))
        used += 1 + len(row)
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(discord.ui.Container(*parts, accent_colour=post.accent))
    return view


_RESENT: ContextVar[Callable[[str], str] | None] = ContextVar("pantheon_resent",
                                                               default=None)


@contextmanager
def resending_through(scrub: Callable[[str], str]) -> Iterator[None]:
    """While the block runs, the words :func:`spent` sends again from an earlier message
    (its text, its picture's alt text) go through ``scrub`` first: a deletion's posts take
    the person out of the boards whose buttons they edit off."""
    token = _RESENT.set(scrub)
    try:
        yield
    finally:
        _RESENT.reset(token)


def spent(message: discord.Message | None) -> discord.ui.LayoutView | None:
    """A Components V2 board ``message`` without its buttons (they are spent: a move was
    played, a rematch asked), its picture kept; None for a message of the old kind,
    whose buttons go with ``view=None``. An edit must keep the V2 flag, so a V2 message is
    edited with its own layout, never with ``view=None`` (its words sent again through
    :func:`resending_through`'s scrub, if any)."""
    if message is None or not message.flags.components_v2:
        return None
    view = discord.ui.LayoutView.from_message(message, timeout=None)
    names = {a.url: a.filename for a in message.attachments}
    scrub = _RESENT.get()
    for item in list(view.walk_children()):
        if isinstance(item, discord.ui.ActionRow):
            parent = item.parent
            (parent or view).remove_item(item)  # type: ignore[union-attr]  # a container or the view
        elif isinstance(item, discord.ui.TextDisplay) and scrub is not None:
            item.content = scrub(item.content)
        elif isinstance(item, discord.ui.MediaGallery):
            for entry in item.items:
                if entry.media.url in names:  # the upload, by its name again
                    entry.media = f"attachment://{names[entry.media.url]}"
                if scrub is not None and entry.description:
                    entry.description = scrub(entry.description)
    return view
