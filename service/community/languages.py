"""Each member's language (issue 58): which catalogue answers what only they see.

The front end tells the service the locale each interaction brings (Discord's client
language) and asks which catalogue to say a member's texts in: the one they chose with
``/language``, else the one their client last asked for, else English. The service keeps
catalogue tags only (:func:`speech.negotiate` of what it is told), writes only when one
changes, and says its answers as :class:`speech.Text`, for the front end to say in the
member's language. A member's language is theirs alone: ``/privacy`` shows, exports and
deletes it (``member_languages`` in :mod:`db.privacy`). No Discord in here.
"""

from __future__ import annotations

from dataclasses import dataclass

import speech
from db import Store
from service.common import boundary
from service.common.model import Actor, ServiceError

AUTOMATIC = "auto"
"""What ``/language`` takes to follow the client's language again."""


@boundary.guarded
@dataclass
class Languages:
    store: Store

    async def seen(self, user_id: int, locale: str | None) -> str:
        """Record the catalogue the member's client asks for (``locale``: Discord's, as
        it came; None: not known here, such as a button's later edit) and return the
        catalogue their texts are said in."""
        kept, chosen = await self.store.member_language(user_id)
        now = speech.negotiate(locale) if locale else None
        if now is not None and now != kept:
            await self.store.save_member_language(user_id, now, chosen)
            kept = now
        return chosen or kept or speech.ENGLISH

    async def of(self, user_id: int) -> str:
        """The catalogue the member's texts are said in (no interaction: a DM, a digest)."""
        kept, chosen = await self.store.member_language(user_id)
        return chosen or kept or speech.ENGLISH

    async def choose(self, actor: Actor, language: str) -> speech.Text:
        """Set the member's language (one of :data:`speech.LANGUAGES`, or
        :data:`AUTOMATIC` to follow their client again); the answer, a text to say in the
        language now in force."""
        if language != AUTOMATIC and language not in speech.LANGUAGES:
            raise ServiceError(speech.Text("language-unknown", {
                "language": boundary.clip(language, 20),
                "choices": ", ".join((*speech.LANGUAGES, AUTOMATIC))}))
        kept, _ = await self.store.member_language(actor.user_id)
        chosen = None if language == AUTOMATIC else language
        await self.store.save_member_language(actor.user_id, kept, chosen)
        return speech.Text("language-automatic" if chosen is None else "language-chosen",
                           {"language": speech.name_of(chosen or kept or speech.ENGLISH)})
