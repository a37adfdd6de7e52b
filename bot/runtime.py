"""The Discord client: intents, storage, extensions, command registration."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Coroutine
from dataclasses import dataclass, field, replace
from typing import Any, Protocol, runtime_checkable

import aiohttp
import discord
import yarl
from discord.ext import commands
from discord.gateway import DiscordWebSocket

from bot import emojis, games, heap
from bot.command_sync import same_commands
from bot.computers import THINKING_IDS, ComputerPlayers
from bot.discord_clock import DiscordClock
from bot.observe import metrics
from bot.observe.server import READY_DB_TIMEOUT, OperatorServer, Readiness
from bot.services.leagues import LeagueService
from bot.services.notices import Notices
from bot.services.players import PlayerService
from bot.services.replay import ReplayService
from bot.services.servers import ServerService
from bot.services.tables import Tables
from bot.settings import Settings
from bot.shards import ProcessShards
from bot.storage import Database
from bot.translator import CatalogueTranslator

log = logging.getLogger("cardroom")

WATCH_INTERVAL = 10.0  # seconds between two readings of the gauges a scrape cannot compute itself


@runtime_checkable
class Draining(Protocol):
    """An extension with work to finish before the bot closes (the tables extension: answers, then edits)."""

    async def drain(self) -> None: ...


class CardroomTree(discord.app_commands.CommandTree["CardroomBot"]):
    """The command tree. An error raised before a command's own (guarded) handler runs goes down the one error
    pipeline: the tree hands it on as the `tree_error` event, which the interaction kit's listener answers
    (`cogs.kit`), so this floor needs no Discord reply of its own."""

    async def on_error(
        self, interaction: discord.Interaction[CardroomBot], error: discord.app_commands.AppCommandError
    ) -> None:
        self.client.dispatch("tree_error", interaction, error)


EXTENSIONS = ("cogs.tables", "cogs.info", "cogs.parlor", "cogs.history", "cogs.leagues", "cogs.seasons")
DISCORD_API = "https://discord.com"
RESYNC_INTERVAL = 60.0  # seconds between two checks of the registered commands prompted by unknown commands

# What the bot needs in a channel: see it, post and edit its tables, in threads too.
PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    embed_links=True,
    read_message_history=True,
    create_public_threads=True,  # "Open in a new thread" when a channel already has a table
)
SCOPES = ("bot", "applications.commands")


def intents() -> discord.Intents:
    """Guilds (channels and threads) and guild messages (Il Morto's speaking to the dead: who a message mentions
    or replies to); no privileged intent is needed: without the message-content intent a message's text stays
    hidden from the bot, its mentions and reply reference do not."""
    wanted = discord.Intents.none()
    wanted.guilds = True
    wanted.guild_messages = True
    return wanted


def point_at(api_base_url: str) -> None:
    """Send every REST call to `api_base_url` (Discord itself, a REST proxy, or the test stand-in)."""
    discord.http.Route.BASE = f"{api_base_url.rstrip('/')}/api/v{discord.http.INTERNAL_API_VERSION}"


def status_class(status: int) -> str:
    """A REST answer's status for `metrics.REST`: 429 on its own (a rate limit hit), else 2xx, 3xx, 4xx, 5xx."""
    return "429" if status == 429 else f"{status // 100}xx"


def date_trace(clock: DiscordClock) -> aiohttp.TraceConfig:
    """Feeds `clock` the `Date` of every REST answer, with when its request left and when it came back, and counts
    each answer by its status (`metrics.REST`; discord.py retries a 429 or a 5xx: each try is counted)."""
    trace = aiohttp.TraceConfig()

    async def started(session: Any, context: Any, params: aiohttp.TraceRequestStartParams) -> None:
        context.sent = time.time()

    async def ended(session: Any, context: Any, params: aiohttp.TraceRequestEndParams) -> None:
        clock.observe(context.sent, time.time(), params.response.headers.get("Date"))
        metrics.REST.labels(status_class(params.response.status)).inc()

    trace.on_request_start.append(started)
    trace.on_request_end.append(ended)
    return trace


async def answers_within(check: Coroutine[Any, Any, None], bound: float) -> bool:
    """Whether `check` completes without an error within `bound` seconds. One still running then is cancelled in
    the background, not waited for: a driver may take long to cancel (asyncpg first asks a hung server to cancel
    the query), and the answer must come within the bound."""
    task = asyncio.ensure_future(check)
    done, _ = await asyncio.wait({task}, timeout=bound)
    if not done:
        task.cancel()
        task.add_done_callback(lambda t: t.cancelled() or t.exception())  # retrieved: never logged as lost
        return False
    return not task.cancelled() and task.exception() is None


def invite_url(application_id: int) -> str:
    return discord.utils.oauth_url(application_id, permissions=PERMISSIONS, scopes=SCOPES)


