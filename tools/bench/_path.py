"""The whole path of one move, as the bot runs it, and the sequential throughput measure.

Any game of the registry (3-player Pairs by default). One move: the gateway frame of a click on an action
button is decoded and
dispatched (`_gateway.dispatch`), the game is looked up and checked against
the channel, `PlayService.act` applies the engine and commits one
transaction, then the two answers are rendered and serialised as discord.py
sends them: the clicker's hand (interaction response, type 7) and the public
table (message edit), embeds and components both. Each move is shown at once,
as at a table whose message was not edited within the refresher's delay (a
move of a game played across the day, or at a live table's usual pace): the
hand and the table are drawn while the commit is in flight, as the handler has
them drawn (`TableStore.commit`'s `draw`, `TableHandlers._hand_drawer`),
and their time falls in the stage "act: engine and commit". (Faster moves at
one table are shown together, in one drawing per delay: this path draws more.)
"""

from __future__ import annotations

import asyncio
import random
import statistics
import time
from dataclasses import dataclass, field
from typing import Any

import discord
from discord.http import handle_message_parameters
from discord.utils import _to_json
from discord.webhook.async_ import interaction_message_response_params

from bot.errors import ForgedComponentError
from bot.i18n import language_of
from bot.services.tables import Outcome, Table, Tables, TableStore, engine_for
from bot.storage import ClockWrite, Seat
from cogs.kit.reply import ACK_DEADLINE
from cogs.render.frame import secret_events
from cogs.tables import _draft, _picker
from cogs.tables._components import Move, Pick, PickConfirm
from cogs.tables._refresher import shown_as_drawn
from cogs.tables._views import confirm_question, hand_message, picker_pick, table_message
from engines.core import Withdraw

from ._gateway import Snowflakes, click_frame, dispatch, with_version

PLAYERS = 3  # or the game's nearest player count
UPDATE_MESSAGE = 7  # interaction response type: edit the clicked message
LOCALES = ("en-US", "en-GB", "fr")
HIT_BIAS = 0.7  # how often a player takes the first legal action (Pairs: hit) when others are legal too
STAGES = ("decode and dispatch", "act: engine and commit", "render and serialise")


@dataclass
class Game:
    """One table being played by the bench: what its players last saw."""

    table: Table
    players: tuple[Seat, ...]
    locales: tuple[str, ...]
    message: dict[str, Any]  # the last rendered hand: the message a player clicks on
    busy: bool = False


Drawn = tuple[discord.Embed, discord.ui.View]
DrawnTable = tuple[discord.Embed, discord.ui.View | None]


def _draw_hand(table: Table, user_id: int, lang: str) -> Drawn:
    """The clicker's hand after the move, as `TableHandlers._draw_hand` draws it (its perspective, its secret
    events, the message)."""
    seat = table.seat_of(user_id)
    assert table.state is not None and seat is not None
    perspective = table.perspective(seat)
    secret_events(perspective)
    return hand_message(table, seat, lang, perspective=perspective)


@dataclass(frozen=True)
class Handled:
    outcome: Outcome
    hand: dict[str, Any]  # the interaction response's message: embeds and components
    sent_bytes: int  # JSON bytes of both answers
    stages: tuple[float, float, float]  # seconds in each of STAGES


def _ring() -> None:
    """The Reply's deferral alarm: never rings in the bench (every move is answered well within it)."""


def players_for(game: str) -> int:
    """`PLAYERS`, or the nearest count the game allows."""
    engine = engine_for(game)
    return min(max(PLAYERS, engine.min_players), engine.max_players)


