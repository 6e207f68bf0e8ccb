"""Challenges and rematches through simcord: ``/challenge``, the "Challenge to a game"
user command, the Accept / Decline / Withdraw buttons, the lapse loop (fake clock), the
refusals, and the Rematch button under a final board, with two people and with a
computer seat."""

from __future__ import annotations

from datetime import timedelta

from tests.sim.harness import Sim, answer, labels, text_of


def challenge_post(sim: Sim, challenge_id: int):
    return next(m for m in sim.posts(sim.channel) if f"challenge #{challenge_id}:" in m.content)


async def challenge(sim: Sim, user, **options) -> int:
    result = await sim.slash(user, "challenge", **options)
    text = answer(result)
    assert result.ephemeral and text.startswith("Challenge #"), text
    return int(text.split("#")[1].split(" ")[0])


def thread_of(sim: Sim, text: str):
    """The thread a reply names (``… is open in <#id>``)."""
    thread_id = int(text.split("<#")[1].split(">")[0])
    return next(t for t in sim.channel.threads if t.id == thread_id)


async def test_a_challenge_accepted_opens_the_match_and_the_first_move_plays(sim: Sim):
    challenge_id = await challenge(sim, sim.ana, opponent=sim.bo, game="witch-stones",
                                   deadline=24)
    post = challenge_post(sim, challenge_id)
    assert f"<@{sim.bo.id}>" in post.content and "Ana challenges bo" in post.content.replace(
        "ana", "Ana")
    assert labels(post) == ["Accept", "Decline", "Withdraw"]
    refused = await sim.cy.click(post, label="Accept")
    assert refused.ephemeral and "not for you" in answer(refused)
    refused = await sim.ana.click(post, label="Decline")
    assert "not for you" in answer(refused)
    accepted = await sim.bo.click(post, label="Accept")
    text = answer(accepted)
    assert accepted.ephemeral and "is open in <#" in text, text
    thread = thread_of(sim, text)
    post = challenge_post(sim, challenge_id)
    assert labels(post) == [] and "has begun" in post.content
    board = sim.posts(thread)[-1]
    assert board.attachments and "begins" in text_of(board)
    match_id = int(text.split("Match #")[1].split(" ")[0])
    record = await sim.bot.service.match(match_id)
    assert record.thread_id == thread.id and record.status == "running"
    assert (await sim.bot.service.store.clock(match_id)).deadline == 24
    mover = await sim.to_move(match_id, [sim.ana, sim.bo])
    legal = (await sim.bot.service.waiting(match_id))[mover.id]
    await sim.move(mover, thread, legal[0])
    assert len(await sim.bot.service.store.moves(match_id)) >= 1


async def test_a_decline_closes_the_challenge_and_pings_the_challenger(sim: Sim):
    challenge_id = await challenge(sim, sim.ana, opponent=sim.bo, opponent2=sim.cy,
                                   game="terra")
    post = challenge_post(sim, challenge_id)
    assert f"<@{sim.bo.id}>" in post.content and f"<@{sim.cy.id}>" in post.content
    first = await sim.bo.click(post, label="Accept")
    assert "when everyone has" in answer(first)
    assert "bo accepted" in challenge_post(sim, challenge_id).content
    declined = await sim.cy.click(challenge_post(sim, challenge_id), label="Decline")
    assert declined.ephemeral and answer(declined) == "Declined."
    post = challenge_post(sim, challenge_id)
    assert labels(post) == [] and "was declined" in post.content
    notice = sim.posts(sim.channel)[-1]
    assert notice.content.startswith("cy declined your challenge")
    assert f"<@{sim.ana.id}>" in notice.content
    assert not any(t.name.startswith("Terra") for t in sim.channel.threads)


async def test_only_the_challenger_withdraws(sim: Sim):
    challenge_id = await challenge(sim, sim.ana, opponent=sim.bo, game="witch-stones")
    refused = await sim.bo.click(challenge_post(sim, challenge_id), label="Withdraw")
    assert "Only ana" in answer(refused)
    done = await sim.ana.click(challenge_post(sim, challenge_id), label="Withdraw")
    assert answer(done) == "Withdrawn."
    post = challenge_post(sim, challenge_id)
    assert labels(post) == [] and "was withdrawn" in post.content
    record = await sim.bot.service.get_challenge(challenge_id)
    assert record.status == "withdrawn"


async def test_an_unanswered_challenge_lapses_and_the_challenger_is_told(sim: Sim):
    challenge_id = await challenge(sim, sim.ana, opponent=sim.bo, game="witch-stones")
    service = sim.bot.service
    record = await service.get_challenge(challenge_id)
    cog = sim.bot.get_cog("Challenges")
    real_now = service.now
    base = real_now()
    service.now = lambda: base + timedelta(hours=47)
    assert await cog.tick() == 0
    service.now = lambda: base + timedelta(hours=48, minutes=1)
    assert await cog.tick() == 1
    assert await cog.tick() == 0  # told once
    post = challenge_post(sim, challenge_id)
    assert labels(post) == [] and "lapsed" in post.content
    notice = sim.posts(sim.channel)[-1]
    assert f"<@{sim.ana.id}>" in notice.content
    assert f"Your challenge #{record.id} to bo (Witch Stones) lapsed" in notice.content
    assert (await service.get_challenge(challenge_id)).status == "lapsed"


