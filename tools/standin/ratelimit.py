"""Minimal emulation of Discord's per-route rate limits.

Every REST response gets ``X-RateLimit-*`` headers from a fixed-window bucket keyed by the
route and its major parameter. Two buckets model the limits a card-game bot is most likely to
hit -- creating and editing messages through the channel endpoints, 5 per 5 s per channel.
Exceeding any modeled limit is always recorded as a ``RateLimitHit``; with enforcement on the
request is also refused with a 429 (with ``retry_after`` and a ``Via`` header, which discord.py
requires before it will retry).
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass

from .model import Clock

#: bucket name -> (limit, window seconds)
MODELED_LIMITS: dict[str, tuple[int, float]] = {
    "channel-message-create": (5, 5.0),
    "channel-message-edit": (5, 5.0),
}
DEFAULT_LIMIT: tuple[int, float] = (50, 1.0)


@dataclass(frozen=True)
class RateLimitHit:
    method: str
    path: str
    bucket: str
    at: float
    retry_after: float
    #: True when the stand-in answered 429; False when it only recorded the overrun
    enforced: bool


@dataclass
class Decision:
    headers: dict[str, str]
    retry_after: float | None  # set when this request exceeds the bucket


class _Window:
    __slots__ = ("count", "reset_at")

    def __init__(self) -> None:
        self.count = 0
        self.reset_at = 0.0


def bucket_for(method: str, template: str) -> str:
    if method == "POST" and template == "/channels/{channel_id}/messages":
        return "channel-message-create"
    if method == "PATCH" and template == "/channels/{channel_id}/messages/{message_id}":
        return "channel-message-edit"
    return f"{method} {template}"


class RateLimiter:
    """`window_scale` shortens (or lengthens) every window: the limits' counts and headers stay Discord's, their
    time runs faster, as a test's clock scaled for speed would have it (a bot reads the windows from the headers)."""

    def __init__(self, clock: Clock, *, enforce: bool, window_scale: float = 1.0) -> None:
        if window_scale <= 0:
            raise ValueError("a rate limit's window must last some time")
        self.clock = clock
        self.enforce = enforce
        self.window_scale = window_scale
        self.hits: list[RateLimitHit] = []
        self._windows: dict[tuple[str, str], _Window] = {}

    def check(self, method: str, path: str, template: str, major: str) -> Decision:
        bucket = bucket_for(method, template)
        limit, window_s = MODELED_LIMITS.get(bucket, DEFAULT_LIMIT)
        window_s *= self.window_scale
        now = self.clock.now()
        window = self._windows.setdefault((bucket, major), _Window())
        if now >= window.reset_at:
            window.count = 0
            window.reset_at = now + window_s
        over = window.count >= limit
        retry_after = round(max(window.reset_at - now, 0.001), 3) if over else None
        if over and bucket in MODELED_LIMITS:
            enforced = self.enforce
            self.hits.append(RateLimitHit(method, path, bucket, now, retry_after or 0.0, enforced))
        else:
            enforced = False
        if not enforced:
            window.count += 1
        remaining = max(limit - window.count, 0)
        reset_after = max(window.reset_at - now, 0.0)
        headers = {
            "X-RateLimit-Limit": str(limit),
            "X-RateLimit-Remaining": str(remaining),
            "X-RateLimit-Reset": f"{window.reset_at:.3f}",
            "X-RateLimit-Reset-After": f"{math.ceil(reset_after * 1000) / 1000:.3f}",
            "X-RateLimit-Bucket": hashlib.sha1(bucket.encode()).hexdigest()[:32],
        }
        if enforced:
            headers["X-RateLimit-Scope"] = "user"
            headers["Retry-After"] = str(math.ceil(retry_after or 0))
            headers["Via"] = "1.1 google"
        return Decision(headers, retry_after if enforced else None)

    @property
    def count_429(self) -> int:
        return sum(1 for h in self.hits if h.enforced)
