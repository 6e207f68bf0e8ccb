"""The match says what, the front end says it in a language (issue 58): a move is kept
as facts in ``moves.said`` and said in any language later, English kept before that is
still shown, a turn of several steps is one line by the catalogue's patterns (no string
surgery), and the posts of a match read in German from start to result."""

from __future__ import annotations

import re

import engines
import speech
from db import MoveRecord
from engines.ai import RandomPlayer
from engines.base import name_seats
from service import Actor, Service
from service.match.play import recap_turns

GAME = engines.get("witch-stones")
NAMES = ["Jürgen", "Bo"]


def said(words: speech.Words, language: str) -> str:
    return speech.said(language, speech.filled(words, lambda text: name_seats(text, NAMES)))


def row(seq: int, seat: int, words: speech.Words) -> MoveRecord:
    return MoveRecord(seq, seat, "?", "", said=speech.stored(words))


def moves_of(seed: int, count: int) -> list[tuple[int, speech.Text]]:
    state, found = GAME.setup(2, seed, {}), []
    for _ in range(count):
        seat = GAME.to_act(state)[0]
        move = GAME.legal_moves(state, seat)[0]
        found.append((seat, GAME.said(state, seat, move, None)))
        state = GAME.play(state, seat, move)
    return found


def test_a_turn_of_several_steps_is_one_line_by_the_catalogue_s_patterns():
    (side_seat, side), (seat, take), (_, other) = moves_of(3, 3)
    rows = [row(1, side_seat, side), row(2, seat, take), row(3, seat, other)]
    first, second = recap_turns(rows)
    assert said(first, "en") == said(side, "en")  # a turn of one step: its sentence
    english = said(second, "en")
    assert english.startswith(f"{NAMES[seat]} took the ") and english.count(NAMES[seat]) == 1
    assert "; took the " in english and english.endswith(").")
    german = said(second, "de")
    assert german.startswith(f"{NAMES[seat]} nimmt ") and "; nimmt " in german
    assert "took" not in german
    assert said(second, "fr").count(" ; a pris ") == 1


def test_moves_kept_in_english_before_they_were_facts_are_still_shown():
    old = [MoveRecord(1, 1, "suns", "", said="{seat1} chose to play the suns."),
           MoveRecord(2, 0, "take a2", "", said="{seat0} took the earthstone on a2 (+1)."),
           MoveRecord(3, 0, "take b2", "", said="{seat0} took the moon on b2 (+2).")]
    lines = [said(line, "de") for line in recap_turns(old)]
    assert lines == ["Bo chose to play the suns.",
                     "Jürgen took the earthstone on a2 (+1); took the moon on b2 (+2)."]
    new = row(4, 1, moves_of(3, 1)[0][1])
    mixed = recap_turns([*old, new])  # a match that spans the change: all as English
    assert [said(line, "de") for line in mixed][-1] == "Bo chose to play the suns."


async def test_a_match_against_the_computer_reads_in_german_and_keeps_facts(store):
    service = Service(store, seed_source=lambda: 8, shuffle=lambda seats: None,
                      player=RandomPlayer())
    ana = Actor(1, "Jürgen", guild_id=5)
    match = await service.create(ana, "witch-stones", remind=0)
    await service.add_ai(match.id, ana)
    update = await service.start(match.id, ana)
    start = speech.said("de", update.public.text)
    assert start.startswith(f"**Witch Stones** #{match.id} beginnt. Plätze: 1. Jürgen, ")
    assert "Keine Erinnerungen; keine Frist." in start and "Am Zug: Jürgen." in start
    posts = []
    while update.match.status == "running":
        moves = await service.legal_moves(match.id, ana)
        update = await service.submit(match.id, ana, moves[-1])
        posts.append(speech.said("de", update.public.text))
    assert all(re.search(r"^Jürgen (wählt|nimmt|entfernt) ", post, re.M) for post in posts)
    assert "Partie vorbei: " in posts[-1] and "Stand: Jürgen: " in posts[-1]
    assert not any(re.search(r"\b(took|removed|To act|Game over)\b", p) for p in posts)
    for record in await service.store.moves(match.id):
        kept = speech.restored(record.said)
        assert isinstance(kept, speech.Text) and kept.id.startswith("witch-stones-")


async def test_a_refused_move_says_why_in_the_reader_s_language(store):
    service = Service(store, seed_source=lambda: 8, shuffle=lambda seats: None)
    ana, bo = Actor(1, "Ana", guild_id=5), Actor(2, "Bo", guild_id=5)
    match = await service.create(ana, "witch-stones")
    await service.join(match.id, bo)
    await service.start(match.id, ana)
    waiting = (await service.waiting(match.id))
    (mover,) = [p for p in (ana, bo) if p.user_id in waiting]
    other = bo if mover is ana else ana
    for actor, move, german in [(other, "suns", "Du bist nicht am Zug: Wir warten auf "),
                                (mover, "take z9", "Ungültiger Zug: "),
                                (mover, " ", "Schreib einen Zug")]:
        try:
            await service.submit(match.id, actor, move)
        except Exception as error:
            assert speech.said("de", error.args[0]).startswith(german), error.args[0]
        else:
            raise AssertionError(f"{move!r} was played")
