"""The whole path of one move, as the bot runs it, and the sequential throughput measure.

One move: the gateway frame of a click on an action button is decoded and
dispatched (`_gateway.dispatch`), the game is looked up and checked against
the channel, `TableService.act` applies the engine and commits one SQLite
transaction, then the two answers are rendered and serialised as discord.py
sends them: the clicker's hand (interaction response, type 7) and the public
table (message edit), embeds and components both.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import time
from dataclasses import dataclass, field
from typing import Any

from discord.http import handle_message_parameters
from discord.utils import _to_json
from discord.webhook.async_ import interaction_message_response_params

from bot.errors import ForgedComponentError
from bot.i18n import language_of
from bot.services.tables import Outcome, Table, TableService
from bot.storage import Seat
from cogs.render.frame import table_embed
from cogs.tables import _ids
from cogs.tables._components import ActionButton
from cogs.tables._reply import ACK_DEADLINE
from cogs.tables._views import hand_message, table_view

from ._gateway import Snowflakes, click_frame, dispatch, with_version

PLAYERS = 3
UPDATE_MESSAGE = 7  # interaction response type: edit the clicked message
LOCALES = ("en-US", "en-GB", "fr")
HIT_BIAS = 0.7  # how often a player hits when both actions are legal
STAGES = ("decode and dispatch", "act: engine and commit", "render and serialise")


@dataclass
class Game:
    """One table being played by the bench: what its players last saw."""

    table: Table
    players: tuple[Seat, ...]
    locales: tuple[str, ...]
    message: dict[str, Any]  # the last rendered hand: the message a player clicks on
    busy: bool = False


@dataclass(frozen=True)
class Handled:
    outcome: Outcome
    hand: dict[str, Any]  # the interaction response's message: embeds and components
    sent_bytes: int  # JSON bytes of both answers
    stages: tuple[float, float, float]  # seconds in each of STAGES


@dataclass
class Room:
    """Opens games and plays their moves through the whole path on one TableService."""

    service: TableService
    rng: random.Random
    ids: Snowflakes = field(default_factory=Snowflakes)
    opened: int = 0
    seq: int = 0

    def __post_init__(self) -> None:
        self.guild_id = self.ids()
        self.application_id = self.ids()

    async def open_game(self) -> Game:
        """A started 3-player Pairs game in a new channel: lobby, table message, two joins, start (5 transactions)."""
        players = tuple(Seat(self.ids(), f"Player{self.rng.randrange(10_000)}") for _ in range(PLAYERS))
        locales = tuple(self.rng.choice(LOCALES) for _ in players)
        service = self.service
        table = await service.open_lobby(
            guild_id=self.guild_id, channel_id=self.ids(), game="pairs", host=players[0], locale="en"
        )
        await service.set_table_message(table, self.ids())
        for seat in players[1:]:
            await service.join(table.id, seat)
        table = await service.start(table.id, players[0].user_id)
        self.opened += 1
        first = table.to_act[0]
        embed, view = hand_message(table, first, "en")
        message = {"id": self.ids(), "embeds": [embed.to_dict()], "components": view.to_components()}
        return Game(table=table, players=players, locales=locales, message=message)

    def click(self, game: Game) -> str:
        """The acting player's next click, as the gateway frame text: Discord's side of the move.

        The player picks a legal action (hit more often than fold) on the last hand message shown at
        the table, its buttons pinned to the current version as a refreshed hand would be. Outside the
        throughput timing; under load it runs inside the arrival, as the gateway's own work would.
        """
        table = game.table
        assert table.state is not None
        seat = table.to_act[0]
        legal = [
            index
            for index, action in enumerate(self.service.candidates(table, seat))
            if table.engine.refusal(table.state, seat, action) is None
        ]
        index = legal[0] if len(legal) == 1 or self.rng.random() < HIT_BIAS else legal[1]
        version = table.record.version
        token = table.engine.decision_token(table.state, seat)
        message = {**game.message, "components": with_version(game.message["components"], table.id, version, token)}
        self.seq += 1
        return click_frame(
            seq=self.seq,
            ids=self.ids,
            application_id=self.application_id,
            guild_id=self.guild_id,
            channel_id=table.record.channel_id,
            user=game.players[seat],
            locale=game.locales[seat],
            custom_id=_ids.action(table.id, version, index, token),
            message=message,
        )

    async def handle(self, text: str) -> Handled:
        """The whole path of one move, from the gateway frame to the JSON bodies sent back."""
        start = time.perf_counter()
        data, item = await dispatch(text)
        if not isinstance(item, ActionButton):
            raise ForgedComponentError()
        timer = asyncio.create_task(asyncio.sleep(ACK_DEADLINE))  # what `guarded`'s Reply starts and stops
        try:
            table = await self.service.get(item.game_id)
            if table.record.channel_id != int(data["channel_id"]):
                raise ForgedComponentError()
            lang = language_of(data["locale"])
            user_id = int(data["member"]["user"]["id"])
            dispatched = time.perf_counter()
            outcome = await self.service.act(item.game_id, user_id, item.version, item.index, item.token)
            acted = time.perf_counter()
            after = outcome.table
            embed, view = hand_message(after, outcome.seat, lang)
            hand = interaction_message_response_params(type=UPDATE_MESSAGE, content=None, embed=embed, view=view)
            edit = handle_message_parameters(
                embed=table_embed(after, after.record.locale), view=table_view(after, after.record.locale)
            )
            sent = len(_to_json(hand.payload)) + len(_to_json(edit.payload))
        finally:
            timer.cancel()
        done = time.perf_counter()
        stages = (dispatched - start, acted - dispatched, done - acted)
        assert hand.payload is not None
        return Handled(outcome=outcome, hand=hand.payload["data"], sent_bytes=sent, stages=stages)

    def played(self, game: Game, handled: Handled) -> None:
        """What the players see after the move (the next click is on this hand)."""
        game.table = handled.outcome.table
        game.message = {"id": self.ids(), "embeds": handled.hand["embeds"], "components": handled.hand["components"]}


@dataclass(frozen=True)
class PathResult:
    moves: int
    games: int
    seconds: float  # wall time inside the path, summed over moves
    cpu_seconds: float  # event-loop thread CPU inside the path (the rest is waiting on SQLite)
    mean_ms: float
    median_ms: float
    stages_ms: dict[str, float]  # mean wall time per move of each stage of the path
    state_bytes: float  # mean state JSON length per committed move
    frame_bytes: float  # mean gateway frame length
    sent_bytes: float  # mean JSON sent back per move

    @property
    def per_second(self) -> float:
        return self.moves / self.seconds


class Throughput:
    """Moves one after the other on one table at a time; a new game in a new channel whenever one ends."""

    def __init__(self, room: Room) -> None:
        self.room = room
        self.game: Game | None = None
        self.games = 0
        self.durations: list[float] = []
        self.cpu = 0.0
        self.stages = dict.fromkeys(STAGES, 0.0)
        self.states: list[int] = []
        self.samples: list[str] = []  # every state committed, warm-up included
        self.frames = self.sent = 0

    async def run(self, moves: int, *, record: bool = True) -> None:
        room = self.room
        for _ in range(moves):
            if self.game is None:
                self.game = await room.open_game()
                self.games += record
            text = room.click(self.game)
            cpu = time.thread_time()
            start = time.perf_counter()
            handled = await room.handle(text)
            elapsed = time.perf_counter() - start
            cpu = time.thread_time() - cpu
            room.played(self.game, handled)
            if record:
                self.durations.append(elapsed)
                self.cpu += cpu
                for stage, seconds in zip(STAGES, handled.stages, strict=True):
                    self.stages[stage] += seconds
                self.states.append(len(handled.outcome.table.record.state or ""))
                self.frames += len(text)
                self.sent += handled.sent_bytes
            self.samples.append(handled.outcome.table.record.state or "")
            if handled.outcome.finished:
                self.game = None

    def state_sample(self) -> str:
        """A state committed so far, of about their mean size: what the bare commit writes."""
        mean = statistics.fmean(len(state) for state in self.samples)
        return min(self.samples, key=lambda state: abs(len(state) - mean))

    def result(self) -> PathResult:
        moves = len(self.durations)
        return PathResult(
            moves=moves,
            games=self.games,
            seconds=sum(self.durations),
            cpu_seconds=self.cpu,
            mean_ms=statistics.fmean(self.durations) * 1000,
            median_ms=statistics.median(self.durations) * 1000,
            stages_ms={stage: total / moves * 1000 for stage, total in self.stages.items()},
            state_bytes=statistics.fmean(self.states),
            frame_bytes=self.frames / moves,
            sent_bytes=self.sent / moves,
        )
