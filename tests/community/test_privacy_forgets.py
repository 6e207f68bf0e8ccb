"""``/privacy delete`` forgets the person as one whole step, on both stores.

In the store: every column of the live schema is one :mod:`db.privacy` says how it
forgets (a column a later migration adds fails here until it is declared), and after
deleting someone who has done everything there is to do, no cell of any table holds their
Discord id or their name — only the pseudonym and "Deleted player" are left of them.

In what it hands the front end to post: every text (boards, their alt text, private
views, tournament notices and standings, challenge posts, the lobbies' and tournaments'
posts as they now read) is built after the name is gone, and no record, DM or ping in it
names the person's id.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest

from db import ABORTED, LOBBY
from db.posts import BOARD, Posted
from db.privacy import DELETED_NAME, declared, is_deleted
from engines.ai import RandomPlayer
from service import Actor, Invitee, Service, Update
from service.common.model import EventNews
from service.community.privacy import Deletion
from service.events.entry_terms import EventTerms
from tests.community.test_privacy import play_out, two_player
from tests.toy_game import registered

GUILD = 70
QUINCY = Actor(731234567890123456, "quincy", GUILD)
"""The person who deletes her data: an id and a name nothing else contains."""
CAT, DAN, EVE = Actor(11, "Cat", GUILD), Actor(12, "Dan", GUILD), Actor(13, "Eve", GUILD)
FAY = Actor(14, "Fay", GUILD)


@pytest.fixture(autouse=True)
def kayles():
    with registered() as spec:
        yield spec


@pytest.fixture
def svc(store) -> Service:
    return Service(store, seed_source=lambda: 12345, shuffle=lambda seats: None,
                   player=RandomPlayer(), now=lambda: datetime(2026, 3, 2, 12, tzinfo=UTC))


async def live_schema(store) -> dict[str, list[str]]:
    """Every table of the store and its columns, as the database itself lists them (so
    the tables and columns of later migrations too); not the backend's own tables."""
    if store.backend == "sqlite":
        tables = [r[0] for r in await store.query(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
            "ORDER BY name")]
        return {t: [r[1] for r in await store.query(f"PRAGMA table_info({t})")]
                for t in tables}
    out: dict[str, list[str]] = {}
    for table, column in await store.query(
            "SELECT table_name, column_name FROM information_schema.columns "
            "WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position"):
        out.setdefault(table, []).append(column)
    return out


async def traces(store, person: Actor) -> list[str]:
    """Every cell of every table that holds the person's id (as a number, or inside a
    text or JSON value) or their name (in any case)."""
    found = []
    user_id, name = str(person.user_id), person.name.lower()
    for table, columns in (await live_schema(store)).items():
        for row in await store.query(f"SELECT {', '.join(columns)} FROM {table}"):
            for column, value in zip(columns, row, strict=True):
                if value is None or isinstance(value, bool | float):
                    continue
                if isinstance(value, int):
                    if value == person.user_id:
                        found.append(f"{table}.{column} = {value}")
                    continue
                text = value if isinstance(value, str) else json.dumps(value, default=str)
                if user_id in text or name in text.lower():
                    found.append(f"{table}.{column} = {text[:120]!r}")
    return found


async def swiss(svc: Service, organiser: Actor, *entrants: Actor, rounds: int = 2) -> int:
    event = await svc.create_tournament(organiser, "kayles", EventTerms("swiss", rounds),
                                        channel_id=5)
    for actor in entrants:
        await svc.tournament_act("join", event.id, actor)
    return event.id


async def play_tables_without(svc: Service, event_id: int, person: Actor) -> None:
    """Play out the current round's games the person does not sit at."""
    record = await svc.tournament(event_id)
    for table in record.tables:
        if table.round == record.round and table.match_id and \
                person.user_id not in table.players:
            await play_out(svc, table.match_id)


