"""Digest timing, pure: a daily digest at a local time (across a daylight-saving change, after quiet hours), one on
change at most every so many hours, and when one is worth sending."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.services.digest import DEFAULT_HOURS, next_daily, on_change, worth_sending
from bot.storage import PlayerSettings


def at(text: str) -> float:
    return datetime.strptime(text, "%Y-%m-%d %H:%M").replace(tzinfo=UTC).timestamp()


PARIS = PlayerSettings(user_id=1, notify="digest", zone="Europe/Paris")


def test_a_daily_digest_goes_out_at_the_local_time_across_a_daylight_saving_change() -> None:
    daily = PlayerSettings(user_id=1, notify="digest", zone="Europe/Paris", digest_at=9 * 60)
    assert next_daily(daily, at("2026-10-24 06:00")) == at("2026-10-24 07:00")  # 09:00 CEST
    assert next_daily(daily, at("2026-10-24 07:00")) == at("2026-10-25 08:00")  # the next day, 09:00 CET
    assert next_daily(PARIS, at("2026-10-24 06:00")) is None  # on change: no daily time


def test_a_daily_digest_inside_quiet_hours_waits_for_their_end() -> None:
    early = PlayerSettings(
        user_id=1, notify="digest", zone="Europe/Paris", digest_at=6 * 60, quiet_start=23 * 60, quiet_end=8 * 60
    )
    assert next_daily(early, at("2026-10-24 12:00")) == at("2026-10-25 07:00")  # 08:00 CET, not 06:00


def test_a_digest_on_change_waits_its_pace_and_quiet_hours() -> None:
    now = at("2027-01-15 12:00")
    assert on_change(PARIS, now) == now  # never sent: at once
    sent = PlayerSettings(user_id=1, notify="digest", zone="Europe/Paris", digest_sent_at=now - 3600, digest_hours=3)
    assert on_change(sent, now) == now + 2 * 3600
    assert on_change(sent, now, scale=0.5) == now + 0.5 * 3600  # a scaled clock (tests, demos)
    default = PlayerSettings(user_id=1, notify="digest", digest_sent_at=now)
    assert on_change(default, now) == now + DEFAULT_HOURS * 3600
    night = PlayerSettings(user_id=1, notify="digest", zone="UTC", quiet_start=11 * 60, quiet_end=13 * 60)
    assert on_change(night, now) == at("2027-01-15 13:00")


def test_what_is_worth_sending() -> None:
    daily = PlayerSettings(user_id=1, notify="digest", zone="UTC", digest_at=540, digest_count=2)
    assert worth_sending(daily, 2) and not worth_sending(daily, 0)
    changes = PlayerSettings(user_id=1, notify="digest", digest_count=2)
    assert worth_sending(changes, 3) and worth_sending(changes, 0) and not worth_sending(changes, 2)
