"""Gateway websocket emulation: HELLO, IDENTIFY/READY/GUILD_CREATE, heartbeats, RESUME, dispatch, shards.

Sharding as Discord does it: a session that IDENTIFYs with ``shard: [id, count]`` gets the READY guilds, the
GUILD_CREATEs and every event of the guilds with ``(guild_id >> 22) % count == id`` only (DM events go to
shard 0); a session without ``shard`` gets everything. A shard outside its count is closed with 4010 (Invalid
shard); with ``sharding_required``, a session with no shard or fewer shards than ``shards`` (the count
``GET /gateway/bot`` recommends) is closed with 4011 (Sharding required).

Supports ``compress=zlib-stream`` (one zlib stream per connection, every frame flushed with
Z_SYNC_FLUSH so it ends in ``00 00 ff ff``), ``compress=zstd-stream`` when ``zstandard`` (or
Python 3.14's ``compression.zstd``) is importable, and plain JSON text frames.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import zlib
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from aiohttp import WSCloseCode, WSMsgType, web

from .model import JSON

if TYPE_CHECKING:
    from .server import StandIn

log = logging.getLogger("standin.gateway")

# Intents
GUILDS = 1 << 0
GUILD_MEMBERS = 1 << 1
GUILD_PRESENCES = 1 << 8
GUILD_MESSAGES = 1 << 9
DIRECT_MESSAGES = 1 << 12
MESSAGE_CONTENT = 1 << 15
PRIVILEGED_INTENTS = GUILD_MEMBERS | GUILD_PRESENCES | MESSAGE_CONTENT
ALL_INTENTS = (1 << 26) - 1
INTENT_NAMES = {GUILD_MEMBERS: "GUILD_MEMBERS", GUILD_PRESENCES: "GUILD_PRESENCES", MESSAGE_CONTENT: "MESSAGE_CONTENT"}

#: intent a dispatch needs (events not listed are always sent)
EVENT_INTENTS = {
    "GUILD_CREATE": GUILDS,
    "GUILD_UPDATE": GUILDS,
    "GUILD_DELETE": GUILDS,
    "CHANNEL_CREATE": GUILDS,
    "CHANNEL_UPDATE": GUILDS,
    "CHANNEL_DELETE": GUILDS,
    "THREAD_CREATE": GUILDS,
    "THREAD_UPDATE": GUILDS,
    "THREAD_DELETE": GUILDS,
    "GUILD_MEMBER_ADD": GUILD_MEMBERS,
    "GUILD_MEMBER_UPDATE": GUILD_MEMBERS,
    "GUILD_MEMBER_REMOVE": GUILD_MEMBERS,
    "MESSAGE_CREATE": GUILD_MESSAGES,
    "MESSAGE_UPDATE": GUILD_MESSAGES,
    "MESSAGE_DELETE": GUILD_MESSAGES,
}

BACKLOG = 5000


def _dumps(payload: JSON) -> str:
    return json.dumps(payload, separators=(",", ":"), ensure_ascii=False)


def _zstd_compressor() -> Callable[[bytes], bytes] | None:
    try:
        import zstandard

        stream = zstandard.ZstdCompressor().compressobj()
        return lambda data: stream.compress(data) + stream.flush(zstandard.COMPRESSOBJ_FLUSH_BLOCK)
    except ImportError:
        pass
    try:
        from compression import zstd

        compressor = zstd.ZstdCompressor()
        return lambda data: compressor.compress(data, mode=zstd.ZstdCompressor.FLUSH_BLOCK)
    except ImportError:
        return None


def _valid_shard(shard: Any) -> bool:
    """``[id, count]`` with 0 <= id < count (Discord closes anything else with 4010)."""
    return (
        isinstance(shard, list)
        and len(shard) == 2
        and all(isinstance(n, int) and not isinstance(n, bool) for n in shard)
        and 0 <= shard[0] < shard[1]
    )


class Connection:
    """One websocket connection (a session may span several)."""

    def __init__(self, ws: web.WebSocketResponse, compressor: Callable[[bytes], bytes] | None) -> None:
        self.ws = ws
        self.compressor = compressor
        self.lock = asyncio.Lock()
        self.session: Session | None = None
        self.id = secrets.token_hex(4)
        #: how the session was attached to this connection: "identify", "resume" or None (not yet)
        self.via: str | None = None

    @property
    def closed(self) -> bool:
        return self.ws.closed

    async def send(self, payload: JSON) -> bool:
        text = _dumps(payload)
        async with self.lock:
            if self.ws.closed:
                return False
            try:
                if self.compressor is not None:
                    await self.ws.send_bytes(self.compressor(text.encode("utf-8")))
                else:
                    await self.ws.send_str(text)
            except (ConnectionError, RuntimeError) as exc:
                log.debug("send failed on %s: %r", self.id, exc)
                return False
        return True

    async def close(self, code: int, reason: str) -> None:
        with contextlib.suppress(Exception):
            await self.ws.close(code=code, message=reason.encode("utf-8")[:120])


def shard_of(guild_id: int | None, shard_count: int) -> int:
    """Discord's rule: the shard of a guild's events; DMs (no guild) go to shard 0."""
    return 0 if guild_id is None else (guild_id >> 22) % shard_count


def _guild_of(event: str, data: JSON) -> int | None:
    """The guild a dispatch belongs to (None: a DM, or no guild)."""
    raw = data.get("id") if event.startswith("GUILD_") and "guild_id" not in data else data.get("guild_id")
    return None if raw is None else int(raw)


class Session:
    def __init__(self, session_id: str, intents: int, identify: JSON) -> None:
        self.id = session_id
        self.intents = intents
        self.identify = identify
        self.seq = 0
        self.backlog: deque[tuple[int, JSON]] = deque(maxlen=BACKLOG)
        #: seq -> called every time that frame is written to a connection (live or replayed)
        self.on_send: dict[int, Callable[[], None]] = {}
        self.connection: Connection | None = None
        self.lock = asyncio.Lock()
        self.ready = False
        self.shard: list[int] | None = identify.get("shard")

    @property
    def key(self) -> tuple[int, int]:
        """(shard id, shard count); an unsharded session is shard 0 of 1."""
        return (self.shard[0], self.shard[1]) if self.shard is not None else (0, 1)

    def serves(self, guild_id: int | None) -> bool:
        """Whether this session gets the events of that guild (None: DMs)."""
        shard_id, count = self.key
        return shard_of(guild_id, count) == shard_id


class Gateway:
    def __init__(
        self,
        standin: StandIn,
        *,
        heartbeat_interval_ms: int,
        enabled_privileged_intents: int,
        shards: int = 1,
        sharding_required: bool = False,
    ) -> None:
        self.standin = standin
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self.enabled_privileged_intents = enabled_privileged_intents
        #: the shard count ``GET /gateway/bot`` recommends
        self.shards = shards
        #: refuse (4011) a session with no shard, or fewer shards than ``shards``
        self.sharding_required = sharding_required
        #: the session last identified (the only one of an unsharded bot)
        self.session: Session | None = None
        #: (shard id, shard count) -> the live session of that shard (a new IDENTIFY of the shard replaces it)
        self.shard_sessions: dict[tuple[int, int], Session] = {}
        self.sessions: dict[str, Session] = {}
        self.connections: set[Connection] = set()
        #: every IDENTIFY payload received (token redacted)
        self.identifies: list[JSON] = []
        #: (code, reason) of every close the stand-in initiated
        self.closes: list[tuple[int, str]] = []
        #: the ``compress`` query parameter of every connection (None = uncompressed)
        self.compressions: list[str | None] = []
        self.heartbeats = 0
        self.resumes = 0
        #: True between ``cut()`` and ``restore()``
        self.is_cut = False
        #: how the current (or last) cut treats new connections: "refuse" (HTTP 503) or "hold"
        self.cut_mode = "refuse"
        #: websocket upgrades answered with 503 during "refuse" cuts
        self.refused_connections = 0
        #: websocket connections accepted but left without HELLO during "hold" cuts
        self.held_connections = 0
        self._restored = asyncio.Event()
        self._restore_task: asyncio.Task[None] | None = None

    # ------------------------------------------------------------------ websocket handler
    async def handle(self, request: web.Request) -> web.StreamResponse:
        if self.is_cut and self.cut_mode == "refuse":
            # What a client sees during a gateway outage: the upgrade is answered with a 5xx.
            self.refused_connections += 1
            self.standin.notify()
            return web.json_response({"message": "503: Service Unavailable", "code": 0}, status=503)
        ws = web.WebSocketResponse(autoping=True, max_msg_size=16 * 1024 * 1024)
        await ws.prepare(request)
        compress = request.query.get("compress")
        encoding = request.query.get("encoding", "json")
        version = request.query.get("v")
        compressor: Callable[[bytes], bytes] | None = None
        problem = None
        if compress == "zlib-stream":
            zstream = zlib.compressobj()
            compressor = lambda data: zstream.compress(data) + zstream.flush(zlib.Z_SYNC_FLUSH)  # noqa: E731
        elif compress == "zstd-stream":
            compressor = _zstd_compressor()
            if compressor is None:
                problem = "compress=zstd-stream requested but neither zstandard nor compression.zstd is importable"
        elif compress:
            problem = f"unsupported compress={compress!r}"
        if encoding != "json":
            problem = f"unsupported encoding={encoding!r} (the stand-in speaks json only)"
        if version not in (None, "10"):
            problem = f"unsupported gateway version v={version!r}"
        conn = Connection(ws, compressor)
        self.connections.add(conn)
        self.compressions.append(compress)
        try:
            if problem:
                self.standin.violation("GATEWAY", "/gateway", problem)
                await self._close(conn, 4012 if "version" in problem else WSCloseCode.UNSUPPORTED_DATA, problem)
                return ws
            if self.is_cut:  # "hold" cut: the upgrade succeeds but HELLO only comes after restore()
                self.held_connections += 1
                self.standin.notify()
                while self.is_cut and not conn.closed:
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(self._restored.wait(), 0.5)
                if conn.closed:
                    return ws
            await conn.send(
                {"op": 10, "d": {"heartbeat_interval": self.heartbeat_interval_ms, "_trace": ['["standin"]']}}
            )
            async for msg in ws:
                if msg.type == WSMsgType.TEXT:
                    await self._on_text(conn, msg.data)
                elif msg.type == WSMsgType.BINARY:
                    await self._close(conn, 4002, "binary frames are not accepted (json encoding)")
                elif msg.type == WSMsgType.ERROR:
                    break
        except (asyncio.CancelledError, ConnectionError):
            pass
        except Exception as exc:  # a misbehaving client must never take the stand-in down
            log.exception("gateway connection %s failed", conn.id)
            self.standin.violation("GATEWAY", "/gateway", f"internal error handling a frame: {exc!r}")
        finally:
            self.connections.discard(conn)
            if conn.session is not None and conn.session.connection is conn:
                conn.session.connection = None
            self.standin.notify()
        return ws

    async def _close(self, conn: Connection, code: int, reason: str) -> None:
        self.closes.append((int(code), reason))
        await conn.close(int(code), reason)
        self.standin.notify()

    async def _on_text(self, conn: Connection, text: str) -> None:
        try:
            frame = json.loads(text)
            op = frame["op"]
        except (ValueError, KeyError, TypeError):
            self.standin.violation("GATEWAY", "/gateway", f"undecodable frame {text[:80]!r}")
            await self._close(conn, 4002, "Decode error")
            return
        data = frame.get("d")
        if op == 1:
            self.heartbeats += 1
            await conn.send({"op": 11, "d": None})
        elif op == 2:
            await self._identify(conn, data if isinstance(data, dict) else {})
        elif op == 6:
            await self._resume(conn, data if isinstance(data, dict) else {})
        elif conn.session is None:
            self.standin.violation("GATEWAY", "/gateway", f"op {op} sent before IDENTIFY")
            await self._close(conn, 4003, "Not authenticated.")
        elif op == 3:  # presence update
            pass
        elif op == 8:  # the bot needs no member list (no test asks for one): not served
            self.standin.violation("GATEWAY", "/gateway", "REQUEST_GUILD_MEMBERS: the stand-in serves no member list")
        elif op == 4:  # voice state update: no voice in the stand-in
            pass
        else:
            self.standin.violation("GATEWAY", "/gateway", f"unknown opcode {op}")
            await self._close(conn, 4001, "Unknown opcode.")

    async def _identify(self, conn: Connection, data: JSON) -> None:
        redacted = {k: ("<redacted>" if k == "token" else v) for k, v in data.items()}
        self.identifies.append(redacted)
        self.standin.notify()
        if conn.session is not None:
            self.standin.violation("GATEWAY", "/gateway", "IDENTIFY sent twice on one connection")
            await self._close(conn, 4005, "Already authenticated.")
            return
        if data.get("token") != self.standin.token:
            self.standin.auth_failures.append("GATEWAY IDENTIFY with a wrong token")
            await self._close(conn, 4004, "Authentication failed.")
            return
        intents = data.get("intents")
        if not isinstance(intents, int) or isinstance(intents, bool) or intents < 0 or intents & ~ALL_INTENTS:
            self.standin.violation("GATEWAY", "/gateway", f"IDENTIFY with invalid intents {intents!r}")
            await self._close(conn, 4013, "Invalid intent(s).")
            return
        disallowed = intents & PRIVILEGED_INTENTS & ~self.enabled_privileged_intents
        if disallowed:
            names = [n for bit, n in INTENT_NAMES.items() if disallowed & bit]
            self.standin.auth_failures.append(f"GATEWAY IDENTIFY requested privileged intents {names}")
            await self._close(conn, 4014, "Disallowed intent(s).")
            return
        shard = data.get("shard")
        if shard is not None and not _valid_shard(shard):
            await self._close(conn, 4010, "Invalid shard.")
            return
        if self.sharding_required and (shard is None or shard[1] < self.shards):
            await self._close(conn, 4011, "Sharding required.")
            return
        session = Session(secrets.token_hex(16), intents, redacted)
        previous = self.shard_sessions.get(session.key)
        if previous is not None and previous.connection is not None and previous.connection is not conn:
            await self._close(previous.connection, 4000, "Session replaced by a new IDENTIFY")
        self.session = session
        self.shard_sessions[session.key] = session
        self.sessions[session.id] = session
        session.connection = conn
        conn.session = session
        conn.via = "identify"
        bot = self.standin.bot_user
        ready: JSON = {
            "v": 10,
            "user_settings": {},
            "user": {
                **bot.to_payload(),
                "verified": True,
                "mfa_enabled": False,
                "email": None,
                "bot": True,
                "flags": 0,
            },
            "session_type": "normal",
            "session_id": session.id,
            "resume_gateway_url": self.standin.gateway_url,
            "relationships": [],
            "private_channels": [],
            "presences": [],
            "guilds": [{"id": str(g.id), "unavailable": True} for g in self.standin.guilds if session.serves(g.id)],
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": ["standin"],
            "application": {"id": str(self.standin.app_id), "flags": self.standin.application_flags},
            "auth": {},
            "_trace": ['["standin-gateway"]'],
        }
        if shard is not None:
            ready["shard"] = shard
        await self.dispatch("READY", ready, session=session)
        for guild in self.standin.guilds:
            if session.serves(guild.id):
                await self.dispatch("GUILD_CREATE", self.standin.guild_create_payload(guild), session=session)
        session.ready = True
        self.standin.notify()

    async def _resume(self, conn: Connection, data: JSON) -> None:
        if data.get("token") != self.standin.token:
            self.standin.auth_failures.append("GATEWAY RESUME with a wrong token")
            await self._close(conn, 4004, "Authentication failed.")
            return
        session = self.sessions.get(str(data.get("session_id")))
        if session is None or self.shard_sessions.get(session.key) is not session:
            await conn.send({"op": 9, "d": False})
            await self._close(conn, 4000, "Invalid session")
            return
        self.resumes += 1
        seq = data.get("seq") or 0
        async with session.lock:
            old = session.connection
            session.connection = conn
            conn.session = session
            conn.via = "resume"
            if old is not None and old is not conn:
                await self._close(old, 4000, "Session resumed elsewhere")
            for s, frame in list(session.backlog):
                if s > seq and await conn.send(frame):
                    self._sent(session, s)
            session.seq += 1
            frame = {"op": 0, "t": "RESUMED", "s": session.seq, "d": {"_trace": ['["standin-gateway"]']}}
            session.backlog.append((session.seq, frame))
            await conn.send(frame)
        self.standin.notify()

    # ------------------------------------------------------------------ dispatching
    async def dispatch(
        self,
        event: str,
        data: JSON,
        *,
        session: Session | None = None,
        on_send: Callable[[], None] | None = None,
        intent: int | None = None,
    ) -> bool:
        """Send a DISPATCH to ``session``, or else to every live session of the shard of the event's guild (its
        ``guild_id``, or ``id`` for GUILD_* events; DMs: shard 0) -- one, unless sessions of different shard
        counts overlap, as while a bot reshards; buffered for RESUME while disconnected.

        Returns False when there is no such session or the sessions' intents exclude the event.
        ``on_send`` is called whenever the frame is written to a connection (now, or when a
        RESUME replays it). ``intent`` overrides the intent the event needs (``DIRECT_MESSAGES``
        for message events in DMs).
        """
        if session is not None:
            targets = [session]
        else:
            guild_id = _guild_of(event, data)
            targets = [s for s in self.shard_sessions.values() if s.serves(guild_id)]
        needed = intent if intent is not None else EVENT_INTENTS.get(event)
        sent = False
        for target in targets:
            if needed is None or target.intents & needed:
                await self._dispatch_to(target, event, data, on_send)
                sent = True
        return sent

    async def _dispatch_to(self, session: Session, event: str, data: JSON, on_send: Callable[[], None] | None) -> None:
        async with session.lock:
            session.seq += 1
            frame = {"op": 0, "t": event, "s": session.seq, "d": data}
            session.backlog.append((session.seq, frame))
            if on_send is not None:
                session.on_send[session.seq] = on_send
                if len(session.on_send) > BACKLOG:  # forget frames that fell out of the backlog
                    oldest = session.backlog[0][0]
                    session.on_send = {s: f for s, f in session.on_send.items() if s >= oldest}
            conn = session.connection
            if conn is not None:
                if await conn.send(frame):
                    self._sent(session, session.seq)
                else:
                    session.connection = None

    @staticmethod
    def _sent(session: Session, seq: int) -> None:
        callback = session.on_send.get(seq)
        if callback is not None:
            callback()

    def session_for(self, guild_id: int | None) -> Session | None:
        """The live session that gets this guild's events (None: a DM), if any; the last identified first."""
        if self.session is not None and self.session.serves(guild_id):
            return self.session
        return next((s for s in self.shard_sessions.values() if s.serves(guild_id)), None)

    @property
    def connected_shards(self) -> list[tuple[int, int]]:
        """(shard id, shard count) of every live session that is ready and connected, sorted."""
        return sorted(key for key, s in self.shard_sessions.items() if s.ready and s.connection is not None)

    @property
    def identified_shards(self) -> list[list[int] | None]:
        """The ``shard`` of every IDENTIFY received, in order (None: identified without one)."""
        return [payload.get("shard") for payload in self.identifies]

    @property
    def connected(self) -> bool:
        """Every live session (one per shard; one in all for an unsharded bot) is ready and connected."""
        return bool(self.shard_sessions) and len(self.connected_shards) == len(self.shard_sessions)

    # ------------------------------------------------------------------ test controls
    async def drop(
        self, code: int = 4000, reason: str = "Stand-in dropped the connection", *, shard: int | None = None
    ) -> None:
        """Close the live connection of every session (or of shard ``shard``'s); the sessions stay resumable."""
        for session in list(self.shard_sessions.values()):
            if session.connection is not None and (shard is None or session.key[0] == shard):
                conn = session.connection
                session.connection = None
                await self._close(conn, code, reason)

    async def cut(
        self,
        seconds: float | None = None,
        *,
        mode: str = "refuse",
        code: int = 4000,
        reason: str = "Stand-in gateway outage",
    ) -> None:
        """Start a gateway outage until ``restore()`` -- or, with ``seconds``, until that many
        seconds have passed. Every connection is closed (``code`` 4000 keeps the session
        resumable). New websocket connections are, with ``mode="refuse"``, answered with HTTP 503
        (discord.py then retries with its exponential backoff, logging an ERROR per attempt), or,
        with ``mode="hold"``, accepted but left without HELLO until the outage ends (discord.py
        waits, then RESUMEs at once). Dispatches (interactions included) are buffered in the
        session's backlog meanwhile and replayed when the bot RESUMEs. REST keeps working.
        """
        if mode not in ("refuse", "hold"):
            raise ValueError(f"mode must be 'refuse' or 'hold', not {mode!r}")
        self._cancel_restore()
        self.is_cut = True
        self.cut_mode = mode
        previous, self._restored = self._restored, asyncio.Event()
        previous.set()
        for session in self.shard_sessions.values():
            session.connection = None
        for conn in list(self.connections):
            await self._close(conn, code, reason)
        if seconds is not None:
            self._restore_task = asyncio.get_running_loop().create_task(self._restore_after(seconds))
        self.standin.notify()

    async def restore(self) -> None:
        """End a ``cut()``: websocket connections are accepted again (held ones get their HELLO)."""
        self._cancel_restore()
        self.is_cut = False
        self._restored.set()
        self.standin.notify()

    async def _restore_after(self, seconds: float) -> None:
        await asyncio.sleep(seconds)
        self._restore_task = None
        await self.restore()

    def _cancel_restore(self) -> None:
        task = self._restore_task
        self._restore_task = None
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    async def close_all(self) -> None:
        self._cancel_restore()
        self.is_cut = False
        self._restored.set()
        for conn in list(self.connections):
            await conn.close(WSCloseCode.GOING_AWAY, "stand-in shutting down")