async def quincy_everywhere(svc: Service) -> dict[str, int]:
    """Quincy in every kind of row: a finished rated match, a running one, a running
    Terra of three (private views), a lobby she hosts, a full lobby she sits in, a
    challenge she made and one she received, an open tournament she organises, an open
    one she entered, a running one with round 1 posted, one she withdrew from by hand, one
    whose notice names her as an opponent of a member who left the server; her board and
    DM posts, a note, a follow, settings, a vacation."""
    store = svc.store
    finished = await two_player(svc, CAT, QUINCY)
    await play_out(svc, finished)
    running = await two_player(svc, QUINCY, CAT, rated=False)
    terra = await svc.create(CAT, "terra", channel_id=5)
    for actor in (DAN, QUINCY):
        await svc.join(terra.id, actor)
    await svc.start(terra.id, CAT)
    hosted = await svc.create(QUINCY, "kayles", channel_id=5)
    seated = await svc.create(DAN, "kayles", channel_id=5)
    await svc.join(seated.id, QUINCY)
    made = await svc.challenge(QUINCY, [Invitee(CAT.user_id, "Cat")], "kayles", channel_id=5)
    got = await svc.challenge(DAN, [Invitee(QUINCY.user_id, "quincy")], "witch-stones",
                              channel_id=5)
    organised = await swiss(svc, QUINCY, QUINCY, CAT)
    entered = await swiss(svc, CAT, CAT, QUINCY)
    event = await swiss(svc, CAT, QUINCY, CAT, DAN, EVE)
    await svc.tournament_act("start", event, CAT)
    await play_tables_without(svc, event, QUINCY)  # her game ends the round
    earlier = await swiss(svc, DAN, QUINCY, DAN, EVE, rounds=3)
    await svc.tournament_act("start", earlier, DAN)
    await svc.tournament_act("withdraw", earlier, QUINCY)  # "quincy withdrew."
    left = await swiss(svc, EVE, QUINCY, FAY, rounds=3)
    await svc.tournament_act("start", left, EVE)
    await svc.member_left(GUILD, FAY.user_id)  # "… game with quincy is forfeited"
    await store.set_posted(running, BOARD, Posted(5, 500, "0:0", 1, True))
    await store.set_posted(running, QUINCY.user_id, Posted(900, 901, "0:0", 1))
    await svc.set_reminders(QUINCY, 6)
    await svc.notify_settings(QUINCY, time_zone="Europe/Paris", quiet_hours="23:00-07:00")
    await store.set_note(running, QUINCY.user_id, "quincy's plan: the left pins")
    await store.set_follow(finished, QUINCY.user_id, "end")
    await svc.vacation(QUINCY, 2)
    return {"finished": finished, "running": running, "terra": terra.id,
            "hosted": hosted.id, "seated": seated.id, "made": made.challenge.id,
            "got": got.challenge.id, "organised": organised, "entered": entered,
            "event": event, "earlier": earlier, "left": left}


async def test_every_column_of_the_schema_is_one_the_deletion_knows(store):
    """Old behaviour caught: nothing said which columns hold a person, so a table the
    deletion did not know (``tournament_outbox``, ``match_posts``) went unnoticed."""
    known = declared()
    live = await live_schema(store)
    undeclared = [f"{t}.{c}" for t, columns in live.items() for c in columns
                  if c not in known.get(t, {}) and c != "rowid"]
    assert not undeclared, ("columns db/privacy.py does not say whether (and how) they "
                            f"hold a person: {undeclared}")
    stale = [f"{t}.{c}" for t, columns in known.items() for c in columns
             if c not in live.get(t, [])]
    assert not stale, f"db/privacy.py declares columns the schema does not have: {stale}"


async def test_a_deleted_person_is_nowhere_in_the_store(svc):
    """Old behaviour caught: her id stayed in ``match_posts.user_id`` and in
    ``tournament_outbox.post_key`` ("…:withdrew:<id>") and ``mentions``, and her name in
    the outbox's ``words`` ("quincy withdrew.", "… game with quincy is forfeited")."""
    store = svc.store
    ids = await quincy_everywhere(svc)
    before = {t.split(".")[0] for t in await traces(store, QUINCY)}
    assert before >= {"seats", "matches", "match_posts", "tournament_entrants",
                      "tournament_tables", "tournament_outbox", "tournaments", "challenges",
                      "challenge_players", "match_notes", "ratings"}, before  # not vacuous

    await svc.privacy.delete(Actor(QUINCY.user_id, QUINCY.name))

    left = await traces(store, QUINCY)
    assert left == [], "still naming her:\n" + "\n".join(left)
    for table, column in (("seats", "user_id"), ("tournament_entrants", "user_id"),
                          ("tournaments", "organiser_id"), ("matches", "host_id")):
        kept = [v for (v,) in await store.query(f"SELECT {column} FROM {table}")]
        assert any(is_deleted(v) for v in kept), f"{table}.{column} lost the pseudonym"
    names = [n for (n,) in await store.query("SELECT display_name FROM seats")]
    assert DELETED_NAME in names
    keys = [key for (key,) in await store.query(
        "SELECT post_key FROM tournament_outbox WHERE actor_name = ?", DELETED_NAME)]
    assert f"{ids['earlier']}:withdrew:-" in " ".join(keys)  # her withdrawal, by pseudonym


def all_news(done: Deletion) -> list[EventNews]:
    """Every tournament's news in a deletion: its own, its updates', those that follow."""
    out, stack = [], [*done.news, *(n for u in done.updates for n in u.news)]
    while stack:
        news = stack.pop(0)
        out.append(news)
        stack += [*news.then, *(n for u in news.started for n in u.news)]
    return out


