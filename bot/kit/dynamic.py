"""The base of the buttons that survive a restart (``discord.ui.DynamicItem``): each
button's custom id carries all it needs (the match, its version, …), and its subclass's
``template`` reads the fields back, so a press after a restart is rebuilt from the id
alone (:data:`bot.buttons.DYNAMIC_ITEMS` registers them with the client)."""

from __future__ import annotations

import re
from typing import Any, Self

import discord


class IdButton(discord.ui.DynamicItem[discord.ui.Button], template=r"(?!)"):
    """A button whose custom id holds its fields; the base itself matches no id."""

    def __init__(self, custom_id: str, label: str, style: discord.ButtonStyle) -> None:
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=custom_id))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        """The button again, from its id's fields in the order of the template's groups
        (which is that of the subclass's ``__init__``; digits become numbers)."""
        fields: list[Any] = [int(v) if v.isdigit() else v for v in match.groups()]
        return cls(*fields)
