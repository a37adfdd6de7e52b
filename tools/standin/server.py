"""The test-facing ``StandIn``: a loopback Discord (REST + gateway) on 127.0.0.1."""

from __future__ import annotations

import asyncio
import contextlib
import copy
import logging
import re
import secrets
from collections.abc import Callable, Iterable, Mapping, Sequence
from email.utils import formatdate
from pathlib import Path
from typing import Any, TypeVar

from aiohttp import web

from .faults import FaultRule, InjectedFault, default_message, segments_overlap, split_route
from .gateway import DIRECT_MESSAGES, INTENT_NAMES, MESSAGE_CONTENT, PRIVILEGED_INTENTS, Gateway
from .interactions import (
    ACK_DEADLINE_S,
    CommandNotAvailable,
    Interaction,
    LateCallback,
    OptionBuilder,
    resolve_command,
)
from .model import (
    ALL_PERMISSIONS,
    DEFAULT_BOT_PERMISSIONS,
    DEFAULT_EVERYONE_PERMISSIONS,
    JSON,
    AppEmoji,
    Channel,
    ChannelType,
    Clock,
    Command,
    Guild,
    InteractionType,
    Member,
    Message,
    MessageFlag,
    Perm,
    RefusedDM,
    Role,
    SnowflakeFactory,
    User,
    parse_mentions,
    snowflake_set,
)
from .process import BotProcess
from .ratelimit import RateLimiter, RateLimitHit
from .rest import ROUTES, RequestRecord, RestApi

T = TypeVar("T")
# How long a wait for the bot lasts by default: ample on a loaded machine (two test workers, each with a bot process
# and a database, on two cores); a wait that is met returns at once, so it only delays a failure.
WAIT = 15.0

_COMMANDS_PUT = re.compile(r"^/applications/[^/]+(/guilds/[^/]+)?/commands$")

_APP_FLAG_FOR_INTENT = {1 << 8: 1 << 13, 1 << 1: 1 << 15, 1 << 15: 1 << 19}  # *_LIMITED application flags
_EDITABLE_FLAGS = MessageFlag.SUPPRESS_EMBEDS
_MENTION_TYPES = frozenset({"users", "roles", "everyone"})


class BotExited(RuntimeError):
    """A watched bot process exited while a test was waiting for something."""