async def test_bad_challenges_are_refused(sim: Sim):
    robot = sim.guild.add_member(sim.env.create_user("robo", bot=True))
    result = await sim.slash(sim.ana, "challenge", opponent=sim.ana, game="witch-stones")
    assert result.ephemeral and "yourself" in answer(result)
    result = await sim.slash(sim.ana, "challenge", opponent=robot, game="witch-stones")
    assert "bot account" in answer(result)
    result = await sim.slash(sim.ana, "challenge", opponent=sim.bo, opponent2=sim.cy,
                             game="witch-stones")
    assert "Witch Stones is for 2 players" in answer(result)
    await challenge(sim, sim.ana, opponent=sim.bo, game="witch-stones")
    result = await sim.slash(sim.ana, "challenge", opponent=sim.bo, game="witch-stones")
    assert "already challenged bo" in answer(result)
    menu = await sim.ana.context_menu(sim.channel, "Challenge to a game", robot)
    assert menu.ephemeral and "bot account" in answer(menu)
    assert len([m for m in sim.posts(sim.channel) if "challenge #" in m.content]) == 1


async def test_the_user_command_offers_the_games_and_posts_the_challenge(sim: Sim):
    menu = await sim.ana.context_menu(sim.channel, "Challenge to a game", sim.cy)
    assert menu.ephemeral and "which game" in answer(menu)
    shown = menu.response
    picked = await sim.ana.select(shown, ["angry-gods"])
    assert picked.response.content == "Challenge #1 is posted."  # the menu, edited
    post = next(m for m in sim.posts(sim.channel) if "challenge #" in m.content)
    assert "Angry Gods" in post.content and f"<@{sim.cy.id}>" in post.content


async def finish_by_resigning(sim: Sim, match_id: int, thread, players) -> None:
    """The players resign one by one until the match is over (3+ seats: the bot plays a
    resigned seat, so the match goes on until one player is left)."""
    for player in players:
        if (await sim.bot.service.match(match_id)).status != "running":
            break
        result = await sim.slash(player, "resign", thread, confirm=True)
        assert "You resigned" in answer(result), answer(result)
    assert (await sim.bot.service.match(match_id)).status == "finished"


async def test_rematch_with_two_people_rotates_the_seats(sim: Sim):
    match_id, thread = await sim.start(sim.ana, "witch-stones", [sim.bo])
    await finish_by_resigning(sim, match_id, thread, [sim.ana, sim.bo])
    final = sim.posts(thread)[-1]
    assert labels(final) == ["Rematch"]
    refused = await sim.cy.click(final, label="Rematch")
    assert refused.ephemeral and "Only the players" in answer(refused)
    first = await sim.bo.click(final, label="Rematch")
    assert first.ephemeral and "Asked" in answer(first)
    waiting = sim.posts(thread)[-1]
    assert "bo asked for a rematch" in waiting.content and f"<@{sim.ana.id}>" in waiting.content
    again = await sim.bo.click(final, label="Rematch")
    assert "already asked" in answer(again)
    done = await sim.ana.click(final, label="Rematch")
    text = answer(done)
    assert "is open in <#" in text, text
    new_id = int(text.split("Match #")[1].split(" ")[0])
    new_thread = thread_of(sim, text)
    assert new_thread.name.endswith(f"#{new_id}") and sim.posts(new_thread)[-1].attachments
    old, new = await sim.bot.service.match(match_id), await sim.bot.service.match(new_id)
    assert [s.user_id for s in new.by_seat()] == [s.user_id for s in old.by_seat()][::-1]
    assert f"#{new_id}" in sim.posts(thread)[-1].content
    spent = next(m for m in sim.posts(thread) if m.id == final.id)
    assert labels(spent) == []  # the button is spent


async def test_rematch_with_a_computer_seat(sim: Sim):
    match_id, thread = await sim.start(sim.ana, "terra", [sim.bo], bots=1, level="easy")
    players = [sim.ana, sim.bo]
    await finish_by_resigning(sim, match_id, thread, players)
    record = await sim.bot.service.match(match_id)
    final = next(m for m in reversed(sim.posts(thread)) if "Rematch" in labels(m))
    await sim.ana.click(final, label="Rematch")
    done = await sim.bo.click(final, label="Rematch")
    text = answer(done)
    new_id = int(text.split("Match #")[1].split(" ")[0])
    new = await sim.bot.service.match(new_id)
    before = [(s.user_id, s.display_name) for s in record.by_seat()]
    assert [(s.user_id, s.display_name) for s in new.by_seat()] == before[1:] + before[:1]
    assert any(name == "Computer 1 (easy)" for _, name in before)


async def test_rematch_of_a_forum_match_opens_a_new_post_in_the_forum(sim: Sim):
    forum = sim.guild.create_forum_channel("boards")
    result = await sim.slash(sim.ana, "match start", forum, game="witch-stones")
    [post] = forum.threads
    match_id = int(text_between(answer(result), "#", " "))
    lobby = sim.posts(post)[0]
    await sim.bo.click(lobby, label="Join")
    await sim.ana.click(lobby, label="Start")
    await finish_by_resigning(sim, match_id, post, [sim.ana, sim.bo])
    final = sim.posts(post)[-1]
    await sim.ana.click(final, label="Rematch")
    done = await sim.bo.click(final, label="Rematch")
    new_id = int(answer(done).split("Match #")[1].split(" ")[0])
    [new_post] = [t for t in forum.threads if t.id != post.id]
    assert new_post.name.endswith(f"#{new_id}")
    assert sim.posts(new_post)[-1].attachments  # the new match's first board is there


def text_between(text: str, before: str, after: str) -> str:
    return text.split(before, 1)[1].split(after, 1)[0]
