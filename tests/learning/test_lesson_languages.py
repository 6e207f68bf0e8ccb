"""A whole lesson of each game in each language, through the service (issue 58): every
text the learning room gives the learner — each step's rule and what to do, the refusal
of a move the step does not ask for, the step's hint, the closing words, the refusal of a
second lesson — is a :class:`speech.Text` said in the learner's language with the
lesson's words from that language's overlay; and in the pseudo-locale no letter of it
stands outside a catalogue's frame (:func:`speech.pseudo.hard_coded`).

The service says no language: one run per game gathers the texts, and each is said in
every language afterwards, as each front end would for its reader."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

import engines
import speech
from console import coach as console_coach
from console import language as console_language
from engines import lesson
from service import Actor, Post, ServiceError
from service.learning import lessons, words
from speech import Text
from speech.pseudo import hard_coded

ANA = Actor(1, "Ana", guild_id=50)
LESSONS = [s.slug for s in engines.specs() if s.learn is not None]
SPOKEN = [language for language in speech.LANGUAGES if language != speech.ENGLISH]
STEP_WORDS = {"de": "schritt", "fr": "étape", "es": "paso", "pt-BR": "passo"}


@dataclass(frozen=True)
class Met:
    """A text the learner met, at which step (from 0), and which of the lesson's words
    it carries (the part's name: rule, ask, wrong, finish; or None)."""

    text: Text
    number: int
    part: str | None


async def a_lesson_met(service, slug: str) -> list[Met]:
    """Play the lesson of ``slug`` by its right moves, trying each step's wrong move
    where it is legal and asking for each step's hint; every learning text met."""
    found = lesson.lesson_of(slug)
    assert found is not None
    match = (await service.learn(ANA, slug, channel_id=7)).match
    game = engines.get(slug)
    met: list[Met] = []
    for number, step in enumerate(found.steps):
        record = await service.match(match.id)
        played = await service.store.moves(match.id)
        above, below = lessons.step_words(record, played)
        assert above is not None and below is not None
        met += [Met(above, number, "rule"), Met(below, number, "ask")]
        met.append(Met((await service.hint(match.id, ANA)).text, number, "ask"))
        _, state = service.state_of(record)
        wrong = next((move for move in [step.try_wrong, *game.legal_moves(state, found.learner)]
                      if move in game.legal_moves(state, found.learner)
                      and lesson.judge(game, state, found, step, move) is not None), None)
        if wrong is not None:  # a legal move the step does not ask for (an illegal one
            with pytest.raises(ServiceError) as refused:  # is the engine's to refuse)
                await service.submit(match.id, ANA, wrong)
            assert isinstance(refused.value.args[0], Text)
            met.append(Met(refused.value.args[0], number, "wrong"))
        await service.submit(match.id, ANA,
                             lesson.first_right(game, state, step, found.learner))
    above, below = lessons.step_words(await service.match(match.id),
                                      await service.store.moves(match.id))
    assert above is None and below is not None
    met.append(Met(below, len(found.steps), "finish"))
    with pytest.raises(ServiceError) as again:
        await service.learn(ANA, slug, channel_id=7)
    met.append(Met(again.value.args[0], len(found.steps), None))
    return met


def lesson_words(slug: str, language: str, item: Met) -> str | None:
    if item.part is None:
        return None
    found = lesson.lesson_of(slug, language)
    assert found is not None
    if item.part == "finish":
        return found.finish
    return str(getattr(found.steps[item.number], item.part))


@pytest.mark.parametrize("slug", LESSONS)
async def test_a_whole_lesson_in_every_language(service, slug):
    met = await a_lesson_met(service, slug)
    english = lesson.lesson_of(slug)
    assert english is not None
    assert {m.part for m in met} == {"rule", "ask", "wrong", "finish", None}
    for language in SPOKEN:
        for item in met:
            said = speech.say(language, item.text)
            assert said != speech.say(speech.ENGLISH, item.text), said
            own = lesson_words(slug, language, item)
            if own is not None:
                assert own in said, (language, item, said)
                assert lesson_words(slug, speech.ENGLISH, item) not in said
            if item.part == "rule":  # the title line, in the language
                assert lesson.lesson_of(slug, language).title in said
                assert STEP_WORDS[language] in said.lower()
    for item in met:  # the pseudo-locale: nothing outside a catalogue's frame
        said = speech.say(speech.PSEUDO, item.text)
        assert said.startswith(speech.pseudo.OPEN) and hard_coded(said) == [], said


async def test_the_board_post_of_a_lesson_said_in_the_learners_language(service):
    match = (await service.learn(ANA, "terra")).match
    played = await service.store.moves(match.id)
    found = lesson.lesson_of("terra", "pt-BR")
    assert found is not None
    post = lessons.framed(Post("Terra #1"), await service.match(match.id), played)
    assert speech.said("pt-BR", post.text).split("\n") == [
        f"**{found.title}**, passo 1 de {len(found.steps)}: {found.steps[0].rule}",
        "Terra #1", f"➡️ {found.steps[0].ask}"]
    as_apart = speech.say("fr", lessons.step_text("terra", lesson.lesson_of("terra"), 0))
    assert as_apart.startswith("Étape 1 sur ") and \
        lesson.lesson_of("terra", "fr").steps[0].ask in as_apart


def test_a_lessons_words_are_said_in_the_language_around_them():
    said = words.Said("angry-gods", "wrong", 2)
    english = lesson.lesson_of("angry-gods")
    assert str(said) == english.steps[1].wrong  # its English, for logs
    for language in SPOKEN:
        assert said.said(language) == lesson.lesson_of("angry-gods", language).steps[1].wrong
        assert speech.say(language, Text("lesson-wrong", {"wrong": said})) == \
            said.said(language)
    with pytest.raises(ValueError):
        words.Said("angry-gods", "moves", 1)


class Screen:
    """What the console's coach asks of its screen: the service, where boards go, and
    lines out (kept in ``shown``)."""

    def __init__(self, service, boards: Path, shown: list[str]) -> None:
        self.service, self.boards, self.shown = service, boards, shown

    def out(self, text: str) -> None:
        self.shown.append(text)

    def say_path(self, text: str) -> None:
        self.shown.append(text)


class SpeakingScreen(Screen):
    """A screen with a language of its own (``--language``)."""

    language = "es"


async def test_the_consoles_hint_in_the_readers_language(service, tmp_path):
    match = (await service.learn(ANA, "witch-stones")).match
    shown: list[str] = []
    await console_coach.hint(SpeakingScreen(service, Path(tmp_path), shown),
                             await service.match(match.id), ANA)
    found = lesson.lesson_of("witch-stones", "es")
    assert shown[0].startswith("Pista para Ana (solo la ves tú; 1 pista usada")
    assert found.steps[0].rule in shown[0] and "suns (paso 1 de" in shown[0]
    dutch = SpeakingScreen(service, Path(tmp_path), shown)
    dutch.language = "nl"  # a language without a catalogue: English
    await console_coach.hint(dutch, await service.match(match.id), ANA)
    assert shown[1].startswith("Hint for Ana")


async def test_the_consoles_coach_follows_the_consoles_language(service, tmp_path,
                                                                 monkeypatch):
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "pt_BR.UTF-8")
    monkeypatch.setattr(console_language, "_chosen", [])  # no --language in this run
    match = (await service.learn(ANA, "terra")).match
    shown: list[str] = []  # a console screen with no language of its own
    await console_coach.hint(Screen(service, Path(tmp_path), shown),
                             await service.match(match.id), ANA)
    assert shown[0].startswith("Dica para Ana (só você vê; 1 dica usada nesta partida): ")
