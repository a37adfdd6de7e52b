"""A clock the service tests move by hand."""

from __future__ import annotations

START = 1_800_000_000.0  # unix seconds: 2027-01-15


class Clock:
    """Time as the test says: `now` is moved forward by hand, never slept through."""

    def __init__(self, now: float = START) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now
