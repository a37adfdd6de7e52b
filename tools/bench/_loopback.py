"""Discord's REST side for the bench's in-process bot: an HTTP session that answers in the same process.

discord.py sends every request through one aiohttp session (the bot's HTTP client, and interaction responses
through the same session). `LoopbackSession` takes that session's place: each request has been built and
serialised by discord.py's own code (routes, headers, JSON bodies, its rate-limit bookkeeping), and is answered
here at once with what Discord would answer (a message for a message posted or edited, the callback's result
for an interaction response), without a socket. It records what was sent: the requests by route, their bytes,
and when each interaction was answered (`answered`), which is where the bench stops a click's clock.
"""

from __future__ import annotations

import asyncio
import itertools
import re
import time
from collections import Counter
from dataclasses import dataclass, field
from types import TracebackType
from typing import Any

from discord.utils import _from_json, _to_json

from ._gateway import bot_message

UPDATE_MESSAGE = 7  # interaction callback types that carry a message
CHANNEL_MESSAGE = 4
EPHEMERAL = 64

_PATH = re.compile(r"^https?://[^/]+/api/v\d+(?P<path>/[^?]*)")
_ROUTES: tuple[tuple[str, re.Pattern[str], str], ...] = tuple(
    (method, re.compile(pattern), name)
    for method, pattern, name in (
        ("GET", r"/users/@me", "me"),
        ("GET", r"/applications/(?P<app>\d+)/commands", "commands"),
        ("PUT", r"/applications/(?P<app>\d+)/commands", "commands_put"),
        ("GET", r"/applications/(?P<app>\d+)/emojis", "emojis"),
        ("POST", r"/interactions/(?P<id>\d+)/(?P<token>[^/]+)/callback", "callback"),
        ("POST", r"/channels/(?P<channel>\d+)/messages", "post"),
        ("PATCH", r"/channels/(?P<channel>\d+)/messages/(?P<message>\d+)", "edit"),
        ("DELETE", r"/channels/(?P<channel>\d+)/messages/(?P<message>\d+)", "delete"),
        ("GET", r"/channels/(?P<channel>\d+)/messages", "history"),
        ("POST", r"/webhooks/(?P<app>\d+)/(?P<token>[^/]+)", "followup"),
        ("PATCH", r"/webhooks/(?P<app>\d+)/(?P<token>[^/]+)/messages/(?P<message>[^/]+)", "hand_edit"),
        ("DELETE", r"/webhooks/(?P<app>\d+)/(?P<token>[^/]+)/messages/(?P<message>[^/]+)", "hand_delete"),
    )
)


_REGISTERED: dict[str, list[dict[str, Any]]] = {}  # application id -> its slash commands, across the bench's bots


class _Response:
    """What discord.py reads of an aiohttp response: the status, the headers and the text."""

    def __init__(self, status: int, body: Any, latency: float = 0.0) -> None:
        self.status = status
        self.latency = latency
        self._text = "" if body is None else _to_json(body)
        self.headers = {"content-type": "application/json"} if body is not None else {}
        self.reason = "OK" if status < 300 else "Not Found"

    async def text(self, encoding: str = "utf-8") -> str:
        return self._text

    async def read(self) -> bytes:
        return self._text.encode()

    async def __aenter__(self) -> _Response:
        if self.latency:
            await asyncio.sleep(self.latency)  # the round trip to Discord and back
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None
    ) -> None:
        return None


