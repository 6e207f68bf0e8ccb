"""A post's picture in the language of whoever sees it (issue 58): the service draws
in English; the front end asks for the server's language (a thread's board) or the
reader's (a DM, an answer only they see), and the post draws its picture and alt text
again in that language, from the same view."""

from __future__ import annotations

import rendering
from rendering import kit
from service import Actor
from tests.match.test_service import ANA, BO, started

CY = Actor(3, "Cy", guild_id=50)


async def test_the_public_board_is_drawn_again_in_the_language_it_is_shown_in(service):
    post = (await started(service)).public
    english, alt = post.png, post.alt
    assert post.language == "en" and english and alt
    with kit.recording() as seen:
        await post.ready("de")
    assert post.language == "de" and post.png != english
    assert any(text.endswith("ist am Zug") for _, text in seen), list(seen)[:8]
    assert post.alt  # (its sentences are English until the alt text's catalogue comes)
    german = post.png
    with kit.recording() as seen:
        await post.ready("de-AT")  # the same catalogue: nothing drawn again
    assert not seen and post.png is german
    await post.ready(None)
    assert post.language == "en" and post.png == english and post.alt == alt


async def test_a_private_view_is_drawn_in_its_readers_language(service):
    match = await service.create(ANA, "terra", channel_id=10)
    await service.join(match.id, BO)
    await service.start(match.id, ANA)
    post = await service.private(match.id, ANA)  # "Your view": their reserve, only theirs
    with kit.recording() as seen:
        await post.ready("fr")
    drawn = [text for _, text in seen]
    assert "votre réserve" in drawn and "your reserve" not in drawn
    # the very picture the renderer draws of that seat's view in French
    game, state = service.matches.state_of(await service.match(match.id))
    view = game.view(state, 0)
    assert post.png == rendering.render("terra", view, names=["Ana", "Bo"], language="fr",
                                        marks=None if post.pending is None
                                        else post.pending.marks)