class StandIn:
    """A loopback Discord for end-to-end tests of a discord.py bot.

    Usage::

        async with StandIn(token="t0ken") as discord:
            guild = discord.add_guild("Parlor")
            tables = discord.add_channel(guild, "tables")
            alice = discord.add_user("alice", permissions=Perm.MANAGE_CHANNELS)
            ... start the bot with Route.BASE = discord.api_base ...
            await discord.wait_until_ready()
            handle = await discord.slash(alice, tables, "play", {"game": "poker"})
            kind, message, _ = await handle.response()
    """

    def __init__(
        self,
        *,
        token: str | None = None,
        bot_name: str = "Cardroom",
        app_id: int | None = None,
        clock: Clock | Callable[[], float] | None = None,
        enforce_rate_limits: bool = False,
        rate_limit_window_scale: float = 1.0,
        validate_openapi: bool = True,
        spec_path: Path | None = None,
        heartbeat_interval_ms: int = 41_250,
        enabled_privileged_intents: int = 0,
        ack_deadline: float = ACK_DEADLINE_S,
        reaction_time: float = 0.15,
        late_delivery_margin: float | None = None,
        shards: int = 1,
        sharding_required: bool = False,
    ) -> None:
        self.log = logging.getLogger("standin")
        if isinstance(clock, Clock):
            self.clock = clock
        else:
            self.clock = Clock(clock) if clock is not None else Clock()
        self.snowflake = SnowflakeFactory(self.clock)
        self.token = token or f"standin.{secrets.token_urlsafe(24)}"
        self.app_id = app_id or self.snowflake()
        self.bot_user = User(self.app_id, bot_name, bot=True)
        self.owner = User(self.snowflake(), f"{bot_name.lower()}-developer")
        self.ack_deadline = ack_deadline
        #: an interaction delivered with less than this much of its window left counts as delivered
        #: late: the bot is excused for not answering it (default: a sixth of the window, 0.5 s of 3 s)
        self._late_delivery_margin = late_delivery_margin
        #: minimum seconds between a message changing and a user clicking on it (a human cannot
        #: click faster; it also lets the bot finish storing its View after the HTTP response)
        self.reaction_time = reaction_time
        self.spec_path = spec_path
        self.enabled_privileged_intents = enabled_privileged_intents
        self.rate_limiter = RateLimiter(self.clock, enforce=enforce_rate_limits, window_scale=rate_limit_window_scale)
        self.gateway = Gateway(
            self,
            heartbeat_interval_ms=heartbeat_interval_ms,
            enabled_privileged_intents=enabled_privileged_intents,
            shards=shards,
            sharding_required=sharding_required,
        )
        self.rest = RestApi(self, validate_openapi=validate_openapi)

        #: every problem found with what the bot sent ("METHOD /path: problem"); tests assert it is empty
        self.violations: list[str] = []
        #: rejected credentials (bad token on REST or gateway, disallowed intents) -- not violations
        self.auth_failures: list[str] = []
        #: every REST request received, in order
        self.requests: list[RequestRecord] = []
        #: callbacks refused with 404/10062 because the acknowledgement window had passed (a late
        #: callback on an interaction delivered in time is also a violation; on one delivered late it is not)
        self.late_callbacks: list[LateCallback] = []
        #: REST requests failed on purpose by ``fail_next`` rules, in order
        self.injected: list[InjectedFault] = []
        #: every ``fail_next`` rule, used up or not
        self.faults: list[FaultRule] = []
        self.guilds: list[Guild] = []
        self.users: dict[int, User] = {self.bot_user.id: self.bot_user}
        self.interactions: list[Interaction] = []
        self._interactions_by_id: dict[int, Interaction] = {}
        self._interactions_by_token: dict[str, Interaction] = {}
        self._messages: dict[int, Message] = {}
        self._channel_messages: dict[int, list[Message]] = {}
        #: user id -> the bot's DM channel with that user (created by POST /users/@me/channels)
        self._dm_channels: dict[int, Channel] = {}
        #: messages whose appearance notified someone by mention, in notification order
        self._pinging: list[Message] = []
        #: DM messages refused with 403/50007 (closed DMs, no mutual guild), in order
        self.refused_dms: list[RefusedDM] = []
        self._global_commands: list[Command] = []
        self._guild_commands: dict[int, list[Command]] = {}
        #: the application's emojis, in upload order (``/applications/{id}/emojis``)
        self.app_emojis: list[AppEmoji] = []
        #: names of the emojis uploaded through ``POST /applications/{id}/emojis``, in order, deleted ones too
        self.emoji_uploads: list[str] = []
        self._changed = asyncio.Event()
        self._runner: web.AppRunner | None = None
        self._pending: set[asyncio.Task[bool]] = set()
        self._deliveries: set[asyncio.Task[None]] = set()
        self._watched: list[BotProcess] = []
        self.port = 0

    # ------------------------------------------------------------------ lifecycle
    async def start(self) -> StandIn:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.on_response_prepare.append(self._date_header)
        app.router.add_get("/gateway", self.gateway.handle)
        app.router.add_get("/gateway/", self.gateway.handle)
        app.router.add_route("*", "/{tail:.*}", self.rest.handle)
        self._runner = web.AppRunner(app, handle_signals=False, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        server = site._server
        assert server is not None and server.sockets  # type: ignore[attr-defined]
        self.port = server.sockets[0].getsockname()[1]  # type: ignore[attr-defined]
        return self

    async def _date_header(self, request: web.Request, response: web.StreamResponse) -> None:
        """Every answer is dated by the stand-in's clock, as Discord's are by its own (whole seconds)."""
        response.headers["Date"] = formatdate(self.clock.now(), usegmt=True)

    async def stop(self) -> None:
        for handle in self.interactions:
            if handle.timer is not None:
                handle.timer.cancel()
        for task in list(self._deliveries):
            task.cancel()
        await asyncio.gather(*self._deliveries, return_exceptions=True)
        await self.flush_dispatches()
        await self.gateway.close_all()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> StandIn:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_base(self) -> str:
        """What ``discord.http.Route.BASE`` must be set to."""
        return f"{self.base_url}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    @property
    def application_flags(self) -> int:
        flags = 1 << 23  # APPLICATION_COMMAND_BADGE
        for intent, flag in _APP_FLAG_FOR_INTENT.items():
            if self.enabled_privileged_intents & intent:
                flags |= flag
        return flags

    # ------------------------------------------------------------------ bookkeeping
    def violation(self, method: str, path: str, problem: str) -> None:
        self.violations.append(f"{method} {path}: {problem}")
        self.log.warning("violation: %s %s: %s", method, path, problem)
        self.notify()

    def notify(self) -> None:
        """Wake everything waiting in ``wait_for``."""
        self._changed.set()
        self._changed = asyncio.Event()

    def advance_clock(self, seconds: float) -> None:
        """Move the stand-in's clock forward (e.g. ``15 * 60 + 1`` expires all interaction tokens)."""
        self.clock.advance(seconds)
        self.notify()

    @property
    def late_delivery_margin(self) -> float:
        if self._late_delivery_margin is not None:
            return self._late_delivery_margin
        return self.ack_deadline / 6

    @property
    def command_syncs(self) -> int:
        """How many bulk overwrites of commands (``PUT .../commands``, global or guild) succeeded."""
        return sum(
            1 for r in self.requests if r.method == "PUT" and 200 <= r.status < 300 and _COMMANDS_PUT.match(r.path)
        )

    # ------------------------------------------------------------------ REST faults
    def fail_next(
        self,
        method: str,
        route: str,
        *,
        status: int,
        code: int = 0,
        message: str | None = None,
        times: int = 1,
        errors: JSON | None = None,
        retry_after: float = 1.0,
    ) -> FaultRule:
        """Fail the next ``times`` REST requests matching ``method`` and ``route`` with ``status``.

        ``route`` is a path pattern: ``{placeholder}`` segments match any one segment, the others
        must match exactly (``/channels/{channel_id}/messages/{message_id}``,
        ``/interactions/{interaction_id}/{interaction_token}/callback``,
        ``/webhooks/{application_id}/{interaction_token}/messages/@original``,
        ``/channels/123/messages``...). The answer is Discord's error shape
        ``{"message": message, "code": code}`` (plus ``errors`` if given; ``retry_after`` and a
        ``Via`` header for a 429) and nothing is applied: a failed callback does not acknowledge.
        Rules are consumed in the order they were added. Every failure is recorded in ``injected``
        (and on the interaction, ``Interaction.injected_failures``).
        """
        method = method.upper()
        segments = split_route(route)
        known = [r for r in ROUTES if r.method == method and segments_overlap(segments, split_route(r.template))]
        if not known:
            raise ValueError(f"{method} {route} matches no route the stand-in emulates")
        if times < 1:
            raise ValueError("times must be >= 1")
        if not 400 <= status <= 599:
            raise ValueError(f"status {status} is not an error status")
        rule = FaultRule(
            method,
            route,
            status,
            code,
            message if message is not None else default_message(status, code),
            times,
            errors=errors,
            retry_after=retry_after,
        )
        self.faults.append(rule)
        return rule

    @property
    def pending_faults(self) -> list[FaultRule]:
        """``fail_next`` rules not used up yet."""
        return [r for r in self.faults if r.remaining > 0]

    def clear_faults(self) -> None:
        """Drop every rule not used up yet."""
        for rule in self.faults:
            rule.times = rule.used

    def take_fault(self, method: str, path: str) -> FaultRule | None:
        """The first pending rule matching this request, consumed (used by the REST layer)."""
        for rule in self.faults:
            if rule.matches(method, path):
                rule.used += 1
                return rule
        return None

    @property
    def rate_limit_hits(self) -> list[RateLimitHit]:
        """Requests that exceeded a modeled rate limit (``enforced`` tells whether a 429 was sent)."""
        return self.rate_limiter.hits

    @property
    def count_429(self) -> int:
        return self.rate_limiter.count_429

    @property
    def identify_intents(self) -> list[int]:
        """Intents of every IDENTIFY received, in order."""
        return [int(p.get("intents") or 0) for p in self.gateway.identifies]

    @property
    def privileged_intents_requested(self) -> list[str]:
        """Names of privileged intents any IDENTIFY asked for (should be [] for Cardroom)."""
        requested = 0
        for intents in self.identify_intents:
            requested |= intents & PRIVILEGED_INTENTS
        return [name for bit, name in INTENT_NAMES.items() if requested & bit]

    def assert_clean(self) -> None:
        """Raise AssertionError listing every violation and 429 so far."""
        problems = list(self.violations) + [
            f"{h.method} {h.path}: exceeded {h.bucket} ({'429 sent' if h.enforced else 'not enforced'})"
            for h in self.rate_limit_hits
        ]
        if problems:
            raise AssertionError("Discord stand-in found problems:\n  " + "\n  ".join(problems))

    # ------------------------------------------------------------------ waiting
    async def wait_for(self, predicate: Callable[[], T | None], *, timeout: float = WAIT, what: str = "condition") -> T:  # noqa: ASYNC109
        """Wait until ``predicate()`` is truthy and return its value (TimeoutError otherwise)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            result = predicate()
            if result:
                return result
            self._check_watched(what)
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise TimeoutError(f"timed out after {timeout}s waiting for {what}")
            event = self._changed
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(event.wait(), min(remaining, 0.25))

    def watch(self, process: BotProcess) -> BotProcess:
        """Make every ``wait_for`` fail fast (with the bot's output) if ``process`` exits."""
        self._watched.append(process)
        return process

    def unwatch(self, process: BotProcess) -> None:
        """Stop watching ``process`` (a test killed it on purpose)."""
        self._watched = [p for p in self._watched if p is not process]

    def _check_watched(self, what: str) -> None:
        for proc in self._watched:
            if proc.returncode is not None:
                tail = "\n".join(proc.output.splitlines()[-40:])
                raise BotExited(f"bot process exited with code {proc.returncode} while waiting for {what}:\n{tail}")

    async def wait_until_ready(self, timeout: float = 10.0, *, shard: int | None = None) -> None:  # noqa: ASYNC109
        """Wait until the bot identified on the gateway and received its GUILD_CREATEs (every session, or with
        ``shard`` the session of that shard id).

        After a ``gateway.drop()`` or ``gateway.cut()`` this waits until the bot is connected again
        (by RESUME or by a new IDENTIFY).
        """
        if shard is None:
            await self.wait_for(
                lambda: self.gateway.connected, timeout=timeout, what="the bot to connect to the gateway"
            )
        else:
            await self.wait_for(
                lambda: any(key[0] == shard for key in self.gateway.connected_shards),
                timeout=timeout,
                what=f"shard {shard} to connect to the gateway",
            )

    async def wait_resumed(self, timeout: float = 20.0) -> None:  # noqa: ASYNC109
        """Wait until the bot is connected again over a RESUMEd connection (after ``gateway.drop()``,
        or ``gateway.cut()`` and ``restore()``); the missed dispatches were replayed by then.

        Raises AssertionError if the bot's live connection came from a new IDENTIFY instead.
        """

        def live_via() -> str | None:
            session = self.gateway.session
            if session is None or not session.ready or session.connection is None:
                return None
            return session.connection.via

        via = await self.wait_for(live_via, timeout=timeout, what="the bot to RESUME its gateway session")
        if via != "resume":
            raise AssertionError(f"the bot's gateway connection came from {via.upper()}, not RESUME")

    async def wait_for_commands(self, *names: str, guild: Guild | None = None, timeout: float = 10.0) -> None:  # noqa: ASYNC109
        """Wait until the bot registered these command names (globally, or for ``guild``)."""

        def registered() -> bool:
            have = {c.name for c in self.registered_commands(guild.id if guild else None)}
            return bool(have) and set(names) <= have

        await self.wait_for(registered, timeout=timeout, what=f"commands {names} to be registered")

    async def wait_for_message(
        self,
        channel: Channel,
        predicate: Callable[[Message], bool] | None = None,
        *,
        user: User | None = None,
        after: Message | int | None = None,
        timeout: float = WAIT,  # noqa: ASYNC109
    ) -> Message:
        """First message in ``channel`` (public, or visible to ``user``) newer than ``after`` matching ``predicate``."""
        floor = after.id if isinstance(after, Message) else (after or 0)

        def find() -> Message | None:
            msgs = self.messages_visible_to(user, channel) if user else self.channel_messages(channel)
            for m in msgs:
                if m.id > floor and not m.loading and (predicate is None or predicate(m)):
                    return m
            return None

        return await self.wait_for(find, timeout=timeout, what=f"a matching message in #{channel.name}")

    async def wait_for_dm(
        self,
        user: User,
        predicate: Callable[[Message], bool] | None = None,
        *,
        after: Message | int | None = None,
        timeout: float = WAIT,  # noqa: ASYNC109
    ) -> Message:
        """First message the bot sent in its DM with ``user``, newer than ``after``, matching ``predicate``."""
        floor = after.id if isinstance(after, Message) else (after or 0)

        def find() -> Message | None:
            for m in self.dm_messages(user):
                if m.id > floor and (predicate is None or predicate(m)):
                    return m
            return None

        return await self.wait_for(find, timeout=timeout, what=f"a matching DM to {user.name}")

    # ------------------------------------------------------------------ world building
    def add_guild(
        self,
        name: str,
        *,
        locale: str = "en-US",
        owner: User | None = None,
        everyone_permissions: int = DEFAULT_EVERYONE_PERMISSIONS,
        bot_permissions: int = DEFAULT_BOT_PERMISSIONS,
        shard: tuple[int, int] | None = None,
    ) -> Guild:
        """Create a guild the bot is in (with @everyone, the bot's managed role and an owner).

        ``shard=(id, count)``: a guild whose events go to that shard (created a few milliseconds earlier).
        """
        gid = self.snowflake()
        if shard is not None:
            shard_id, count = shard
            if not 0 <= shard_id < count:
                raise ValueError(f"shard {shard_id} is not within 0..{count - 1}")
            gid -= (((gid >> 22) - shard_id) % count) << 22
        owner = owner or self._new_user(f"{name.lower().replace(' ', '-')}-owner")
        guild = Guild(gid, name, owner.id, locale=locale, created_at=self.clock.now())
        guild.roles.append(Role(gid, "@everyone", everyone_permissions))
        bot_role = Role(self.snowflake(), self.bot_user.name, bot_permissions, position=1, managed=True)
        bot_role.bot_id = self.bot_user.id
        guild.roles.append(bot_role)
        now = self.clock.now()
        guild.members[self.bot_user.id] = Member(self.bot_user, guild, [bot_role], joined_at=now)
        guild.members[owner.id] = Member(owner, guild, [], joined_at=now)
        self.guilds.append(guild)
        self._later_dispatch("GUILD_CREATE", lambda: self.guild_create_payload(guild))
        return guild

    def add_channel(self, guild: Guild, name: str, *, topic: str | None = None, announcement: bool = False) -> Channel:
        ctype = ChannelType.GUILD_ANNOUNCEMENT if announcement else ChannelType.GUILD_TEXT
        position = len(guild.text_channels)
        channel = Channel(self.snowflake(), guild, name, ctype, position=position, topic=topic)
        guild.channels.append(channel)
        self._channel_messages[channel.id] = []
        self._later_dispatch("CHANNEL_CREATE", channel.to_payload)
        return channel

    def add_thread(
        self,
        parent: Channel,
        name: str,
        *,
        owner: User | None = None,
        private: bool = False,
        archived: bool = False,
        thread_id: int | None = None,
        auto_archive_duration: int = 1440,
    ) -> Channel:
        """Create a thread (type 11, or 12 if private) under a text channel."""
        thread = self._make_thread(parent, name, owner, private, archived, thread_id, auto_archive_duration)
        self._later_dispatch("THREAD_CREATE", lambda: {**thread.to_payload(), "newly_created": True})
        return thread

    def _make_thread(
        self,
        parent: Channel,
        name: str,
        owner: User | None,
        private: bool,
        archived: bool,
        thread_id: int | None,
        auto_archive_duration: int,
    ) -> Channel:
        if parent.is_thread or parent.is_dm:
            raise ValueError("threads can only be created under text channels")
        guild = parent.require_guild()
        ttype = ChannelType.PRIVATE_THREAD if private else ChannelType.PUBLIC_THREAD
        thread = Channel(
            thread_id or self.snowflake(),
            guild,
            name,
            ttype,
            parent_id=parent.id,
            owner_id=(owner or self.bot_user).id,
            archived=archived,
            auto_archive_duration=auto_archive_duration,
            created_at=self.clock.now(),
        )
        guild.channels.append(thread)
        self._channel_messages[thread.id] = []
        return thread

    async def remove_channel(self, channel: Channel) -> None:
        channel.require_guild().channels.remove(channel)
        event = "THREAD_DELETE" if channel.is_thread else "CHANNEL_DELETE"
        payload = channel.to_payload()
        if channel.is_thread:
            payload = {k: payload[k] for k in ("id", "guild_id", "parent_id", "type")}
        await self.gateway.dispatch(event, payload)

    def add_user(
        self,
        name: str,
        *,
        locale: str = "en-US",
        permissions: int | None = None,
        roles: Iterable[Role] = (),
        guilds: Sequence[Guild] | None = None,
        dms_open: bool = True,
    ) -> User:
        """Create a user who is a member of ``guilds`` (default: every guild so far).

        ``permissions`` (e.g. ``Perm.MANAGE_CHANNELS``) are granted through a per-user role on top
        of @everyone's permissions. ``dms_open=False``: the bot's DMs to them are refused with
        403/50007 (see ``close_dms``).
        """
        user = self._new_user(name, locale=locale)
        user.dms_open = dms_open
        for guild in guilds if guilds is not None else self.guilds:
            self.add_member(guild, user, permissions=permissions, roles=roles)
        return user

    def add_member(
        self, guild: Guild, user: User, *, permissions: int | None = None, roles: Iterable[Role] = ()
    ) -> Member:
        member_roles = list(roles)
        if permissions is not None:
            role = Role(self.snowflake(), f"{user.name}-permissions", int(permissions), position=1)
            guild.roles.append(role)
            member_roles.append(role)
        member = Member(user, guild, member_roles, joined_at=self.clock.now())
        guild.members[user.id] = member
        self._later_dispatch("GUILD_MEMBER_ADD", lambda: {**member.to_payload(), "guild_id": str(guild.id)})
        return member

    def add_role(self, guild: Guild, name: str, permissions: int = 0) -> Role:
        role = Role(self.snowflake(), name, permissions, position=len(guild.roles))
        guild.roles.append(role)
        return role

    def _new_user(self, name: str, *, locale: str = "en-US") -> User:
        user = User(self.snowflake(), name, locale=locale)
        self.users[user.id] = user
        return user

    # ------------------------------------------------------------------ direct messages
    def close_dms(self, user: User) -> None:
        """From now on the bot's messages in its DM with ``user`` are refused with 403/50007."""
        user.dms_open = False
        self.notify()

    def open_dms(self, user: User) -> None:
        """Undo ``close_dms``."""
        user.dms_open = True
        self.notify()

    def can_dm(self, user: User) -> bool:
        """Would Discord deliver the bot's DM to ``user``? Their DMs are open, they are not a bot
        (the bot itself included) and they share a guild with the bot."""
        if user.bot or not user.dms_open:
            return False
        return any(user.id in g.members and self.bot_user.id in g.members for g in self.guilds)

    def dm_channel(self, user: User) -> Channel | None:
        """The bot's DM channel with ``user`` (``None`` until the bot opened it)."""
        return self._dm_channels.get(user.id)

    def open_dm_channel(self, user: User) -> Channel:
        """The bot's DM channel with ``user``, created on first use (one stable id per user), as
        ``POST /users/@me/channels`` does."""
        channel = self._dm_channels.get(user.id)
        if channel is None:
            channel = Channel(
                self.snowflake(), None, f"@{user.name}", ChannelType.DM, created_at=self.clock.now(), recipient=user
            )
            self._dm_channels[user.id] = channel
            self._channel_messages[channel.id] = []
        return channel

    @property
    def dm_channels(self) -> list[Channel]:
        """Every DM channel the bot opened, oldest first."""
        return list(self._dm_channels.values())

    def dm_messages(self, user: User) -> list[Message]:
        """The bot's messages in its DM with ``user`` (not deleted), oldest first."""
        channel = self._dm_channels.get(user.id)
        return self.channel_messages(channel) if channel is not None else []

    def record_refused_dm(self, channel: Channel, body: Any) -> None:
        """Record a DM refused with 403/50007 (used by the REST layer)."""
        assert channel.recipient is not None
        self.refused_dms.append(RefusedDM(channel.recipient, channel, body, self.clock.now()))
        self.log.info("refused a DM to %s (DMs closed or no mutual guild)", channel.recipient.name)

    # ------------------------------------------------------------------ mentions
    def notifications(self, user: User, channel: Channel | None = None) -> list[Message]:
        """Messages (in ``channel``, or anywhere) whose appearance notified ``user`` by a mention,
        in order. Only creations count (and a deferred response's completion, which is when it
        appears); edits never notify. Deleted messages stay: the notification happened."""
        return [m for m in self._pinging if user.id in m.pinged_user_ids and (channel is None or m.channel is channel)]

    def _resolve_mentions(self, msg: Message) -> None:
        """Fill ``mentions``/``mention_roles``/``mention_everyone`` from the text and ``allowed_mentions``."""
        user_ids, role_ids, everyone = parse_mentions(msg.mention_text)
        allowed = msg.allowed_mentions
        parse: set[str] = set(_MENTION_TYPES)
        if allowed is not None:
            parse = {kind for kind in allowed.get("parse") or [] if isinstance(kind, str)}
        users_ok = snowflake_set(allowed.get("users")) if allowed is not None else set()
        roles_ok = snowflake_set(allowed.get("roles")) if allowed is not None else set()
        guild = msg.channel.guild
        msg.mentions = [self.users[u] for u in user_ids if u in self.users and ("users" in parse or u in users_ok)]
        if guild is None:  # DMs have no roles nor @everyone
            msg.mention_roles, msg.mention_everyone = [], False
            return
        may_ping_all = bool(guild.permissions_of(msg.author) & Perm.MENTION_EVERYONE)
        roles = {r.id: r for r in guild.roles if r.id != guild.id}
        msg.mention_roles = [
            r
            for r in role_ids
            if r in roles and ("roles" in parse or r in roles_ok) and (roles[r].mentionable or may_ping_all)
        ]
        msg.mention_everyone = everyone and "everyone" in parse and may_ping_all

    def _notify_mentioned(self, msg: Message) -> None:
        """Record who the message notifies as it appears (called once: creation or loading completion)."""
        if msg.ephemeral or msg.flags & MessageFlag.SUPPRESS_NOTIFICATIONS:
            msg.pinged_user_ids = []
            return
        guild = msg.channel.guild
        candidates = [u.id for u in msg.mentions]
        if guild is not None:
            for rid in msg.mention_roles:
                candidates += [m.user.id for m in guild.members.values() if any(r.id == rid for r in m.roles)]
            if msg.mention_everyone:
                candidates += list(guild.members)
            audience = set(guild.members)
        else:
            audience = {msg.channel.recipient.id} if msg.channel.recipient is not None else set()
        pinged: list[int] = []
        for uid in candidates:
            if uid != msg.author.id and uid in audience and uid not in pinged:
                pinged.append(uid)
        msg.pinged_user_ids = pinged
        if pinged:
            self._pinging.append(msg)

    def _later_dispatch(self, event: str, payload: Callable[[], JSON]) -> None:
        """Dispatch a world change if the bot is already connected (world building is sync)."""
        if not self.gateway.shard_sessions:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        task = loop.create_task(self.gateway.dispatch(event, payload()))
        self._pending.add(task)
        task.add_done_callback(self._pending.discard)

    async def flush_dispatches(self) -> None:
        """Wait until world changes made so far were dispatched to the bot."""
        while self._pending:
            await asyncio.gather(*list(self._pending))

    # ------------------------------------------------------------------ lookups
    def find_guild(self, guild_id: Any) -> Guild | None:
        return next((g for g in self.guilds if str(g.id) == str(guild_id)), None)

    def find_channel(self, channel_id: Any) -> Channel | None:
        """A guild channel, thread or DM channel by id."""
        for guild in self.guilds:
            for channel in guild.channels:
                if str(channel.id) == str(channel_id):
                    return channel
        return next((c for c in self._dm_channels.values() if str(c.id) == str(channel_id)), None)

    def find_user(self, user_id: Any) -> User | None:
        return self.users.get(int(user_id)) if str(user_id).isdigit() else None

    def get_message(self, message_id: int) -> Message | None:
        return self._messages.get(int(message_id))

    def interaction_by_id(self, interaction_id: Any) -> Interaction | None:
        return self._interactions_by_id.get(int(interaction_id)) if str(interaction_id).isdigit() else None

    def interaction_by_token(self, token: str) -> Interaction | None:
        return self._interactions_by_token.get(token)

    def guild_create_payload(self, guild: Guild) -> JSON:
        return guild.to_payload(full=True, me=self.bot_user.id)

    # ------------------------------------------------------------------ reading messages
    def channel_messages(self, channel: Channel) -> list[Message]:
        """Public messages in the channel, oldest first (what everyone sees)."""
        return [m for m in self._channel_messages.get(channel.id, []) if not m.deleted and not m.ephemeral]

    def messages_visible_to(self, user: User, channel: Channel) -> list[Message]:
        """Public messages plus ``user``'s own ephemeral messages, oldest first."""
        return [
            m
            for m in self._channel_messages.get(channel.id, [])
            if not m.deleted and (not m.ephemeral or m.visible_to == user.id)
        ]

    def ephemeral_messages(self, user: User, channel: Channel | None = None) -> list[Message]:
        msgs = [m for m in self._messages.values() if m.ephemeral and m.visible_to == user.id and not m.deleted]
        return [m for m in msgs if channel is None or m.channel is channel]

    # ------------------------------------------------------------------ commands
    def registered_commands(self, guild_id: int | None = None) -> list[Command]:
        """Commands registered globally (``None``) or for one guild."""
        if guild_id is None:
            return list(self._global_commands)
        return list(self._guild_commands.get(guild_id, []))

    def commands_for(self, guild: Guild) -> list[Command]:
        """What a member of ``guild`` can see: the guild's commands, then global ones."""
        return self.registered_commands(guild.id) + self.registered_commands(None)

    def set_commands(self, guild_id: int | None, payloads: Sequence[JSON]) -> list[Command]:
        old = {(c.type, c.name): c for c in self.registered_commands(guild_id)}
        new: list[Command] = []
        for payload in payloads:
            body = copy.deepcopy(dict(payload))
            body.pop("id", None)
            key = (int(body.get("type", 1) or 1), str(body.get("name")))
            previous = old.get(key)
            if previous is not None and previous.payload == body:
                new.append(previous)
                continue
            cid = previous.id if previous is not None else self.snowflake()
            new.append(Command(cid, self.app_id, guild_id, self.snowflake(), body))
        if guild_id is None:
            self._global_commands = new
        else:
            self._guild_commands[guild_id] = new
        self.notify()
        return new

    # ------------------------------------------------------------------ application emojis
    def add_app_emoji(self, name: str, *, user: User | None = None, image: bytes = b"") -> AppEmoji:
        """Seed an application emoji, as if uploaded before (by ``user``: default the application's owner)."""
        emoji = AppEmoji(self.snowflake(), name, user or self.owner, image)
        self.app_emojis.append(emoji)
        self.notify()
        return emoji

    def app_emoji(self, name: str) -> AppEmoji | None:
        return next((emoji for emoji in self.app_emojis if emoji.name == name), None)

    # ------------------------------------------------------------------ messages (used by REST)
    def attachment_payload(self, attachment_id: int, spec: Mapping[str, Any]) -> JSON:
        filename = str(spec.get("filename") or "file")
        url = f"{self.base_url}/attachments/{attachment_id}/{filename}"
        return {
            "id": str(attachment_id),
            "filename": filename,
            "size": int(spec.get("size") or 0),
            "url": url,
            "proxy_url": url,
            "content_type": spec.get("content_type"),
            "description": spec.get("description"),
        }

    def _attachments(self, body: JSON, files: Sequence[JSON], current: list[JSON]) -> list[JSON] | None:
        """New attachment list after a create/edit (``None`` = unchanged)."""
        if "attachments" not in body and not files:
            return None
        by_index = {int(f["index"]): f for f in files}
        listed = body.get("attachments")
        used: set[int] = set()
        if listed is None:
            result = list(current)
        else:
            result = []
            existing = {str(a["id"]): a for a in current}
            for item in listed:
                aid = str(item.get("id")) if isinstance(item, Mapping) else ""
                if aid in existing:
                    result.append(existing[aid])
                elif aid.isdigit() and int(aid) in by_index:
                    used.add(int(aid))
                    extra = {k: v for k, v in item.items() if k in ("filename", "description")}
                    result.append(self.attachment_payload(self.snowflake(), {**by_index[int(aid)], **extra}))
        for index, spec in sorted(by_index.items()):
            if index not in used:
                result.append(self.attachment_payload(self.snowflake(), spec))
        return result

    @staticmethod
    def _normalize_components(components: Any) -> list[JSON]:
        items = copy.deepcopy(components) if isinstance(components, list) else []
        counter = 0

        def number(nodes: list[Any]) -> None:
            nonlocal counter
            for node in nodes:
                if not isinstance(node, dict):
                    continue
                counter += 1
                node.setdefault("id", counter)
                if isinstance(node.get("components"), list):
                    number(node["components"])
                for key in ("accessory", "component"):
                    if isinstance(node.get(key), dict):
                        number([node[key]])

        number(items)
        return items

    @staticmethod
    def _normalize_embeds(embeds: Any) -> list[JSON]:
        result = []
        for e in embeds if isinstance(embeds, list) else []:
            if isinstance(e, dict):
                e = copy.deepcopy(e)
                e.setdefault("type", "rich")
                e.setdefault("content_scan_version", 0)
                result.append(e)
        return result

    def _member_payload(self, guild: Guild | None, user: User) -> JSON | None:
        if guild is None:
            return None
        member = guild.members.get(user.id)
        return member.to_payload(with_user=False) if member else None

    async def create_message(
        self,
        channel: Channel,
        body: JSON,
        *,
        interaction: Interaction | None = None,
        ephemeral: bool = False,
        loading: bool = False,
        files: Sequence[JSON] = (),
        followup: bool = False,
    ) -> Message:
        flags = int(body.get("flags") or 0) & (
            MessageFlag.SUPPRESS_EMBEDS | MessageFlag.SUPPRESS_NOTIFICATIONS | MessageFlag.IS_COMPONENTS_V2
        )
        if ephemeral:
            flags |= MessageFlag.EPHEMERAL
        if loading:
            flags |= MessageFlag.LOADING
        msg = Message(
            id=self.snowflake(),
            channel=channel,
            author=self.bot_user,
            content=str(body.get("content") or ""),
            embeds=self._normalize_embeds(body.get("embeds")),
            components=self._normalize_components(body.get("components")),
            attachments=self._attachments(body, files, []) or [],
            flags=flags,
            timestamp=self.clock.now(),
            visible_to=interaction.user.id if (interaction and ephemeral) else None,
            poll=body.get("poll"),
            tts=bool(body.get("tts")),
            allowed_mentions=body["allowed_mentions"] if isinstance(body.get("allowed_mentions"), dict) else None,
        )
        if interaction is not None:
            msg.webhook_id = self.app_id
            msg.application_id = self.app_id
            is_command = interaction.type == InteractionType.APPLICATION_COMMAND
            msg.type = 20 if is_command else 0
            meta: JSON = {
                "id": str(interaction.id),
                "type": interaction.type,
                "user": interaction.user.to_payload(),
                "authorizing_integration_owners": {"0": str(channel.require_guild().id)},
            }
            if is_command and interaction.command is not None:
                meta["name"] = (interaction.payload.get("data") or {}).get("name")
                meta["command_type"] = interaction.command.type
            if followup and interaction.original_message_id is not None:
                meta["original_response_message_id"] = str(interaction.original_message_id)
            if interaction.source_message is not None:
                meta["interacted_message_id"] = str(interaction.source_message.id)
            msg.interaction_metadata = meta
            msg.legacy_interaction = {
                "id": str(interaction.id),
                "type": interaction.type,
                "name": meta.get("name", ""),
                "user": interaction.user.to_payload(),
            }
        self._resolve_mentions(msg)
        if not msg.loading:
            self._notify_mentioned(msg)
        msg.history.append(msg.to_payload())
        msg.changed_at = asyncio.get_running_loop().time()
        self._messages[msg.id] = msg
        self._channel_messages.setdefault(channel.id, []).append(msg)
        if not msg.ephemeral:
            channel.last_message_id = msg.id
            if channel.is_thread:
                channel.message_count += 1
            await self.gateway.dispatch(
                "MESSAGE_CREATE",
                msg.to_payload(gateway=True, member=self._member_payload(channel.guild, msg.author)),
                intent=DIRECT_MESSAGES if channel.is_dm else None,
            )
        self.notify()
        return msg

    async def edit_message(self, msg: Message, body: JSON, *, files: Sequence[JSON] = ()) -> None:
        was_loading = msg.loading
        if "content" in body:
            msg.content = str(body["content"] or "")
        if "embeds" in body:
            msg.embeds = self._normalize_embeds(body["embeds"])
        if "components" in body:
            msg.components = self._normalize_components(body["components"])
        attachments = self._attachments(body, files, msg.attachments)
        if attachments is not None:
            msg.attachments = attachments
        if "poll" in body and body["poll"] is not None:
            msg.poll = body["poll"]
        flags = body.get("flags")
        if isinstance(flags, int):
            msg.flags = (msg.flags & ~_EDITABLE_FLAGS) | (flags & _EDITABLE_FLAGS)
            if flags & MessageFlag.IS_COMPONENTS_V2:
                msg.flags |= MessageFlag.IS_COMPONENTS_V2
        msg.flags &= ~MessageFlag.LOADING
        if not was_loading:
            msg.edited_timestamp = self.clock.now()
        if isinstance(body.get("allowed_mentions"), dict):
            msg.allowed_mentions = body["allowed_mentions"]
        self._resolve_mentions(msg)  # edits re-parse mentions but never notify...
        if was_loading:  # ...except a deferred response completed now: that is when it appears
            self._notify_mentioned(msg)
        msg.history.append(msg.to_payload())
        msg.changed_at = asyncio.get_running_loop().time()
        if not msg.ephemeral:
            event = "MESSAGE_CREATE" if was_loading else "MESSAGE_UPDATE"
            await self.gateway.dispatch(
                event,
                msg.to_payload(gateway=True, member=self._member_payload(msg.channel.guild, msg.author)),
                intent=DIRECT_MESSAGES if msg.channel.is_dm else None,
            )
        self.notify()

    async def delete_message(self, msg: Message) -> None:
        msg.deleted = True
        if not msg.ephemeral:
            data: JSON = {"id": str(msg.id), "channel_id": str(msg.channel.id)}
            if msg.channel.guild is not None:
                data["guild_id"] = str(msg.channel.guild.id)
            await self.gateway.dispatch("MESSAGE_DELETE", data, intent=DIRECT_MESSAGES if msg.channel.is_dm else None)
        self.notify()

    # ------------------------------------------------------------------ users' messages
    async def post(
        self,
        user: User,
        channel: Channel,
        content: str = "",
        *,
        reply_to: Message | None = None,
        ping_reply: bool = True,
    ) -> Message:
        """``user`` posts ``content`` in the guild channel or thread ``channel``, as people do in Discord's client.

        ``<@id>`` in the content mentions users; ``reply_to`` makes it a reply to a message of the same channel
        (``message_reference`` and ``referenced_message``; with ``ping_reply``, as Discord's client does by
        default, the replied-to author is mentioned too). The bot gets MESSAGE_CREATE only with the
        GUILD_MESSAGES intent, and, as Discord does, without the message-content intent its ``content`` (and
        embeds, attachments, components) is empty unless the bot is mentioned; ``mentions`` and the reference
        arrive either way.
        """
        guild = channel.guild
        if guild is None:
            raise ValueError(f"users' messages are emulated in guild channels only ({channel!r})")
        if user.id not in guild.members:
            raise ValueError(f"{user!r} is not a member of {guild.name}")
        if user.bot:
            raise ValueError("the bot posts through REST, not as a user")
        if reply_to is not None and (reply_to.channel is not channel or reply_to.ephemeral or reply_to.deleted):
            raise ValueError(f"{reply_to!r} cannot be replied to in {channel!r}")
        msg = Message(
            id=self.snowflake(),
            channel=channel,
            author=user,
            content=content,
            type=19 if reply_to is not None else 0,
            timestamp=self.clock.now(),
            reference=reply_to,
        )
        self._resolve_mentions(msg)
        replied = reply_to.author if reply_to is not None else None
        if ping_reply and replied is not None and replied is not user and replied not in msg.mentions:
            msg.mentions.append(replied)
        self._notify_mentioned(msg)
        msg.history.append(msg.to_payload())
        msg.changed_at = asyncio.get_running_loop().time()
        self._messages[msg.id] = msg
        self._channel_messages.setdefault(channel.id, []).append(msg)
        channel.last_message_id = msg.id
        if channel.is_thread:
            channel.message_count += 1
        session = self.gateway.session_for(guild.id)
        reads = session is not None and bool(session.intents & MESSAGE_CONTENT)
        await self.gateway.dispatch("MESSAGE_CREATE", self.gateway_message(msg, reads_content=reads))
        self.notify()
        return msg

    def gateway_message(self, msg: Message, *, reads_content: bool) -> JSON:
        """A message as the gateway sends it: with its guild, its author's member and each mentioned user's
        member, and its contents as the app may read them (see `app_view`)."""
        guild = msg.channel.guild
        payload = msg.to_payload(gateway=True, member=self._member_payload(guild, msg.author))
        if guild is not None:
            for mentioned in payload["mentions"]:
                member = guild.members.get(int(mentioned["id"]))
                if member is not None:
                    mentioned["member"] = member.to_payload(with_user=False)
        return self.app_view(msg, payload, reads_content=reads_content)

    def app_view(self, msg: Message, payload: JSON, *, reads_content: bool) -> JSON:
        """``payload`` of ``msg`` as the app may read it: without the message-content intent (``reads_content``),
        a message the bot neither wrote nor is mentioned in nor got in a DM has empty content, embeds,
        attachments and components (its replied-to message too)."""

        def readable(message: Message) -> bool:
            bot = self.bot_user
            return reads_content or message.author is bot or message.channel.is_dm or bot in message.mentions

        def blank(data: JSON) -> None:
            data.update(content="", embeds=[], attachments=[], components=[])
            data.pop("poll", None)

        view = copy.deepcopy(payload)
        if not readable(msg):
            blank(view)
        ref = view.get("referenced_message")
        if isinstance(ref, dict) and msg.reference is not None and not readable(msg.reference):
            blank(ref)
        return view

    @property
    def reads_content(self) -> bool:
        """Whether the app may read messages' content over REST (its message-content intent is enabled)."""
        return bool(self.enabled_privileged_intents & MESSAGE_CONTENT)

    # ------------------------------------------------------------------ acting as users
    async def slash(
        self,
        user: User,
        channel: Channel,
        name: str,
        options: Mapping[str, Any] | None = None,
        *,
        locale: str | None = None,
        deliver_after: float = 0.0,
    ) -> Interaction:
        """Run ``/name`` (``"cmd"``, ``"cmd sub"`` or ``"cmd group sub"``, default or localized names).

        Every user action takes ``deliver_after``: the interaction is created now (id, token,
        ``created_at``, the 3-second window) but the gateway delivers it that many seconds later.
        """
        command, path, definitions = resolve_command(self.commands_for(self._interaction_guild(channel)), name)
        self._check_command_permission(user, channel, command)
        builder = OptionBuilder(self, channel)
        leaf = builder.build(definitions, options or {})
        data = self._command_data(command, path, leaf, builder.resolved)
        return await self._dispatch_interaction(
            InteractionType.APPLICATION_COMMAND,
            user,
            channel,
            data,
            locale=locale,
            command=command,
            deliver_after=deliver_after,
        )

    async def autocomplete(
        self,
        user: User,
        channel: Channel,
        name: str,
        focused_option: str,
        value: str,
        *,
        options: Mapping[str, Any] | None = None,
        locale: str | None = None,
        deliver_after: float = 0.0,
    ) -> Interaction:
        """Type ``value`` into ``focused_option`` of ``/name``; await ``.response()`` for the choices."""
        command, path, definitions = resolve_command(self.commands_for(self._interaction_guild(channel)), name)
        self._check_command_permission(user, channel, command)
        builder = OptionBuilder(self, channel)
        leaf = builder.build(definitions, options or {}, focused=focused_option, focused_value=value)
        data = self._command_data(command, path, leaf, builder.resolved)
        return await self._dispatch_interaction(
            InteractionType.APPLICATION_COMMAND_AUTOCOMPLETE,
            user,
            channel,
            data,
            locale=locale,
            command=command,
            deliver_after=deliver_after,
        )

    async def click(
        self,
        user: User,
        message: Message,
        custom_id: str | None = None,
        *,
        label: str | None = None,
        locale: str | None = None,
        deliver_after: float = 0.0,
    ) -> Interaction:
        """Click a button (by ``custom_id`` or ``label``) on ``message``."""
        component = await self._usable_component(user, message, custom_id, label)
        if component.get("type") != 2:
            raise ValueError(f"component {component.get('custom_id')!r} is not a button")
        if component.get("style") in (5, 6):
            raise ValueError("link and premium buttons do not create interactions")
        data: JSON = {"custom_id": component["custom_id"], "component_type": 2}
        if "id" in component:
            data["id"] = component["id"]
        return await self._component_interaction(user, message, data, locale, deliver_after)

    async def forge_click(
        self,
        user: User,
        message: Message,
        custom_id: str,
        *,
        locale: str | None = None,
        component_type: int = 2,
        deliver_after: float = 0.0,
    ) -> Interaction:
        """A click a modified client could send: any ``custom_id``, on a disabled or absent component too.

        Real Discord forwards such interactions when the message exists and the user can see it.
        """
        current = self.get_message(message.id) or message
        if current.ephemeral and current.visible_to != user.id:
            raise PermissionError(f"{user.name} cannot see ephemeral message {message.id}")
        data: JSON = {"custom_id": custom_id, "component_type": component_type}
        if component_type == 3:
            data["values"] = []
        return await self._component_interaction(user, current, data, locale, deliver_after)

    async def select(
        self,
        user: User,
        message: Message,
        custom_id: str,
        values: Sequence[Any],
        *,
        locale: str | None = None,
        deliver_after: float = 0.0,
    ) -> Interaction:
        """Pick ``values`` (option values) in a string select menu."""
        component = await self._usable_component(user, message, custom_id, None)
        ctype = component.get("type")
        if ctype not in (3, 5, 6, 7, 8):
            raise ValueError(f"component {custom_id!r} is not a select menu")
        lo, hi = component.get("min_values", 1), component.get("max_values", 1)
        if not lo <= len(values) <= hi:
            raise ValueError(f"select {custom_id!r} takes {lo}..{hi} values, got {len(values)}")
        if ctype != 3:  # user, role, mentionable and channel selects: the bot draws none (pruned)
            raise ValueError(f"select {custom_id!r}: the stand-in chooses in string selects only")
        allowed = [o.get("value") for o in component.get("options") or []]
        unknown = [v for v in values if v not in allowed]
        if unknown:
            raise ValueError(f"select {custom_id!r} has no options {unknown} (options: {allowed})")
        data: JSON = {"custom_id": custom_id, "component_type": ctype, "values": [str(v) for v in values]}
        if "id" in component:
            data["id"] = component["id"]
        return await self._component_interaction(user, message, data, locale, deliver_after)

    async def submit_modal(
        self,
        opened_by: Interaction,
        values: Mapping[str, Any],
        *,
        locale: str | None = None,
        deliver_after: float = 0.0,
    ) -> Interaction:
        """Submit the modal the bot opened in response to ``opened_by`` (text inputs by custom_id)."""
        modal = opened_by.modal
        if modal is None:
            raise ValueError(f"{opened_by!r} was not answered with a modal")

        def answer(node: JSON) -> JSON:
            ntype = node.get("type")
            out: JSON = {"type": ntype}
            if "id" in node:
                out["id"] = node["id"]
            if ntype == 4:
                cid = node["custom_id"]
                value = values.get(cid, node.get("value") or "")
                if node.get("required", True) and not value:
                    raise ValueError(f"modal text input {cid!r} is required")
                out.update(custom_id=cid, value=str(value))
            elif ntype in (3, 5, 6, 7, 8):
                out.update(custom_id=node["custom_id"], values=[str(v) for v in values.get(node["custom_id"], [])])
            elif ntype == 18:
                out["component"] = answer(node["component"])
            elif isinstance(node.get("components"), list):
                out["components"] = [answer(c) for c in node["components"]]
            return out

        data = {"custom_id": modal["custom_id"], "components": [answer(c) for c in modal.get("components") or []]}
        return await self._dispatch_interaction(
            InteractionType.MODAL_SUBMIT,
            opened_by.user,
            opened_by.channel,
            data,
            locale=locale,
            message=opened_by.source_message,
            parent=opened_by,
            deliver_after=deliver_after,
        )

    # ------------------------------------------------------------------ interaction plumbing
    @staticmethod
    def _interaction_guild(channel: Channel) -> Guild:
        if channel.guild is None:
            raise ValueError(f"interactions in DM channels are not emulated ({channel!r})")
        return channel.guild

    def _check_command_permission(self, user: User, channel: Channel, command: Command) -> None:
        required = command.payload.get("default_member_permissions")
        if required is None:
            return
        perms = self._interaction_guild(channel).permissions_of(user)
        if perms == ALL_PERMISSIONS:
            return
        need = int(required)
        if need == 0 or perms & need != need:
            raise CommandNotAvailable(
                f"{user.name} lacks permissions {need:#x} required by /{command.name} "
                "(Discord would not show the command)"
            )

    @staticmethod
    def _command_data(command: Command, path: list[str], leaf: list[JSON], resolved: JSON) -> JSON:
        options: list[JSON] = leaf
        # Wrap leaf options in their subcommand / group, innermost first.
        definitions = command.payload.get("options") or []
        chain = []
        for name in path[1:]:
            node = next(o for o in definitions if o.get("name") == name)
            chain.append(node)
            definitions = node.get("options") or []
        for node in reversed(chain):
            options = [{"name": node["name"], "type": node["type"], "options": options}]
        data: JSON = {"id": str(command.id), "name": command.name, "type": command.type, "options": options}
        if resolved:
            data["resolved"] = resolved
        if command.guild_id is not None:
            data["guild_id"] = str(command.guild_id)
        return data

    async def _component_interaction(
        self, user: User, message: Message, data: JSON, locale: str | None, deliver_after: float
    ) -> Interaction:
        """A click or a choice on `message`'s components, as Discord sends it to the bot."""
        return await self._dispatch_interaction(
            InteractionType.MESSAGE_COMPONENT,
            user,
            message.channel,
            data,
            locale=locale,
            message=message,
            deliver_after=deliver_after,
        )

    async def _usable_component(self, user: User, message: Message, custom_id: str | None, label: str | None) -> JSON:
        current = self.get_message(message.id) or message
        wait = current.changed_at + self.reaction_time - asyncio.get_running_loop().time()
        if wait > 0:
            await asyncio.sleep(wait)
        if current.deleted:
            raise ValueError(f"message {message.id} was deleted")
        if current.ephemeral and current.visible_to != user.id:
            raise PermissionError(f"{user.name} cannot see ephemeral message {message.id}")
        if custom_id is None and label is None:
            raise ValueError("give a custom_id or a label")
        component = current.component(custom_id, label=label)
        if component.get("disabled"):
            raise ValueError(f"component {component.get('custom_id')!r} is disabled")
        return component

    async def _dispatch_interaction(
        self,
        itype: int,
        user: User,
        channel: Channel,
        data: JSON,
        *,
        locale: str | None = None,
        message: Message | None = None,
        command: Command | None = None,
        parent: Interaction | None = None,
        deliver_after: float = 0.0,
    ) -> Interaction:
        if deliver_after < 0:
            raise ValueError("deliver_after must be >= 0")
        guild = self._interaction_guild(channel)
        await self.flush_dispatches()
        session = self.gateway.session_for(guild.id)  # the session of the guild's shard
        # A session whose connection is down (drop, cut) is fine: the dispatch waits in its backlog.
        if session is None or not session.ready:
            raise RuntimeError("the bot has no gateway session with the stand-in (await wait_until_ready() first)")
        member = guild.members.get(user.id)
        if member is None:
            raise ValueError(f"{user.name} is not a member of {guild.name}")
        perms = guild.permissions_of(user)
        created_at = self.clock.now()  # with its id: the id carries the moment of creation, as Discord's do
        iid = self.snowflake()
        token = "aW50ZXJhY3Rpb246" + secrets.token_urlsafe(96)
        payload: JSON = {
            "id": str(iid),
            "application_id": str(self.app_id),
            "type": itype,
            "data": data,
            "guild": {"id": str(guild.id), "locale": guild.locale, "features": []},
            "guild_id": str(guild.id),
            "guild_locale": guild.locale,
            "channel": channel.to_payload(permissions=perms),
            "channel_id": str(channel.id),
            "member": member.to_payload(permissions=perms),
            "token": token,
            "version": 1,
            "locale": locale or user.locale,
            "app_permissions": str(guild.permissions_of(self.bot_user)),
            "entitlements": [],
            "entitlement_sku_ids": [],
            "authorizing_integration_owners": {"0": str(guild.id)},
            "context": 0,
            "attachment_size_limit": 10 * 1024 * 1024,
        }
        if message is not None:
            payload["message"] = message.to_payload()
        handle = Interaction(
            self,
            id=iid,
            token=token,
            type=itype,
            user=user,
            channel=channel,
            payload=payload,
            created_at=created_at,
            message=message,
            command=command,
            parent=parent,
        )
        handle.deliver_after = deliver_after
        self.interactions.append(handle)
        self._interactions_by_id[iid] = handle
        self._interactions_by_token[token] = handle
        loop = asyncio.get_running_loop()
        # The window runs from creation, however late the gateway delivers the interaction.
        handle.timer = loop.call_later(self.ack_deadline + 0.1, self._ack_watchdog, handle)
        if deliver_after > 0:
            task = loop.create_task(self._deliver_later(handle, deliver_after))
            self._deliveries.add(task)
            task.add_done_callback(self._deliveries.discard)
        else:
            await self._deliver(handle)
        return handle

    async def _deliver(self, handle: Interaction) -> None:
        def sent() -> None:
            handle.delivered_at = self.clock.now()
            self.notify()

        await self.gateway.dispatch("INTERACTION_CREATE", handle.payload, on_send=sent)

    async def _deliver_later(self, handle: Interaction, delay: float) -> None:
        await asyncio.sleep(delay)
        await self._deliver(handle)

    def _ack_watchdog(self, handle: Interaction) -> None:
        if handle.acknowledged or handle.late:
            return
        handle.late = True
        if not handle.delivered_in_time:
            # Delivered late (or not yet, or never): the bot is right not to answer it.
            self.log.info("interaction %s expired unanswered; it was delivered late or not at all", handle.describe())
            self.notify()
            return
        why = f"{handle.describe()} was not acknowledged within {self.ack_deadline:g} s"
        if handle.injected_failures:
            failed = ", ".join(f"{f.method} {f.status}/{f.code}" for f in handle.injected_failures)
            why += f" (requests failed by fail_next: {failed})"
        self.violation("INTERACTION", f"/interactions/{handle.id}", why)

    def record_late_callback(self, handle: Interaction, method: str, path: str, callback_type: int | None) -> None:
        """Record a callback refused for lateness (used by the REST layer; it answers 404/10062)."""
        now = self.clock.now()
        elapsed = now - handle.created_at
        record = LateCallback(handle, now, elapsed, callback_type)
        self.late_callbacks.append(record)
        handle.late_callbacks.append(record)
        if not handle.late and handle.delivered_in_time:  # the watchdog may already have reported it
            why = f"acknowledged after {elapsed:.2f} s (> {self.ack_deadline:g} s)"
            self.violation(method, path, f"interaction {handle.describe()} {why}")
        handle.late = True
        self.notify()