@dataclass
class LoopbackSession:
    """An aiohttp session stand-in answering the Discord REST API in-process (see the module's doc)."""

    bot_id: int
    latency: float = 0.0  # seconds each request takes to be answered (its round trip)
    ids: itertools.count[int] = field(default_factory=lambda: itertools.count(1_300_000_000_000_000_000))
    requests: Counter[str] = field(default_factory=Counter)
    sent_bytes: int = 0
    unknown: list[str] = field(default_factory=list)  # requests no route of this stand-in answers
    sent_at: list[float] = field(default_factory=list)  # when each request was made (`time.perf_counter()`)
    closed: bool = False
    _answers: dict[int, asyncio.Future[float]] = field(default_factory=dict)
    _bodies: dict[int, tuple[int, dict[str, Any]]] = field(default_factory=dict)

    def expect(self, interaction_id: int) -> asyncio.Future[float]:
        """A future set to the `time.perf_counter()` when the bot sends the interaction's response."""
        future: asyncio.Future[float] = asyncio.get_running_loop().create_future()
        self._answers[interaction_id] = future
        return future

    def request(self, method: str, url: Any, **kwargs: Any) -> _Response:
        """Answer one request built by discord.py (`data` is its serialised body)."""
        now = time.perf_counter()
        self.sent_at.append(now)
        body = kwargs.get("data")
        if isinstance(body, str | bytes):
            self.sent_bytes += len(body)
        match = _PATH.match(str(url))
        path = match["path"] if match is not None else str(url)
        for route_method, pattern, name in _ROUTES:
            found = pattern.fullmatch(path)
            if route_method == method and found is not None:
                self.requests[name] += 1
                status, answer = getattr(self, f"_{name}")(found, _from_json(body) if isinstance(body, str) else None)
                if name == "callback":
                    waiting = self._answers.pop(int(found["id"]), None)
                    if waiting is not None and not waiting.done():
                        waiting.set_result(now)
                return _Response(status, answer, self.latency)
        self.unknown.append(f"{method} {path}")
        return _Response(404, {"message": "Unknown route", "code": 0}, self.latency)

    def answer_of(self, interaction_id: int) -> tuple[int, dict[str, Any]]:
        """The interaction's response as sent: its callback type and its message (`{}` without one); once."""
        return self._bodies.pop(interaction_id)

    async def close(self) -> None:
        self.closed = True

    # ----- the answers ------------------------------------------------------------
    def _user(self) -> dict[str, Any]:
        return {"id": str(self.bot_id), "username": "cardroom", "discriminator": "0", "global_name": None,
                "avatar": None, "bot": True, "public_flags": 0, "flags": 0}  # fmt: skip

    def _message(self, channel_id: int, message_id: int, body: dict[str, Any] | None, flags: int = 0) -> dict[str, Any]:
        body = body or {}
        return bot_message(
            message_id,
            channel_id,
            self._user(),
            content=body.get("content") or "",
            embeds=body.get("embeds"),
            components=body.get("components"),
            flags=flags | (body.get("flags") or 0),
        )

    def _me(self, found: re.Match[str], body: Any) -> tuple[int, Any]:
        return 200, self._user()

    def _commands(self, found: re.Match[str], body: Any) -> tuple[int, Any]:
        return 200, _REGISTERED.get(found["app"], [])

    def _commands_put(self, found: re.Match[str], body: Any) -> tuple[int, Any]:
        commands = body or []
        registered = [
            {**command, "id": str(next(self.ids)), "application_id": found["app"], "version": "1"}
            for command in commands
        ]
        _REGISTERED[found["app"]] = registered  # Discord keeps them: the next start finds them up to date
        return 200, registered

    def _emojis(self, found: re.Match[str], body: Any) -> tuple[int, Any]:
        return 200, {"items": []}

    def _callback(self, found: re.Match[str], body: Any) -> tuple[int, Any]:
        kind = (body or {}).get("type")
        message_id = next(self.ids)
        data = (body or {}).get("data") or {}
        self._bodies[int(found["id"])] = (kind or 0, data)
        ephemeral = bool((data.get("flags") or 0) & EPHEMERAL) or kind == UPDATE_MESSAGE
        result: dict[str, Any] = {
            "interaction": {
                "id": found["id"],
                "type": 3,
                "response_message_id": str(message_id),
                "response_message_loading": False,
                "response_message_ephemeral": ephemeral,
            }
        }
        if kind in (UPDATE_MESSAGE, CHANNEL_MESSAGE):
            flags = EPHEMERAL if ephemeral else 0
            result["resource"] = {"type": kind, "message": self._message(0, message_id, data, flags)}
        return 200, result

    def _post(self, found: re.Match[str], body: Any) -> tuple[int, Any]:
        return 200, self._message(int(found["channel"]), next(self.ids), body)

    def _edit(self, found: re.Match[str], body: Any) -> tuple[int, Any]:
        return 200, self._message(int(found["channel"]), int(found["message"]), body)

    def _delete(self, found: re.Match[str], body: Any) -> tuple[int, Any]:
        return 204, None

    def _history(self, found: re.Match[str], body: Any) -> tuple[int, Any]:
        return 200, []

    def _followup(self, found: re.Match[str], body: Any) -> tuple[int, Any]:
        return 200, self._message(0, next(self.ids), body)

    def _hand_edit(self, found: re.Match[str], body: Any) -> tuple[int, Any]:
        message = found["message"]
        return 200, self._message(0, next(self.ids) if message == "@original" else int(message), body, EPHEMERAL)

    def _hand_delete(self, found: re.Match[str], body: Any) -> tuple[int, Any]:
        return 204, None