@dataclass
class Room:
    """Opens games of `game` and plays their moves through the whole path on one Tables."""

    service: Tables
    rng: random.Random
    ids: Snowflakes = field(default_factory=Snowflakes)
    game: str = "pairs"
    opened: int = 0
    seq: int = 0

    def __post_init__(self) -> None:
        self.guild_id = self.ids()
        self.application_id = self.ids()

    async def open_game(self) -> Game:
        """A started game in a new channel (3 players when the game allows): lobby, table message, the joins, start
        (4 transactions and one per guest)."""
        count = players_for(self.game)
        players = tuple(Seat(self.ids(), f"Player{self.rng.randrange(10_000)}") for _ in range(count))
        locales = tuple(self.rng.choice(LOCALES) for _ in players)
        service = self.service
        table = await service.lobby.open_lobby(
            guild_id=self.guild_id, channel_id=self.ids(), game=self.game, host=players[0], locale="en"
        )
        await service.store.set_table_message(table, self.ids())
        for seat in players[1:]:
            await service.lobby.join(table.id, seat)
        table = await service.lobby.start(table.id, players[0].user_id)
        self.opened += 1
        first = table.to_act[0]
        embed, view = hand_message(table, first, "en")
        message = {"id": self.ids(), "embeds": [embed.to_dict()], "components": view.to_components()}
        return Game(table=table, players=players, locales=locales, message=message)

    def click(self, game: Game) -> str:
        """The acting player's next click, as the gateway frame text: Discord's side of the move.

        A player who must act picks a legal action other than leaving (the first more often than the
        others: in Pairs, hit more often than fold). A button is clicked on the last hand message shown
        at the table, its buttons pinned to the current version as a refreshed hand would be, or, when
        that hand does not carry it (another seat's choices), on their own hand, drawn here; a costly
        move is clicked on its confirmation ("Yes"). A card the hand offers in its card picker is
        chosen in its select (a single pick plays at once); several cards are chosen, then confirmed
        (the click measured is the confirmation). Outside the throughput timing; under load it runs
        inside the arrival, as the gateway's own work would.
        """
        table = game.table
        assert table.state is not None
        seat = table.to_act[0] if len(table.to_act) == 1 else self.rng.choice(table.to_act)
        lang = language_of(game.locales[seat])
        candidates = self.service.play.candidates(table, seat)
        legal = [
            index
            for index, action in enumerate(candidates)
            if not isinstance(action, Withdraw) and table.engine.refusal(table.state, seat, action) is None
        ]
        index = legal[0] if len(legal) == 1 or self.rng.random() < HIT_BIAS else self.rng.choice(legal[1:])
        version = table.record.version
        token = table.engine.decision_token(table.state, seat)
        values: list[str] | None = None
        pick = picker_pick(table, seat)
        action = candidates[index]
        if pick is not None and getattr(action, "kind", None) == pick.kind:
            chosen = getattr(action, pick.field)
            cards = [str(card) for card in chosen] if isinstance(chosen, list | tuple) else [str(chosen)]
            if _picker.is_single(pick):
                embed, view = hand_message(table, seat, lang)
                values = cards
                custom_id = next(
                    child["custom_id"]
                    for row in view.to_components()
                    for child in row["components"]
                    if any(option["value"] == cards[0] for option in child.get("options", ()))
                )
            else:
                draft = _picker.canonical(pick, cards)
                embed, view = hand_message(table, seat, lang, draft=draft)
                custom_id = PickConfirm(table.id, version, token, _draft.encode_draft(draft)).custom_id
            message = {"id": self.ids(), "embeds": [embed.to_dict()], "components": view.to_components()}
        elif confirm_question(table, seat, index, lang) is not None:
            embed, view = hand_message(table, seat, lang, confirm=index)
            custom_id = Move(table.id, version, index, token, confirmed=True).custom_id
            message = {"id": self.ids(), "embeds": [embed.to_dict()], "components": view.to_components()}
        else:
            custom_id = Move(table.id, version, index, token).custom_id
            components = with_version(game.message["components"], table.id, version, token)
            if not any(child.get("custom_id") == custom_id for row in components for child in row["components"]):
                embed, view = hand_message(table, seat, lang)
                components = view.to_components()
                game.message = {"id": self.ids(), "embeds": [embed.to_dict()], "components": components}
            message = {**game.message, "components": components}
        self.seq += 1
        return click_frame(
            seq=self.seq,
            ids=self.ids,
            application_id=self.application_id,
            guild_id=self.guild_id,
            channel_id=table.record.channel_id,
            user=game.players[seat],
            locale=game.locales[seat],
            custom_id=custom_id,
            message=message,
            values=values,
        )

    async def _act(
        self, item: Move | Pick | PickConfirm, table: Table, user_id: int, lang: str, data: dict[str, Any]
    ) -> Outcome:
        """What the handler of the clicked item does before the answer: `TableHandlers.act`, `pick_select` or
        `pick_confirm` (the question of a costly move is computed, as for every unconfirmed click). The clicker's
        hand is drawn while the commit is in flight, as `TableHandlers._hand_drawer` has it drawn."""
        service = self.service

        def draw(after: Table) -> tuple[Drawn, DrawnTable | None]:
            hand = _draw_hand(after, user_id, lang)
            return hand, table_message(after) if shown_as_drawn(after) else None  # as the handler

        if isinstance(item, Move):
            if not item.confirmed:
                seat = table.seat_of(user_id)
                if seat is not None and confirm_question(table, seat, item.index, lang) is not None:
                    raise ForgedComponentError()  # the bench clicks the confirmation of a costly move
            return await service.play.act(item.game, user_id, item.version, item.index, item.token, draw=draw)
        if isinstance(item, Pick):
            table, _, pick = await service.play.pending_pick(item.game, user_id, item.version, item.token)
            chosen = _picker.chosen_in_select(pick, item.page, item.select, data["data"]["values"])
            cards = [pick.cards[chosen[0]]]
            return await service.play.act_pick(item.game, user_id, item.version, item.token, cards, draw=draw)
        cards = _draft.decode_draft(item.draft)
        return await service.play.act_pick(item.game, user_id, item.version, item.token, cards, draw=draw)

    async def handle(self, text: str) -> Handled:
        """The whole path of one move, from the gateway frame to the JSON bodies sent back."""
        start = time.perf_counter()
        data, routed = await dispatch(text)
        item = getattr(routed, "ids", None)  # the component the routed item parsed (`cogs.kit.components.route`)
        if not isinstance(item, Move | Pick | PickConfirm):
            raise ForgedComponentError()
        timer = asyncio.get_running_loop().call_later(ACK_DEADLINE, _ring)  # what `guarded`'s Reply starts and stops
        try:
            table = await self.service.store.get(item.game)
            if table.record.channel_id != int(data["channel_id"]):
                raise ForgedComponentError()
            lang = language_of(data["locale"])
            user_id = int(data["member"]["user"]["id"])
            dispatched = time.perf_counter()
            outcome = await self._act(item, table, user_id, lang, data)
            acted = time.perf_counter()
            after = outcome.table
            drawn = outcome.drawn  # as `TableHandlers._send_hand` and the refresher: drawn ahead, or now
            (embed, view), public = drawn if isinstance(drawn, tuple) else (_draw_hand(after, user_id, lang), None)
            table_drawn, table_controls = public if public is not None else table_message(after)
            hand = interaction_message_response_params(type=UPDATE_MESSAGE, content=None, embed=embed, view=view)
            edit = handle_message_parameters(embed=table_drawn, view=table_controls)
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
        self.writes: list[ClockWrite] = []  # the clock's rows committed with each move at a clocked table
        self.frames = self.sent = 0

    async def run(self, moves: int, *, record: bool = True) -> None:
        room = self.room
        for _ in range(moves):
            if self.game is None:
                self.game = await room.open_game()
                self.games += record
            text = room.click(self.game)
            before = self.game.table
            cpu = time.thread_time()
            start = time.perf_counter()
            handled = await room.handle(text)
            elapsed = time.perf_counter() - start
            cpu = time.thread_time() - cpu
            room.played(self.game, handled)
            self._note_clock_rows(before, handled.outcome)
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

    def _note_clock_rows(self, before: Table, outcome: Outcome) -> None:
        """The clock's rows the move committed, worked out as the service does (a game's end writes none)."""
        after = outcome.table
        clock = after.clock
        if outcome.finished or clock is None or after.state is None:
            return
        self.writes.append(TableStore.clock_write(after.record, before.clock, clock, after.state.withdrawn))

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
