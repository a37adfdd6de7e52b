"""Helpers for the stand-in's own tests: the test world and bare aiohttp gateway/REST clients."""

from __future__ import annotations

import asyncio
import json
import zlib
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import aiohttp

from tools.standin import BotProcess, Channel, Guild, Perm, StandIn, User

JSON = dict[str, Any]
TINY_BOT = Path(__file__).with_name("tiny_bot.py")
BotStarter = Callable[..., Awaitable[BotProcess]]


class World:
    """One guild with a text channel, a thread, a French-speaking user and a moderator."""

    def __init__(self, standin: StandIn) -> None:
        self.standin = standin
        self.guild: Guild = standin.add_guild("Parlor")
        self.tables: Channel = standin.add_channel(self.guild, "tables")
        self.thread: Channel = standin.add_thread(self.tables, "table-1")
        self.alice: User = standin.add_user("alice", locale="fr")
        self.bob: User = standin.add_user("bob", permissions=Perm.MANAGE_CHANNELS)


class RawGateway:
    def __init__(self, standin: StandIn, session: aiohttp.ClientSession, *, compress: str | None = None) -> None:
        self.standin = standin
        self.session = session
        self.compress = compress
        self.ws: aiohttp.ClientWebSocketResponse | None = None
        self._inflate = zlib.decompressobj()
        self._buffer = bytearray()
        self.raw_frames: list[bytes] = []
        self.seq: int | None = None

    async def connect(self, url: str | None = None) -> JSON:
        query = "?v=10&encoding=json" + (f"&compress={self.compress}" if self.compress else "")
        self.ws = await self.session.ws_connect((url or self.standin.gateway_url) + query)
        hello = await self.recv()
        assert hello["op"] == 10, hello
        return hello

    async def recv(self, timeout: float = 5.0) -> JSON:  # noqa: ASYNC109
        assert self.ws is not None
        while True:
            msg = await self.ws.receive(timeout=timeout)
            if msg.type == aiohttp.WSMsgType.TEXT:
                frame: JSON = json.loads(msg.data)
                break
            if msg.type == aiohttp.WSMsgType.BINARY:
                self.raw_frames.append(msg.data)
                self._buffer.extend(msg.data)
                if self._buffer[-4:] != b"\x00\x00\xff\xff":
                    continue
                frame = json.loads(self._inflate.decompress(bytes(self._buffer)))
                self._buffer.clear()
                break
            raise ConnectionError(f"websocket closed: {msg.type} code={self.ws.close_code} {msg.extra!r}")
        if frame.get("s") is not None:
            self.seq = frame["s"]
        return frame

    async def recv_dispatch(self, event: str, timeout: float = 5.0) -> JSON:  # noqa: ASYNC109
        async with asyncio.timeout(timeout):
            while True:
                frame = await self.recv()
                if frame.get("t") == event:
                    return frame

    async def send(self, op: int, data: Any) -> None:
        assert self.ws is not None
        await self.ws.send_str(json.dumps({"op": op, "d": data}))

    async def identify(self, *, token: str | None = None, intents: int = 1 | (1 << 9), shard: Any = None) -> None:
        data: JSON = {
            "token": token or self.standin.token,
            "intents": intents,
            "properties": {"os": "linux", "browser": "raw", "device": "raw"},
        }
        if shard is not None:
            data["shard"] = shard
        await self.send(2, data)

    async def close_code(self, timeout: float = 5.0) -> int | None:  # noqa: ASYNC109
        assert self.ws is not None
        async with asyncio.timeout(timeout):
            while True:
                msg = await self.ws.receive()
                if msg.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.CLOSING):
                    return self.ws.close_code
                if msg.type == aiohttp.WSMsgType.ERROR:
                    return self.ws.close_code


class RawRest:
    def __init__(self, standin: StandIn, session: aiohttp.ClientSession, *, token: str | None = None) -> None:
        self.standin = standin
        self.session = session
        self.token = token or standin.token

    async def request(self, method: str, path: str, body: Any = None, *, auth: bool = True) -> tuple[int, Any, Any]:
        headers = {"Authorization": f"Bot {self.token}"} if auth else {}
        kwargs: dict[str, Any] = {"headers": headers}
        if body is not None:
            kwargs["json"] = body
        async with self.session.request(method, self.standin.api_base + path, **kwargs) as resp:
            text = await resp.text()
            data = json.loads(text) if resp.headers.get("Content-Type") == "application/json" else text
            return resp.status, data, resp.headers
