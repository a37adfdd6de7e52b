"""The whole path of one move, through the bot itself, and the sequential throughput measure.

Any game of the registry (3-player Pairs by default). A move is a click: the bench builds the gateway frame a
player's click on their hand would bring (`_gateway.click_frame`: an action button, a card chosen in a select, or
a costly move's confirmation) and hands it to the real bot running in this process (`_bot.BenchBot`):
discord.py decodes it into its Interaction and routes it to our component, and the production handler does the
rest (the gate, the engine, the commit, the answer, the table edit, the bell, and what they write). The clock of
a move runs from the frame to the interaction's answer reaching (loopback) Discord, and, for the throughput, on
until everything the move started has settled. Opening a game (lobby, joins, start) goes through the service
directly and is not timed.
"""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import dataclass, field
from typing import Any

from bot.errors import CardroomError
from bot.i18n import language_of
from bot.services.tables import Outcome, Table, Tables, TableStore, engine_for
from bot.storage import ClockWrite, Seat
from cogs.tables import _draft, _picker
from cogs.tables._components import Move, PickConfirm
from cogs.tables._views import confirm_question, hand_message, picker_pick
from engines.core import Withdraw

from ._bot import BenchBot
from ._gateway import Snowflakes, click_frame, now_snowflake, with_version

PLAYERS = 3  # or the game's nearest player count
UPDATE_MESSAGE = 7  # interaction response type: edit the clicked message
LOCALES = ("en-US", "en-GB", "fr")
HIT_BIAS = 0.7  # how often a player takes the first legal action (Pairs: hit) when others are legal too
STAGES = ("to the answer", "after the answer")


class UnexpectedAnswerError(CardroomError):
    """The bot answered a bench click with something other than the updated hand (a refusal, an error)."""


@dataclass
class Game:
    """One table being played by the bench: what its players last saw."""

    table: Table
    players: tuple[Seat, ...]
    locales: tuple[str, ...]
    message: dict[str, Any]  # the last rendered hand: the message a player clicks on
    busy: bool = False
    hands: dict[int, int] = field(default_factory=dict)  # seat -> the id of their hand message (updated in place)


@dataclass(frozen=True)
class Handled:
    outcome: Outcome
    hand: dict[str, Any]  # the interaction response's message: embeds and components
    stages: tuple[float, float]  # seconds in each of STAGES (the second 0 when the move was not settled)


def players_for(game: str) -> int:
    """`PLAYERS`, or the nearest count the game allows."""
    engine = engine_for(game)
    return min(max(PLAYERS, engine.min_players), engine.max_players)


