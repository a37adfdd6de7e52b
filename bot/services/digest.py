"""Digests: one direct message instead of a stream of pings (`/notify mode:digest`), pure timing.

A digest lists every table waiting on the person, urgent first, and replaces
the previous one (`players.digest_channel_id/digest_message_id`). It goes out
either every day at a local time the person picked (`digest_at`, in their
`zone`), or, without a time, when the number of tables waiting on them changes,
at most once every `digest_hours` (`DEFAULT_HOURS` unless they chose). A digest
that would fall inside their quiet hours waits for their end.
"""

from __future__ import annotations

from bot.services.quiet import after_quiet, next_local, quiet_of
from bot.storage import PlayerSettings

DEFAULT_HOURS = 2.0  # at most one digest on change every so many hours, unless the person chose
HOUR = 3600.0


def next_daily(player: PlayerSettings, now: float) -> float | None:
    """When the person's daily digest next goes out (None: they take digests on change, or have no zone)."""
    if player.digest_at is None or player.zone is None:
        return None
    return after_quiet(quiet_of(player), next_local(player.zone, player.digest_at, now))


def on_change(player: PlayerSettings, now: float, scale: float = 1.0) -> float:
    """When a digest on change may go out, the number of waiting tables having changed now: now, or once
    `digest_hours` (scaled by `scale`) have passed since the last one; after the person's quiet hours."""
    hours = DEFAULT_HOURS if player.digest_hours is None else player.digest_hours
    earliest = now if player.digest_sent_at is None else max(now, player.digest_sent_at + hours * HOUR * scale)
    return after_quiet(quiet_of(player), earliest)


def worth_sending(player: PlayerSettings, waiting: int) -> bool:
    """Whether a digest due now goes out: a daily one when some table waits; one on change when the number of
    waiting tables is not the one the last digest listed."""
    if player.digest_at is not None:
        return waiting > 0
    return waiting != player.digest_count
