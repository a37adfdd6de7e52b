"""The bot itself, in the bench's process: what a move goes through is the production code, not a copy of it.

`BenchBot` starts the real `CardroomBot` (every extension loaded by its own `setup_hook`, the tables cog's
start-up, the heap settled) over the bench's table services, logged in to a `LoopbackSession` that answers
Discord's REST API in this process (`_loopback`). A click is the text of a gateway `INTERACTION_CREATE` frame,
handed to discord.py's own gateway decoder (`DiscordWebSocket.received_message`): discord.py builds its
`Interaction`, its ViewStore routes the custom_id to our `DynamicItem`, and the handler runs as it does live
(the error pipeline, the reply's gate, the commit, the answer, the live hand, the refresher's table edit, the
turn's bell and every write they make). Not run: the socket and its zlib stream (the frame arrives as text).

`settled()` waits until everything the bot started since has finished: the handler after its answer, the table
edit and its bookkeeping, the bell. A move is done when it is settled.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any, cast

import discord
from discord.gateway import DiscordWebSocket
from discord.http import Route

from bot.runtime import CardroomBot
from bot.services.tables import Tables
from bot.settings import Settings
from cogs.tables._cog import TablesCog
from cogs.tables._repair import REPAIR_RATE

from ._loopback import LoopbackSession

APPLICATION_ID = 1_250_000_000_000_000_001
TOKEN = "bench"  # the loopback checks no token


@dataclass(frozen=True)
class Answer:
    """When a click's interaction response reached Discord, and what it said."""

    at: float  # time.perf_counter()
    kind: int  # the callback type (7: the clicked message updated)
    data: dict[str, Any]  # the message it carries (embeds, components), or {}


class BenchBot:
    """`CardroomBot` running in this process over `service`, with Discord answered in-process."""

    def __init__(
        self, service: Tables, *, edit_delay: float = 0.0, repair_rate: float = REPAIR_RATE, latency: float = 0.0
    ) -> None:
        """`edit_delay`: the table edit's coalescing delay (`CARDROOM_TABLE_EDIT_DELAY`); 0 shows every move at
        once, as at a quiet table (the most a move can cost). `repair_rate`: tables repaired per second after the
        start (`CARDROOM_REPAIR_RATE`). `latency`: each request's round trip to Discord."""
        db = service.store.db
        settings = Settings(
            _env_file=None,
            discord_token=TOKEN,
            application_id=APPLICATION_ID,
            table_edit_delay=edit_delay,
            emojis=False,
            shard_count=1,
            repair_rate=repair_rate,
        )
        self.bot = CardroomBot(settings, db, tables=service)
        self.session = LoopbackSession(bot_id=APPLICATION_ID, latency=latency)
        self.ws: DiscordWebSocket | None = None
        self._baseline: set[asyncio.Task[Any]] = set()

    @property
    def application_id(self) -> int:
        return APPLICATION_ID

    @property
    def tables(self) -> Tables:
        return self.bot.tables

    @property
    def cog(self) -> TablesCog:
        cog = self.bot.get_cog("Tables")
        assert isinstance(cog, TablesCog)
        return cog

    async def start(self) -> None:
        """Log in as `Client.login` does (the session is the loopback's), run the bot's `setup_hook`, and open the
        gateway's decoder as `DiscordWebSocket.from_client` would."""
        bot = self.bot
        await bot._async_setup_hook()
        http = bot.http
        http._HTTPClient__session = self.session  # type: ignore[attr-defined]  # discord.py's one session
        http._global_over = asyncio.Event()
        http._global_over.set()
        http.token = TOKEN
        me = await http.request(Route("GET", "/users/@me"))
        state = bot._connection
        state.user = discord.ClientUser(state=state, data=me)
        state.application_id = APPLICATION_ID
        await bot.setup_hook()
        ws = DiscordWebSocket(cast(Any, None), loop=asyncio.get_running_loop())
        ws.token = TOKEN
        ws._connection = state
        ws._discord_parsers = state.parsers
        ws._dispatch = bot.dispatch
        ws.shard_id = 0
        ws.shard_count = 1
        self.ws = ws
        await self.cog.refresher.idle()
        self._baseline = asyncio.all_tasks()

    async def click(self, frame: str, interaction_id: int) -> Answer:
        """Hand a gateway frame to discord.py; return once its interaction is answered (the handler may go on)."""
        assert self.ws is not None, "start() first"
        answered = self.session.expect(interaction_id)
        await self.ws.received_message(frame)
        at = await asyncio.wait_for(answered, 10.0)
        kind, data = self.session.answer_of(interaction_id)
        return Answer(at, kind, data)

    async def settled(self) -> None:
        """Wait until every task the bot started since `start` has finished (the bench's own tasks excepted)."""
        current = asyncio.current_task()
        while True:
            pending = [task for task in asyncio.all_tasks() if task is not current and self._started_since(task)]
            if not pending:
                return
            await asyncio.wait(pending)

    def _started_since(self, task: asyncio.Task[Any]) -> bool:
        """Whether `task` is work the bot started since `start` (not the bench's own)."""
        return task not in self._baseline and not task.get_name().startswith("bench-")

    async def close(self) -> None:
        """Stop the bot's extensions and background work (the repair first); the database stays open (its owner
        closes it)."""
        if self.ws is not None:
            self.cog.refresher.stop_repair()
        await self.settled()
        bot = self.bot
        for name in list(bot.cogs):  # each cog's `cog_unload`; the extensions' modules stay imported
            await bot.remove_cog(name)
        await self.session.close()
