"""REST fault injection: ``StandIn.fail_next`` rules and the record of failures they caused.

A rule names a method and a route pattern -- a path whose ``{placeholder}`` segments match any
one segment and whose other segments must match exactly, e.g.
``/channels/{channel_id}/messages/{message_id}`` (every message edit) or
``/webhooks/{application_id}/{interaction_token}/messages/@original`` (only edits of an
interaction's original response). The next ``times`` matching requests get the rule's error in
Discord's JSON error shape; nothing they asked for is applied.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .model import JSON

if TYPE_CHECKING:
    from .interactions import Interaction

_PLACEHOLDER = re.compile(r"^\{[^/{}]+\}$")

#: Discord's messages for the error codes a test is most likely to inject
DEFAULT_MESSAGES: dict[int, str] = {
    10003: "Unknown Channel",
    10008: "Unknown Message",
    10015: "Unknown Webhook",
    10062: "Unknown interaction",
    20028: "The write action you are performing on the channel has hit the write rate limit.",
    30046: "Maximum number of edits to messages older than 1 hour reached. Try again later.",
    40060: "Interaction has already been acknowledged.",
    50001: "Missing Access",
    50003: "Cannot execute action on a DM channel",
    50007: "Cannot send messages to this user",
    50013: "Missing Permissions",
    50027: "Invalid Webhook Token",
    50035: "Invalid Form Body",
    130000: "API resource is currently overloaded. Try again a little later.",
}

_STATUS_TEXT = {
    400: "Bad Request",
    401: "Unauthorized",
    403: "Forbidden",
    404: "Not Found",
    405: "Method Not Allowed",
    429: "Too Many Requests",
    500: "Internal Server Error",
    502: "Bad Gateway",
    503: "Service Unavailable",
    504: "Gateway Timeout",
}


def split_route(route: str) -> tuple[str | None, ...]:
    """``"/a/{x}/b"`` -> ``("a", None, "b")`` (``None`` = any one segment); a leading ``/api/v10`` is dropped."""
    path = route.strip()
    if path.startswith("/api/v10/"):
        path = path[len("/api/v10") :]
    if not path.startswith("/"):
        raise ValueError(f"route {route!r} must start with '/'")
    path = path.split("?", 1)[0].rstrip("/")
    return tuple(None if _PLACEHOLDER.match(seg) else seg for seg in path.split("/")[1:])


def segments_overlap(a: tuple[str | None, ...], b: tuple[str | None, ...]) -> bool:
    """Could one path match both patterns?"""
    return len(a) == len(b) and all(x is None or y is None or x == y for x, y in zip(a, b, strict=True))


def default_message(status: int, code: int) -> str:
    if code in DEFAULT_MESSAGES:
        return DEFAULT_MESSAGES[code]
    return f"{status}: {_STATUS_TEXT.get(status, 'Error')}"


@dataclass(eq=False)
class FaultRule:
    """One ``fail_next`` request: fail the next ``times`` matching requests."""

    method: str
    route: str
    status: int
    code: int
    message: str
    times: int
    errors: JSON | None = None
    #: ``retry_after`` of an injected 429 (seconds)
    retry_after: float = 1.0
    #: how many requests this rule failed so far
    used: int = 0
    segments: tuple[str | None, ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.method = self.method.upper()
        self.segments = split_route(self.route)

    @property
    def remaining(self) -> int:
        return max(self.times - self.used, 0)

    def matches(self, method: str, path: str) -> bool:
        if self.remaining <= 0 or method.upper() != self.method:
            return False
        concrete = tuple(path.split("?", 1)[0].rstrip("/").split("/")[1:])
        return len(concrete) == len(self.segments) and all(
            want is None or want == got for want, got in zip(self.segments, concrete, strict=True)
        )

    def body(self) -> JSON:
        data: JSON = {"message": self.message, "code": self.code}
        if self.errors:
            data["errors"] = self.errors
        if self.status == 429:
            data["retry_after"] = self.retry_after
            data["global"] = False
        return data


@dataclass(frozen=True, eq=False)
class InjectedFault:
    """A request the stand-in failed on purpose (see ``StandIn.injected``)."""

    method: str
    #: the request path (tokens shown as ``<token>``)
    path: str
    #: the rule's route pattern
    route: str
    status: int
    code: int
    message: str
    #: stand-in clock time of the request
    at: float
    #: the interaction whose callback / webhook (followup, @original) request this was, if any
    interaction: Interaction | None = None
