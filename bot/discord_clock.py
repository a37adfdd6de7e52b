"""Discord's clock as seen from this host, from the `Date` header of Discord's REST answers.

An interaction's id dates it by Discord's clock; whether it can still be
answered is judged against that clock, not this host's, which may be off
(a VM without NTP, a laptop after sleep). Each answer's `Date` (whole seconds)
was written by Discord between the request leaving and the answer arriving,
so each bounds the offset (this host's clock minus Discord's):

    sent - (date + 1) < offset <= received - date

The bounds of successive answers intersect to well under a second. The
offset used is the smallest one they allow: none at all when this host's
clock agrees with every answer (the usual case, with NTP), else the nearest
bound. When a new bound does not meet the others (this host's clock was
stepped), the estimate starts again from it.
"""

from __future__ import annotations

import logging
import math
import time
from collections.abc import Callable
from email.utils import parsedate_to_datetime

log = logging.getLogger("cardroom")

DATE_RESOLUTION = 1.0  # seconds: the `Date` header has whole seconds
WARN_OFFSET = 1.0  # seconds off Discord's clock worth telling the operator about


class DiscordClock:
    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        self._clock = clock
        self._low = -math.inf
        self._high = math.inf
        self._warned = False

    @property
    def offset(self) -> float:
        """This host's clock minus Discord's, in seconds: the smallest correction Discord's answers allow."""
        return min(max(0.0, self._low), self._high)

    @property
    def uncertainty(self) -> float:
        """Half the width of the interval the offset is known to lie in (infinite before any answer)."""
        return (self._high - self._low) / 2

    def now(self) -> float:
        """Discord's time now, as best known."""
        return self._clock() - self.offset

    def observe(self, sent: float, received: float, date: str | None) -> None:
        """A REST answer sent at `sent`, received at `received` (this host's clock), with its `Date` header."""
        if not date:
            return
        try:
            stamp = parsedate_to_datetime(date).timestamp()
        except (TypeError, ValueError):
            return
        low, high = sent - stamp - DATE_RESOLUTION, received - stamp
        if low > self._high or high < self._low:  # this host's clock was stepped: start again
            self._low, self._high = low, high
        else:
            self._low, self._high = max(self._low, low), min(self._high, high)
        if abs(self.offset) > WARN_OFFSET and not self._warned:
            self._warned = True
            log.warning(
                "This host's clock is %.1f s off Discord's; interactions are dated by Discord's."
                " Keep the clock synchronised (NTP)",
                self.offset,
            )
