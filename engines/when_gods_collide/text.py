"""Sentences for ``describe``: each event told as the viewer may know it."""

from __future__ import annotations

from engines.base import seat_name
from engines.when_gods_collide.state import GODS, HERO_NAMES, MAX_TURNS


def _article(face: str) -> str:
    return f"a {face}"


def _dice(chess: str, number: int, hero: str) -> str:
    if hero in ("imp", "double-knight", "winged-sandals", "seth"):
        return HERO_NAMES[hero] if hero != "imp" else f"the Imp and {number}"
    if hero:
        return f"{HERO_NAMES[hero]} ({chess}) and {number}"
    return f"{_article(chess)} and {number}"


def _captures(captured: list[list], viewer: int | None) -> str:
    if not captured:
        return ""
    parts = []
    for square, owner, god in captured:
        if god:
            parts.append(f"{seat_name(owner)}'s god checker {GODS[owner]} on {square}")
        else:
            parts.append(f"{seat_name(owner)}'s checker on {square}")
    if len(parts) > 1:
        return ", capturing " + ", ".join(parts[:-1]) + " and " + parts[-1]
    return ", capturing " + parts[0]


def _event(e: dict, viewer: int | None) -> str:
    kind = e["kind"]
    who = seat_name(e["seat"]) if "seat" in e else ""
    mine = viewer is not None and viewer == e.get("seat")
    if kind == "tile":
        return f"{who} laid a tile at {e['block']}."
    if kind == "arrange":
        how = " at random" if e["auto"] else ""
        return f"{who} arranged their army{how}."
    if kind == "god":
        if mine:
            return (
                f"{who} chose the checker on {e['square']} as their god checker "
                f"({GODS[e['seat']]})."
            )
        return f"{who} chose a god checker."
    if kind == "battle":
        return "Every god is hidden among its army: the battle begins."
    if kind == "roll":
        text = f"{who} rolled {_article(e['chess'])} and {e['number']}"
        if e["number"] == 6:
            return text + " and may roll the hero die (hero or nohero)."
        return text + "."
    if kind == "hero":
        return (
            f"{who} rolled the hero die: {HERO_NAMES[e['hero']]}, "
            f"and rerolled the numbered die: {e['number']}."
        )
    if kind == "nohero":
        return f"{who} kept {_article(e['chess'])} and {e['number']}."
    if kind == "move":
        how = e["how"]
        label = HERO_NAMES[how] if how in HERO_NAMES else _article(how)
        path = "-".join(e["path"])
        return f"{who} moved {path} ({label}){_captures(e['captured'], viewer)}."
    if kind == "fly":
        path = "-".join(e["path"])
        return f"{who} flew {path} with the Winged Sandals{_captures(e['captured'], viewer)}."
    if kind == "push":
        return (
            f"{who}'s God of Wind pushed {seat_name(e['victim'])}'s checker {e['frm']}-{e['to']}."
        )
    if kind == "seth":
        return (
            f"Seth turned {seat_name(e['victim'])}'s checker on {e['square']} into one of {who}'s."
        )
    if kind == "princess":
        path = "-".join(e["path"])
        text = f"{who}'s Princess ({e['piece']}) moved {path}{_captures(e['captured'], viewer)}."
        if e["passed"]:
            seen = " and ".join(f"{sq} is {seat_name(o)}'s god checker" for sq, o in e["passed"])
            text += f" The Princess passed over a god, so everyone now knows that {seen}."
        return text
    if kind == "refused":
        how = e["how"]
        if mine:
            owner = seat_name(e["owner"])
            square = e["square"]
            if how == "seth":
                return (
                    f"Seth revealed {square} as {owner}'s god checker "
                    f"({GODS[e['owner']]}): {who} chooses another checker."
                )
            if how == "princess":
                return (
                    f"The Princess may not stop on a god: {square} is {owner}'s god "
                    f"checker ({GODS[e['owner']]}). {who} chooses another move."
                )
            return (
                f"The Winged Sandals cannot capture a god: {square} is {owner}'s god "
                f"checker ({GODS[e['owner']]}). {who} chooses another move."
            )
        if how == "seth":
            return f"Seth revealed a god checker to {who}, who chooses another checker."
        if how == "princess":
            return (
                f"{who}'s Princess would have stopped on a god checker: {who} chooses another move."
            )
        return (
            f"{who}'s Winged Sandals would have captured a god checker: {who} chooses another move."
        )
    if kind == "eliminated":
        return f"{who} is eliminated: their whole army leaves the battlefield."
    if kind == "pass":
        dice = _dice(e["chess"], e["number"], e["hero"])
        if e["reason"] == "seth":
            return f"Only gods are left for Seth to convert: {who} loses the turn."
        return f"{who} has no legal move with {dice}: the turn passes."
    if kind == "over":
        return f"{seat_name(e['winner'])} is the last god standing and wins!"
    if kind == "stop":
        return (
            f"The battle stops after {MAX_TURNS} turns: the survivors are ranked by checkers left."
        )
    return ""


def narrate(events: list[dict], viewer: int | None) -> str:
    return " ".join(t for t in (_event(e, viewer) for e in events) if t)
