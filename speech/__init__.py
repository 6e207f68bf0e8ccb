"""Every word a person meets, in their language (issue 58).

The ground floor below every layer: it imports nothing of the project, so the service,
the console, the Discord front end and the pictures may all use it. Texts live in
Project Fluent catalogues (``speech/locales/<language>/*.ftl``, installed with the
package), keyed by stable ids; :func:`say` renders one for a reader, :class:`Text` is
one not yet rendered (an id and its facts), what the service hands a front end.
Numbers, lists, dates, durations and zones are Babel's CLDR formats
(:mod:`speech.formats`). ``docs/TRANSLATING.md`` says how a language is added.

- :mod:`.catalogue`: the languages, the catalogues, :func:`say`, :class:`Text`.
- :mod:`.words`: texts of several parts (:class:`Lines`, :class:`Listed`), :func:`said`
  for any of them, and :func:`stored` / :func:`restored` to keep one as facts.
- :mod:`.locales`: Discord's locales mapped to the five catalogues (:func:`negotiate`).
- :mod:`.formats`: Babel's formats for a reader.
- :mod:`.pseudo`: the pseudo-locale that finds text which bypassed the catalogues.
- :mod:`.commands`: the ids of the slash commands' names, descriptions and choices.
- :mod:`.check`: the catalogue check (``python -m speech.check``).
"""

from speech.catalogue import Text, has, say
from speech.locales import ENGLISH, LANGUAGES, NAMES, PSEUDO, name_of, negotiate
from speech.words import Lines, Listed, Words, filled, restored, said, stored

__all__ = ["ENGLISH", "LANGUAGES", "NAMES", "PSEUDO", "Lines", "Listed", "Text", "Words",
           "filled", "has", "name_of", "negotiate", "restored", "said", "say", "stored"]
