"""Secrets by construction, in every language: a public picture and its alt text are a
function of the public view and the language alone (a language is a public setting, the
server's), so a twin (the same position, its hidden values drawn again) gives the very
same picture and alt text in German as in English."""

from __future__ import annotations

import pytest

import rendering
import rendering.alt
from tests.render_cases import NAMES
from tests.rendering.test_text_board import SECRET_GAMES, public_twins


@pytest.mark.parametrize("language", ["de", "qps-ploc"])
@pytest.mark.parametrize("slug", SECRET_GAMES)
def test_a_public_twin_gives_the_same_public_picture_in_another_language(slug, language):
    compared = 0
    for position, twin, public in public_twins(slug, seed=13)[::6]:
        names = NAMES[:position.players]
        assert rendering.render(slug, twin, names=names, language=language) == \
            rendering.render(slug, public, names=names, language=language)
        assert rendering.alt.alt_text(slug, twin, names, language=language) == \
            rendering.alt.alt_text(slug, public, names, language=language)
        compared += 1
    assert compared >= 12
