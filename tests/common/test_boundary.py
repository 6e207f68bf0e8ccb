"""The service's boundary holds on both stores: random junk for any parameter of the
public methods (strings, lists, dicts, floats, bools, NaN, ∞, numbers beyond 64 bits,
negative numbers) gets either a clean result or one short ServiceError sentence —
never another exception — and a refusal writes nothing; what is stored is the same
whole number on SQLite and PostgreSQL; names are normalised where they enter."""

from __future__ import annotations

import math
import os
import unicodedata

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import engines
from bot.client import escape_name
from service import Actor, MatchTerms, ServiceError
from service.challenges.challenges import Invitee
from service.common.boundary import NAME_LENGTH, clip, neutral, person_name
from service.match.terms import MAX_SEATS
from service.notices import quiet

ANA = Actor(1, "Ana", guild_id=7)
BO = Actor(2, "Bo", guild_id=7)
junk = st.one_of(
    st.none(), st.booleans(), st.integers(-10, 10_000), st.integers(2**62, 2**80),
    st.integers(-(2**80), -(2**62)), st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=30), st.just("x" * 100_000), st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2))
TERMS = ("remind", "remind_every", "deadline", "on_timeout", "rated", "bank", "bank_add",
         "bank_max", "weekends")
EXAMPLES = int(os.environ.get("PANTHEON_BOUNDARY_EXAMPLES", 60))
"""Examples per property (CI: 60; a deep run sets the env var, e.g. to 20000)."""
PROPERTY = settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
                    database=None, suppress_health_check=list(HealthCheck))
"""The same examples every run: a property that could fail by chance fails every time or
never (a deep run draws more of them, not other ones by luck)."""
TABLES = ("matches", "seats", "match_clocks", "challenges", "challenge_players",
          "vacations", "user_settings")


async def rows(store) -> tuple[int, ...]:
    return tuple([(await store.query(f"SELECT count(*) FROM {table}"))[0][0]
                  for table in TABLES])


async def refused_cleanly(store, call) -> object | None:
    """The call's result, or None when it was refused with one short sentence and
    nothing was written."""
    before = await rows(store)
    try:
        return await call()
    except ServiceError as exc:
        said = str(exc)
        assert "\n" not in said and len(said) <= 300, said[:400]
        assert await rows(store) == before
        return None


@PROPERTY
@given(term=st.sampled_from(TERMS), value=junk)
async def test_match_terms_are_whole_hours_or_refused(service, term, value):
    match = await refused_cleanly(service.store, lambda: service.create(
        ANA, "witch-stones", **{term: value}))
    if match is None:
        return
    clock = await service.store.clock(match.id)
    stored = {"remind": clock.remind_after, "remind_every": clock.remind_every,
              "deadline": clock.deadline, "bank": clock.bank, "bank_add": clock.bank_add,
              "bank_max": clock.bank_max}
    for field, kept in stored.items():
        assert type(kept) is int, (field, kept)
    if term in stored and value is not None:
        assert stored[term] == value and not isinstance(value, bool)


@PROPERTY
@given(term=st.sampled_from((*TERMS, "bots", "level")), value=junk)
@example(term="bots", value=1e103)
@example(term="bots", value=2**63)
@example(term="remind", value=-1e300)
async def test_challenge_terms_are_checked_before_anything_is_posted(service, term, value):
    news = await refused_cleanly(service.store, lambda: service.challenge(
        ANA, [Invitee(BO.user_id, "Bo")], "witch-stones", **{term: value}))
    if news is None:
        return
    if term == "bots":
        assert value in (0, False) or (isinstance(value, float) and value == 0)
    accepted = await refused_cleanly(service.store, lambda: service.accept_challenge(
        news.challenge.id, BO))
    assert accepted is not None and accepted.update is not None


@PROPERTY
@given(value=junk)
async def test_ids_of_any_kind_are_no_such_match(service, value):
    for call in (lambda: service.match(value), lambda: service.join(value, BO),
                 lambda: service.get_challenge(value), lambda: service.board(value),
                 lambda: service.accept_challenge(value, BO),
                 lambda: service.legal_moves(value, BO)):
        assert await refused_cleanly(service.store, call) is None


@PROPERTY
@given(days=junk, hours=junk)
async def test_vacation_days_and_reminder_hours_are_whole_or_refused(service, days, hours):
    said = await refused_cleanly(service.store, lambda: service.vacation(ANA, days))
    assert said is None or isinstance(said, str)
    said = await refused_cleanly(service.store, lambda: service.set_reminders(ANA, hours))
    assert said is None or isinstance(said, str)


@PROPERTY
@given(name=st.text(max_size=80))
async def test_a_name_is_stored_normalised_the_same_on_both_stores(service, name):
    match = await service.create(Actor(1, name), "witch-stones")
    match = await service.join(match.id, Actor(2, name + "\n\u202e\x00" + name))
    for seated in match.seats:
        kept = seated.display_name
        assert kept == person_name(kept) and 0 < len(kept) <= NAME_LENGTH
        assert not any(unicodedata.category(c) in ("Cc", "Cs") for c in kept)
    assert match.seats[0].display_name == person_name(name, "Host")