@dataclass(frozen=True, slots=True)
class Watched:
    """What the operator's gauges show between two passes of `CardroomBot._watch`."""

    ready: bool = False
    deadlines: dict[str, tuple[int, int]] = field(default_factory=dict)  # kind -> (pending, overdue)
    open: int | None = None  # lobbies and running tables (None: not read yet)


class CardroomBot(commands.AutoShardedBot):
    """The bot, as one process running some or all of Discord's shards (`shard_count`, `shard_ids`).

    discord.py's AutoShardedBot identifies each shard of this process on the gateway; without a shard count
    it asks `/gateway/bot` for Discord's recommended count and runs them all. Several processes with the same
    `shard_count` and different `shard_ids` split the servers by Discord's rule (`bot.shards.shard_of`).
    """

    db: Database
    tables: Tables
    players: PlayerService
    notices: Notices
    leagues: LeagueService
    servers: ServerService
    replays: ReplayService

    def __init__(self, settings: Settings, db: Database, *, tables: Tables | None = None) -> None:
        """`db` is already open (the command line opens it before contacting Discord); `close()` closes it.

        `tables`: the table services over `db` to run (the bench's, with its own cache size); by default the start
        builds them from the settings."""
        point_at(settings.api_base_url)
        # Cardroom has no voice: silence discord.py's start-up warnings about voice libraries.
        discord.VoiceClient.warn_nacl = False
        discord.VoiceClient.warn_dave = False
        self.discord_clock = DiscordClock()  # interactions are dated by Discord's clock
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents(),
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
            http_trace=date_trace(self.discord_clock),
            shard_count=settings.shard_count,
            shard_ids=settings.shard_ids,  # type: ignore[arg-type]  # None (its default): every shard of the count
            tree_cls=CardroomTree,
        )
        self.settings = settings
        self.process_shards = ProcessShards.of(settings.shard_count, settings.shard_ids)
        self.db = db
        self._resync: asyncio.Task[None] | None = None
        self._last_resync = -RESYNC_INTERVAL
        self._emoji_sync: asyncio.Task[emojis.SyncReport | None] | None = None
        self._given_tables = tables
        self._gc_pauses = metrics.GcPauses()
        self.operator: OperatorServer | None = None  # /metrics, /healthz, /readyz, when a port is set
        self._watching: asyncio.Task[None] | None = None
        self._watched = Watched()  # what the last `_watch` pass read

    async def setup_hook(self) -> None:
        log.info("Running %s", self.process_shards.describe())
        if self.settings.api_base_url.rstrip("/") != DISCORD_API:
            # Behind a REST proxy (or the test stand-in) the gateway is wherever it says it is: discord.py connects
            # (and reconnects) a shard to the default gateway once it has a shard count, so take the recommended
            # count from the same answer when none is set (it would ask again otherwise).
            recommended, url, _ = await self.http.get_bot_gateway()
            DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(url)
            if self.shard_count is None:
                self.shard_count = recommended
        scale = self.settings.time_scale
        self.tables = self._given_tables if self._given_tables is not None else self._tables()
        computers = self.tables.store.computers
        if await self.db.players.seated_anywhere(THINKING_IDS):
            # A running game has a computer that thinks: its workers load the engines in the background while the
            # bot connects (about 0.7 s), so its next decision finds them ready; one asked sooner waits out of its
            # own budget.
            computers.warm()
        self.players = PlayerService(self.db, self.tables, clock=self.tables.store.now, time_scale=scale)
        self.notices = Notices(self.db, self.tables.store, clock=self.tables.store.now)  # one, the bell pokes it
        self.servers = ServerService(self.db)
        self.replays = ReplayService(self.tables)
        self.leagues = LeagueService(self.db, self.tables, time_scale=scale)
        await self.tree.set_translator(CatalogueTranslator())
        for extension in (*EXTENSIONS, *games.extensions()):  # the platform's, then those the games declare
            await self.load_extension(extension)
        if self.process_shards.leads:
            await self._sync_commands()
        else:
            log.info("Slash commands and card emojis are the process running shard 0's to register and upload")
        # Card emojis: in the background, never delaying or breaking the start (text faces meanwhile).
        self._emoji_sync = emojis.start(
            self, enabled=self.settings.emojis, upload=self.process_shards.leads, uploads=self.db.emojis
        )
        log.info("Start-up heap settled: %d objects frozen", heap.settle())
        if self.settings.metrics_port is not None:
            self._observe()
            self.operator = OperatorServer(self.settings.metrics_host, self.settings.metrics_port, self.readiness)
            await self.operator.start()

    def _observe(self) -> None:
        """The figures read at each scrape: gateway latency and state per shard, tables held, readiness."""
        self._gc_pauses.start()
        metrics.GATEWAY_LATENCY.source = lambda: [
            ((str(shard_id),), latency)
            for shard_id, latency in self.latencies
            if latency == latency  # not NaN
        ]
        metrics.SHARD_CONNECTED.source = lambda: [
            ((str(shard_id),), 0.0 if shard.is_closed() else 1.0) for shard_id, shard in self.shards.items()
        ]
        cache = self.tables.store.cache
        metrics.TABLES_HELD.source = lambda: [(("hot",), cache.held_hot()), (("cold",), len(cache) - cache.held_hot())]
        metrics.READY.source = lambda: [((), 1.0 if self._watched.ready else 0.0)]
        metrics.DEADLINES_PENDING.source = lambda: [
            sample
            for kind, (pending, overdue) in self._watched.deadlines.items()
            for sample in (((kind, "pending"), float(pending)), ((kind, "overdue"), float(overdue)))
        ]
        metrics.TABLES_OPEN.source = lambda: [] if self._watched.open is None else [((), float(self._watched.open))]
        self._watching = asyncio.create_task(self._watch(), name="operator-watch")

    async def _watch(self) -> None:
        """Every `WATCH_INTERVAL`: readiness, and the deadlines pending and overdue, for the gauges a scrape reads
        (a scrape itself never waits on the database)."""
        while True:
            try:
                ready = (await self.readiness()).ready
                deadlines = await self.db.deadlines.pending(
                    self.tables.store.now(), shard_count=self.shard_count or 1, shard_ids=self.settings.shard_ids
                )
                self._watched = Watched(ready, deadlines, await self.db.tables.count_open())
            except Exception:  # the database away: readiness says so (the counts stay); the next pass tries again
                self._watched = replace(self._watched, ready=False)
            await asyncio.sleep(WATCH_INTERVAL)

    async def readiness(self) -> Readiness:
        """Logged in, every shard of this process connected, the database answering within `READY_DB_TIMEOUT`."""
        shards = [shard for _, shard in self.shards.items()]
        database = await answers_within(self.db.ping(), READY_DB_TIMEOUT)
        return Readiness(
            {
                "logged in": self.user is not None and not self.is_closed(),  # READY came (guilds may still stream)
                "shards connected": bool(shards) and not any(shard.is_closed() for shard in shards),
                "database": database,
            }
        )

    def _tables(self) -> Tables:
        """The table services the settings describe."""
        scale = self.settings.time_scale
        computers = ComputerPlayers(workers=self.settings.computer_workers, budget=self.settings.computer_budget)
        return Tables(
            self.db,
            lobby_expiry=self.settings.lobby_expiry * scale,
            time_scale=scale,
            computers=computers,
            computer_floor=self.settings.computer_floor,
            cache_size=self.settings.table_cache,
        )

    async def _sync_commands(self) -> None:
        """Register the slash commands when the ones Discord holds differ from the bot's.

        Discord's own list is the reference (one request per start), so a
        registration changed or lost elsewhere is put right at the next start.
        """
        guild = discord.Object(self.settings.dev_guild_id) if self.settings.dev_guild_id else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        translator = self.tree.translator
        payload: list[dict[str, Any]] = [
            await command.get_translated_payload(self.tree, translator)  # type: ignore[arg-type]
            for command in self.tree.get_commands(guild=guild)
        ]
        application_id = self.application_id
        assert application_id is not None  # set at login, before setup_hook
        if guild is None:
            registered = await self.http.get_global_commands(application_id)
        else:
            registered = await self.http.get_guild_commands(application_id, guild.id)
        if same_commands(payload, registered):
            log.info("Slash commands registered with Discord are up to date")
            return
        await self.tree.sync(guild=guild)
        log.info("Registered %d slash commands", len(payload))

    def resync_commands(self) -> None:
        """Discord sent a command the bot does not know as sent: check the registration again, soon.

        At most once per `RESYNC_INTERVAL`; the check itself registers only if the commands differ. Only the
        process running shard 0 registers commands: two processes of different versions (a rolling update)
        would otherwise register their own commands in turn.
        """
        if not self.process_shards.leads:
            return
        now = time.monotonic()
        if self._resync is not None and not self._resync.done():
            return
        if now - self._last_resync < RESYNC_INTERVAL:
            return
        self._last_resync = now
        self._resync = asyncio.create_task(self._resync_now(), name="command-resync")

    async def _resync_now(self) -> None:
        try:
            await self._sync_commands()
        except discord.HTTPException as failure:
            log.warning("Could not check the slash commands with Discord: %s %s", failure.status, failure.code)

    async def on_message(self, message: discord.Message, /) -> None:
        """No prefix commands: a message reaches only the cogs' listeners (a mention of the bot is not a command)."""

    async def close(self) -> None:
        if self._watching is not None:
            self._watching.cancel()
        if self.operator is not None:
            await self.operator.stop()
        self._gc_pauses.stop()
        if self._emoji_sync is not None:
            self._emoji_sync.cancel()
        for cog in self.cogs.values():
            if isinstance(cog, Draining):
                await cog.drain()  # the tables' handlers in flight, then their table edits; bounded
        await super().close()
        if hasattr(self, "tables"):
            self.tables.store.computers.close()
        if hasattr(self, "db"):
            await self.db.close()