@dataclass
class Room:
    """Opens games of `game` and plays their moves through the bot itself (`BenchBot`), over `service`.

    The bot starts with the first game opened; `close()` stops it (the database stays open). `edit_delay`: the
    table edit's coalescing delay (0: every move edits its table at once, as at a quiet table)."""

    service: Tables
    rng: random.Random
    ids: Snowflakes = field(default_factory=Snowflakes)
    game: str = "pairs"
    opened: int = 0
    seq: int = 0
    edit_delay: float = 0.0
    latency: float = 0.0  # each request's round trip to (loopback) Discord
    bot: BenchBot | None = None
    _issued: dict[str, tuple[int, int, int]] = field(default_factory=dict)  # frame -> interaction, game, seat
    _last_id: int = 0

    def __post_init__(self) -> None:
        self.guild_id = self.ids()
        self.application_id = self.ids()

    async def started(self) -> BenchBot:
        """The bot, started on first use."""
        if self.bot is None:
            bot = BenchBot(self.service, edit_delay=self.edit_delay, latency=self.latency)
            await bot.start()
            self.bot = bot
            self.application_id = bot.application_id
        return self.bot

    async def close(self) -> None:
        """Stop the bot (after what it started has settled); the database stays open."""
        if self.bot is not None:
            await self.bot.close()
            self.bot = None

    async def open_game(self) -> Game:
        """A started game in a new channel (3 players when the game allows): lobby, table message, the joins, start
        (4 transactions and one per guest), through the bot's table services."""
        await self.started()
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

    def click(self, game: Game, *, issue: bool = True) -> str:
        """The acting player's next click, as the gateway frame text: Discord's side of the move.

        A player who must act picks a legal action other than leaving (the first more often than the
        others: in Pairs, hit more often than fold). A button is clicked on the last hand message shown
        at the table, its buttons pinned to the current version as a refreshed hand would be, or, when
        that hand does not carry it (another seat's choices), on their own hand, drawn here; a costly
        move is clicked on its confirmation ("Yes"). A card the hand offers in its card picker is
        chosen in its select (a single pick plays at once); several cards are chosen, then confirmed
        (the click measured is the confirmation). Outside the throughput timing; under load it runs
        inside the arrival, as the gateway's own work would. Worked out on a copy of the table: what the bot
        holds is left as a player's click finds it (the seat's decision not worked out ahead for the handler).
        """
        held = game.table
        table = Table(record=held.record, engine=held.engine, state=held.state)
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
        message = {**message, "id": game.hands.setdefault(seat, self.ids())}  # each player clicks on their own hand
        self.seq += 1
        self._last_id = now_snowflake(self._last_id)
        frame = click_frame(
            interaction_id=self._last_id,
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
        if issue:  # to be handed to the bot (`handle`); not for a frame only decoded (`_answers`)
            self._issued[frame] = (self._last_id, table.id, seat)
        return frame

    async def handle(self, text: str, *, settle: bool = False) -> Handled:
        """One click through the bot, from the gateway frame (made by `click`) to its answer; with `settle`, on
        until everything the move started has finished (the table edit, the bell, their writes)."""
        bot = await self.started()
        interaction_id, table_id, seat = self._issued.pop(text)
        start = time.perf_counter()
        answer = await bot.click(text, interaction_id)
        if settle:
            await bot.settled()
        done = time.perf_counter()
        if answer.kind != UPDATE_MESSAGE or not answer.data.get("components"):
            raise UnexpectedAnswerError("error.unexpected", answer=answer.data.get("content"))
        table = await self.service.store.get(table_id)
        finished = table.record.status != "active" or table.result is not None
        outcome = Outcome(table=table, seat=seat, finished=finished)
        stages = (answer.at - start, done - answer.at if settle else 0.0)
        return Handled(outcome=outcome, hand=answer.data, stages=stages)

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
    sent_bytes: float  # mean bytes of request bodies the bot sent to Discord per move
    requests: float = 0.0  # mean requests to Discord per move (the answer, the table edit, the bell...)
    durable_commits: float = 0.0  # mean durable transactions per move (every write it caused, settled)
    light_commits: float = 0.0  # mean bookkeeping commits without a sync of their own per move

    @property
    def per_second(self) -> float:
        return self.moves / self.seconds


class Throughput:
    """Moves one after the other on one table at a time, each settled before the next (everything it started has
    finished: its durable work is done); a new game in a new channel whenever one ends."""

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
        self.frames = self.sent = self.requests = self.durable = self.light = 0

    async def run(self, moves: int, *, record: bool = True) -> None:
        room = self.room
        for _ in range(moves):
            if self.game is None:
                self.game = await room.open_game()
                self.games += record
            text = room.click(self.game)
            before = self.game.table
            session = (await room.started()).session
            sent, requests = session.sent_bytes, session.requests.total()
            db = room.service.store.db
            durable, light = db.durable_commits, db.light_commits
            cpu = time.thread_time()
            handled = await room.handle(text, settle=True)
            cpu = time.thread_time() - cpu
            elapsed = sum(handled.stages)
            room.played(self.game, handled)
            self._note_clock_rows(before, handled.outcome)
            if record:
                self.durations.append(elapsed)
                self.cpu += cpu
                for stage, seconds in zip(STAGES, handled.stages, strict=True):
                    self.stages[stage] += seconds
                self.states.append(len(handled.outcome.table.record.state or ""))
                self.frames += len(text)
                self.sent += session.sent_bytes - sent
                self.requests += session.requests.total() - requests
                self.durable += db.durable_commits - durable
                self.light += db.light_commits - light
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
            requests=self.requests / moves,
            durable_commits=self.durable / moves,
            light_commits=self.light / moves,
        )
