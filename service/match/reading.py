"""Reading a match without changing it: the board, the standing, a player's own view,
the history of moves, and the state rebuilt from the move log."""

from __future__ import annotations

from dataclasses import dataclass

import rendering.text
from db import ABORTED, FINISHED, LOBBY, RUNNING, MatchRecord, Store
from engines.base import Game, Result, State
from service.clocks.turn_clocks import TurnClocks
from service.common import boundary
from service.common.boundary import neutral
from service.common.model import Actor, Post
from service.common.names import scores_text, sentence
from service.learning import lessons
from service.match.core import Matches
from service.match.lobby import Lobby
from service.match.pictures import Pictures
from service.match.recent import marks_for


@boundary.guarded
@dataclass(eq=False)
class Reading:
    store: Store
    matches: Matches
    pictures: Pictures
    clocks: TurnClocks
    lobby: Lobby

    async def board(self, match_id: int, actor: Actor | None = None) -> Post:
        """The public board and status."""
        return await self.standing(match_id, actor, picture=True)

    async def text_board(self, match_id: int, actor: Actor | None = None
                         ) -> tuple[str, str]:
        """The status (Markdown, names escaped) and the whole public board as plain text
        (:mod:`rendering.text`, names as written): what a screen reader reads when the
        picture's alt text had to leave something out. No board before the start."""
        match = await self.matches.readable(match_id, actor)
        if match.status == LOBBY or match.snapshot is None:
            return self.lobby.lobby_text(match), ""
        game, state = self.matches.state_of(match)
        board = rendering.text.text_board(game.slug, game.view(state, None), match.names)
        status = self.status_text(match, game, state)
        if match.lesson:  # a learner reading the board as text reads the step as well
            status = lessons.framed(Post(status), match, await self.store.moves(match.id)).text
        return status, board

    async def standing(self, match_id: int, actor: Actor | None = None,
                       picture: bool = False) -> Post:
        """Scores and whose turn (with the itemised table where the game has one), and
        the public board when ``picture`` (every move since the player to act last moved
        outlined, as on the post that handed them the turn)."""
        match = await self.matches.readable(match_id, actor)
        if match.status == LOBBY:
            return Post(self.lobby.lobby_text(match))
        game, state = self.matches.state_of(match)
        png = alt = pending = None
        played = await self.store.moves(match.id) if picture or match.lesson else []
        if picture:  # the alt text says what the picture shows: the same view and marks
            acting = game.to_act(state) if match.status == RUNNING else []
            marks = marks_for(played, acting[0] if acting else None)
            png = await self.pictures.picture(match, game, state, None, marks)
            alt = self.pictures.alt(match, game, state, None, marks)
            pending = self.pictures.later(match, game, state, None, marks)
        text = "\n".join([self.status_text(match, game, state),
                          *await self.clocks.clock_lines(match)])
        post = Post(text, png, table=self.matches.table(match, game, state), alt=alt,
                    pending=pending, accent=self.pictures.accent(match, game, state))
        return lessons.framed(post, match, played) if match.lesson else post

    async def private(self, match_id: int, actor: Actor) -> Post:
        """The actor's own view (their secrets included), for the ephemeral command."""
        match = await self.matches.readable(match_id, actor)
        seated = self.matches.player(match, actor)
        game, state = self.matches.state_of(match)
        text = self.matches.private_text(match, game, state, seated.number)
        note = await self.store.note(match.id, actor.user_id)
        if note:
            text = f"{text}\n\nYour note (only you see it):\n{neutral(note)}"
        marks = marks_for(await self.store.moves(match.id), seated.number)
        return Post(text, await self.pictures.picture(match, game, state, seated.number, marks),
                    filename="my-view.png",
                    alt=self.pictures.alt(match, game, state, seated.number, marks),
                    pending=self.pictures.later(match, game, state, seated.number, marks),
                    accent=self.pictures.accent(match, game, state))

    async def history(self, match_id: int, actor: Actor | None = None,
                      public: bool = False) -> list[str]:
        """Every move so far as a sentence for this viewer (private moves stay private):
        the actor's own view when seated, unless ``public`` asks for what everyone sees."""
        match = await self.matches.readable(match_id, actor)
        if match.snapshot is None:  # never started (in its lobby, or aborted there)
            return []
        game = self.matches.game_of(match.game)
        seated = match.seat_of(actor.user_id) if actor else None
        viewer = seated.seat if seated and not public else None
        moves = await self.store.moves(match.id)
        lines = []
        for record, state in zip(moves, self.matches.positions(match, moves), strict=False):
            text = self.matches.describe(match, game, state, record.seat, record.notation, viewer)
            lines.append(f"{record.seq}. {text}")
        if match.result and match.status == FINISHED:
            lines.append(sentence(self.matches.named(match, match.result["reason"])))
        return lines

    async def replay(self, match_id: int) -> State:
        """The state rebuilt from the move log alone (the snapshot must equal it)."""
        match = await self.matches.match(match_id)
        *_, state = self.matches.positions(match, await self.store.moves(match.id))
        return state

    def status_text(self, match: MatchRecord, game: Game, state: State) -> str:
        view = game.view(state, None)
        parts = [f"**{game.title}** #{match.id}"]
        if "scores" in view:
            parts.append(scores_text(self.matches.names(match), view["scores"],
                                     self.matches.score_unit(match)))
        if match.status == RUNNING:
            parts.append(f"To act: {self.matches.waiting_text(match, game, state)}.")
        elif match.result:
            parts.append(self.matches.result_text(match, Result(**match.result)))
        elif match.status == ABORTED:
            parts.append("Aborted.")
        return "\n".join(parts)
