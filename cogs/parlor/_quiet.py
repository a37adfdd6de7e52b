"""What `/notify` shows of a person's quiet hours."""

from __future__ import annotations

from bot.i18n import t
from bot.services.digest import DEFAULT_HOURS
from bot.services.quiet import clock_face, quiet_of
from bot.storage import PlayerSettings


def quiet_text(lang: str, player: PlayerSettings) -> str:
    """The person's quiet hours (start–end, zone), or how to set some."""
    quiet = quiet_of(player)
    if quiet is None:
        return t(lang, "quiet.none")
    return t(lang, "quiet.current", start=clock_face(quiet.start), end=clock_face(quiet.end), zone=quiet.zone)


def digest_text(lang: str, player: PlayerSettings) -> str:
    """How the person's digests go out: daily at a time, or on change at most every so many hours."""
    if player.digest_at is not None:
        return t(lang, "digest.daily", time=clock_face(player.digest_at), zone=player.zone or "UTC")
    hours = DEFAULT_HOURS if player.digest_hours is None else player.digest_hours
    return t(lang, "digest.on_change", hours=int(hours) if float(hours).is_integer() else hours)
