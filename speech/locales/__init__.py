"""The five catalogues' languages, and which one answers a reader's locale.

Discord sends a member's client language (``interaction.locale``) and a server's
preferred one (``guild_locale``) as its own locale codes: ``en-US``, ``en-GB``, ``de``,
``fr``, ``es-ES``, ``es-419``, ``pt-BR`` and two dozen more. Each is answered by the
catalogue of its exact tag, else the one of its language (``es-419`` → ``es``), else
English. The folder beside this module holds the catalogues, one folder per language.
"""

from __future__ import annotations

from pathlib import Path

ENGLISH = "en"
LANGUAGES: tuple[str, ...] = ("en", "de", "fr", "es", "pt-BR")
"""The catalogues, English first: it is the source every other is checked against."""
NAMES = {"en": "English", "de": "Deutsch", "fr": "Français", "es": "Español",
         "pt-BR": "Português (Brasil)"}
"""Each language by its own name, the same in every catalogue: a member finds their
language in a list whatever language the list is in."""
PSEUDO = "qps-ploc"
"""The pseudo-locale (Windows' name for it): English, accented, ~40 % longer, between
⟦ and ⟧, so a test sees at once any text that did not go through a catalogue."""
FOLDER = Path(__file__).parent


def negotiate(locale: object) -> str:
    """The catalogue that answers ``locale`` (a Discord locale, a POSIX ``de_DE.UTF-8``,
    anything else or None): its exact tag, else its language's, else English."""
    if not isinstance(locale, str):
        locale = getattr(locale, "value", None)  # discord.Locale, without importing it
        if not isinstance(locale, str):
            return ENGLISH
    tag = locale.split(".")[0].replace("_", "-").strip()
    if tag.lower() == PSEUDO:
        return PSEUDO
    by_tag = {language.lower(): language for language in LANGUAGES}
    if tag.lower() in by_tag:
        return by_tag[tag.lower()]
    primary = tag.split("-")[0].lower()
    return next((language for language in LANGUAGES
                 if language.split("-")[0].lower() == primary), ENGLISH)


def name_of(language: str) -> str:
    """A catalogue's language by its own name (the pseudo-locale's by its tag)."""
    return NAMES.get(language, language)