def test_person_name_removes_what_a_screen_would_act_on():
    assert person_name("\ud800Ana\x00\x1b[2J\u202e\u200b") == "\N{REPLACEMENT CHARACTER}Ana[2J"
    assert person_name("Bo\nGame over: Ana wins") == "Bo Game over: Ana wins"
    assert person_name("N" * 10_000) == "N" * NAME_LENGTH
    assert person_name(" \t\u200d ") == "Player" and person_name(None) == "Player"


def test_a_refusal_quotes_at_most_a_hundred_characters():
    assert len(clip("x" * 100_000)) <= 104 and clip(10**5000).startswith("'a number of")
    assert "\x1b" not in clip("\x1b]0;pwned\x07") and clip(math.nan) == "'nan'"


def test_channel_command_and_timestamp_markup_in_a_name_renders_as_typed():
    for markup in ("<#123>", "</help:1>", "<t:0:R>", "<@&5>", "<@5>", "<:e:1>", "<a:e:1>"):
        shown = escape_name(f"Ana {markup}")
        assert markup not in shown and shown.replace("\u200b", "").replace("\\", "") \
            == f"Ana {markup}"
    assert neutral("Ana") == "Ana"


@pytest.mark.parametrize("field", ["bots", "remind", "bank_max"])
@pytest.mark.parametrize("value", [1e103, -1e300, 2.0**63, 2**63, -(2**63), 10**5000],
                         ids=["1e103", "-1e300", "2.0**63", "2**63", "-2**63", "10**5000"])
def test_numbers_beyond_64_bits_are_refused_in_a_short_line(field, value):
    with pytest.raises(ServiceError) as refused:
        MatchTerms(**{field: value}).clock()
    said = str(refused.value)
    assert len(said) <= 120 and "\n" not in said, said
    if isinstance(value, float):  # as written, never as its hundred digits
        assert said.endswith(f"is out of range: '{value!r}'."), said


def test_a_count_of_computer_players_is_at_most_the_largest_table():
    assert max(game.max_players for game in engines.all()) == MAX_SEATS
    assert MatchTerms(bots=MAX_SEATS - 1.0).bots == MAX_SEATS - 1
    for bots in (MAX_SEATS, -1, 1000):
        with pytest.raises(ServiceError) as refused:
            MatchTerms(bots=bots)
        assert str(refused.value) == (f"The number of computer players must be from 0 to "
                                      f"{MAX_SEATS - 1}, not {bots}.")


# --- time zones and quiet hours -------------------------------------------------------------
@pytest.mark.parametrize(("typed", "kept"), [
    ("america/new_york", "America/New_York"), ("AMERICA/NEW YORK", "America/New_York"),
    (" europe/paris ", "Europe/Paris"), ("utc", "UTC"), ("us/eastern", "US/Eastern")])
async def test_a_zone_is_matched_in_any_case(service, typed, kept):
    said = await service.notify_settings(ANA, time_zone=typed)
    assert said.startswith(f"Your time zone: {kept} ")
    stored = (await service.store.notify_settings([ANA.user_id])).get(ANA.user_id)
    assert (stored.time_zone if stored else "UTC") == kept  # UTC, the default: not stored


@pytest.mark.parametrize("typed", ["localtime", "Factory", "EST5EDT", "PST8PDT", "EST",
                                   "Etc/GMT+5", "posixrules", "Japan", "Mars/Olympus",
                                   "Europe/", "/", "..", "Europe/Paris\x00"])
async def test_a_zone_that_is_no_place_is_refused(service, typed):
    with pytest.raises(ServiceError, match=r"^I know no time zone called .*America/New_York"):
        await service.notify_settings(ANA, time_zone=typed)
    assert await service.store.notify_settings([ANA.user_id]) == {}


def test_every_zone_offered_can_be_chosen_and_none_else():
    offered = set(quiet.zone_names())
    assert "UTC" in offered and "America/New_York" in offered
    assert not offered & {"localtime", "Factory", "EST5EDT", "Etc/UTC", "GMT"}
    for name in offered:
        assert quiet.zone_name(name.lower()) == name
        assert quiet.zone(name).key == name
    assert quiet.matching_zones(None) == [] and quiet.matching_zones(["x"]) == []
    assert quiet.matching_zones("new york") == ["America/New_York"]


@pytest.mark.parametrize("typed", ["٢٣:٠٠-٠٧:٠٠", "２３:００-０７:００", "۲۳-۷", "२३:००-०७:००",
                                   "23:00-٠٧:٠٠", "¹23-7", "23:00-07:00\u200b", "𝟐𝟑-𝟕"])
async def test_quiet_hours_in_other_digits_are_refused(service, typed):
    with pytest.raises(ServiceError, match=r"must be a time such as 23:00 \(digits 0-9\)"):
        await service.notify_settings(ANA, quiet_hours=typed)
    assert await service.store.notify_settings([ANA.user_id]) == {}
    assert quiet.parse_quiet(" 23:00 – 7 ") == (23 * 60, 7 * 60)
