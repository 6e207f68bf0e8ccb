"""The move loop in the server's and the members' languages through simcord (issue 58):
a Witch Stones match from ``/match start`` (the lobby, its buttons, the start) through
moves, a refused move and a resignation to the result, its thread in the server's
language and every ephemeral answer in the mover's; in the pseudo-locale nothing of it
bypasses the catalogues but names, moves and the game's title."""

from __future__ import annotations

import random
import re

import pytest

import speech
from speech import pseudo
from tests.sim.harness import Sim, answer, labels, text_of
from tests.sim.language import server_in

MENTION = re.compile(r"<[@#]!?&?\d+>")
KEPT = {"Witch", "Stones"}
"""Words every language keeps: the game's title, as published."""


def unframed(text: str, allowed: set[str]) -> list[str]:
    """What of ``text`` bypassed the catalogues, names and moves (``allowed``) aside."""
    return [run for run in pseudo.hard_coded(MENTION.sub(" ", text))
            if not set(re.split(r"[ '’-]+", run)) <= allowed | KEPT]


async def whole_match(sim: Sim, speaking, locale: str, moves: int = 6
                      ) -> tuple[list[str], list[str], set[str]]:
    """A Witch Stones match between ana and bo on a server whose language is ``locale``,
    both members' clients in it too: the lobby's Join and Start, ``moves`` random moves
    by ``/move``, a refused move, then the player to act resigns. What the thread showed
    (texts and buttons), what the two were answered, and the names and moves in them."""
    here = server_in(sim, locale)
    ana, bo = here.ana, here.bo
    speaking(ana.id, locale)
    speaking(bo.id, locale)
    started = await here.slash(ana, "match start", game="witch-stones")
    answers = [answer(started)]
    match_id = int(re.search(r"\d+", MENTION.sub(" ", answer(started)))[0])
    thread = here.thread(match_id)
    lobby = here.posts(thread)[0]
    buttons = labels(lobby)
    join, _, start, _ = buttons
    await bo.click(lobby, label=join)
    await ana.click(lobby, label=start)
    rng = random.Random(f"words-{locale}")
    played: set[str] = set()
    for _ in range(moves):
        mover = await here.to_move(match_id, [ana, bo])
        move = rng.choice((await here.bot.service.waiting(match_id))[mover.id])
        result = await here.slash(mover, "move", thread, move=move)
        assert result.ephemeral
        answers.append(answer(result))
        played.update(move.split())
    mover = await here.to_move(match_id, [ana, bo])
    refused = await here.slash(mover, "move", thread, move="take z9")
    answers.append(answer(refused))
    resigned = await here.slash(mover, "resign", thread, confirm=True)
    answers.append(answer(resigned))
    assert (await here.bot.service.match(match_id)).status == "finished"
    shown = [*buttons, *(part for post in here.posts(thread)
                         for part in (text_of(post), *labels(post)))]
    return shown, answers, {"ana", "bo", "take", "line", "suns", "moons", "z9"} | played


async def test_in_the_pseudo_locale_the_move_loop_says_nothing_outside_the_catalogues(
        sim: Sim, speaking):
    shown, answers, allowed = await whole_match(sim, speaking, speech.PSEUDO)
    for text in [*shown, *answers]:
        assert not unframed(text, allowed), text


@pytest.mark.parametrize(("locale", "said"), [
    ("de", {"open": " ist in ", "played": "Gespielt: `", "to act": "Am Zug: ",
            "illegal": "Ungültiger Zug: ", "resigned": "Du hast in Witch Stones #",
            "over": "Partie vorbei: ", "buttons": ["Beitreten", "Verlassen", "Starten",
                                                   "Computergegner hinzufügen"]}),
    ("pt-BR", {"open": " está aberta em ", "played": "Você jogou `", "to act": "Vez de: ",
               "illegal": "Jogada inválida: ", "resigned": "Você desistiu de Witch Stones nº",
               "over": "Fim de jogo: ", "buttons": ["Entrar", "Sair", "Começar",
                                                    "Adicionar computador"]})])
async def test_a_server_and_its_members_in_another_language_meet_no_english(
        sim: Sim, speaking, locale, said):
    shown, answers, _ = await whole_match(sim, speaking, locale)
    assert said["open"] in answers[0]
    assert all(a.startswith(said["played"]) for a in answers[1:-2]), answers
    assert answers[-2].startswith(said["illegal"]) and said["resigned"] in answers[-1]
    text = "\n".join(shown)
    assert said["to act"] in text and said["over"] in text
    assert all(label in shown for label in said["buttons"])
    english = re.compile(r"\b(Played|To act|Game over|Players|Join|Start|took|removed|"
                         r"Reminders|deadline|Ratings|Rematch)\b")
    assert not english.search(text) and not any(english.search(a) for a in answers)