def all_updates(done: Deletion) -> list[Update]:
    return [*done.updates, *(u for n in all_news(done) for u in n.started),
            *(c.update for c in done.challenges if c.update is not None)]


def handed_over(done: Deletion) -> tuple[list[str], list[int]]:
    """Every text a deletion hands the front end to post (``lines`` too), and every user id
    it addresses or hands over in a record."""
    texts, ids = list(done.lines), []
    for update in all_updates(done):
        for post in [update.public, *update.private.values()]:
            if post is not None:
                texts += [post.text, post.alt or "", *(name for name, _ in post.table)]
                ids += post.mentions
        ids += [*update.private, *(s.user_id for s in update.match.seats),
                update.match.host_id]
    for news in all_news(done):
        texts += [t for p in news.posts for t in (p.text, p.alt or "")]
        ids += [u for p in news.posts for u in p.mentions]
    for record in [*(n.tournament for n in all_news(done)), *done.tournaments]:
        ids += [record.organiser_id, *(e.user_id for e in record.entrants),
                *(u for t in record.tables for u in [*t.players, *(t.points or {})])]
        texts += [record.organiser_name, *(e.display_name for e in record.entrants)]
    for challenge in done.challenges:
        texts += [challenge.text, challenge.notice]
        ids += [challenge.challenge.challenger_id, *challenge.mentions,
                *(p.user_id for p in challenge.challenge.players)]
    for match in done.lobbies:
        ids += [match.host_id, *(s.user_id for s in match.seats)]
        texts += [s.display_name for s in match.seats]
    return texts, ids


async def test_what_a_deletion_posts_is_built_after_the_name_is_gone(svc):
    """Old behaviour caught: the resigned boards ("… (quincy resigned)"), Terra's alt
    text and the private views to the others, the standings after the round and the
    challenge posts were built while her name was still stored, and posted after; her
    lobbies were not listed to edit (the aborted one kept Join and Start, the full one
    still listed her); a record handed over still held her id."""
    ids = await quincy_everywhere(svc)
    done = await svc.privacy.delete(Actor(QUINCY.user_id, QUINCY.name))

    texts, user_ids = handed_over(done)
    texts += [svc.lobby_text(m) for m in done.lobbies if m.status == LOBBY]
    texts += [(await svc.tournament_post(r, "entry")).text for r in done.tournaments]
    named = [t for t in texts if "quincy" in t.lower() or str(QUINCY.user_id) in t]
    assert named == []
    assert QUINCY.user_id not in user_ids
    said = "\n".join(texts)
    assert "Deleted player resigned" in said  # the boards were written, and say so
    assert any("standings after round 1" in p.text for n in all_news(done)
               for p in n.posts)
    lobbies = {m.id: m for m in done.lobbies}
    assert lobbies[ids["hosted"]].status == ABORTED
    assert lobbies[ids["seated"]].status == LOBBY and \
        [s.user_id for s in lobbies[ids["seated"]].seats] == [DAN.user_id]
    assert {ids["running"], ids["terra"]} <= set(lobbies)
    assert {r.id for r in done.tournaments} >= {ids["organised"], ids["entered"],
                                                 ids["event"]}


async def test_the_answer_says_only_what_was_done(svc):
    """Old behaviour caught: someone who never played was told "your seats in matches
    now say 'Deleted player'"."""
    nobody = await svc.privacy.delete(Actor(99, "nobody"))
    assert nobody.lines == ["I kept nothing about you, so there was nothing to delete."]
    await svc.set_reminders(Actor(98, "settings only"), 6)
    only = await svc.privacy.delete(Actor(98, "settings only"))
    assert only.lines == ["Everything I kept about you is deleted."]
    match_id = await two_player(svc, CAT, QUINCY)
    await play_out(svc, match_id)
    done = await svc.privacy.delete(QUINCY)
    assert done.lines == ["Everything I kept about you is deleted.",
                          "Where others' records keep you, you are now \u201cDeleted "
                          "player\u201d: 1 match."]


async def test_the_export_has_the_private_posts(svc):
    """Old behaviour caught: ``match_posts`` (where her private views were DM'd) was not
    in ``/privacy export``."""
    match_id = await two_player(svc, QUINCY, CAT)
    await svc.store.set_posted(match_id, QUINCY.user_id, Posted(900, 901, "0:0", 1))
    data = json.loads((await svc.privacy.export(QUINCY))[1])
    assert data["private_posts"] == [{"match_id": match_id, "user_id": QUINCY.user_id,
                                      "channel_id": 900, "message_id": 901, "turn": "0:0",
                                      "version": 1, "buttons": 0}]
