"""Discord's clock is estimated from the whole-second `Date` headers of its answers, to well under a second."""

from __future__ import annotations

import random
from email.utils import formatdate

import pytest

from bot.discord_clock import DiscordClock


def answer(clock: DiscordClock, local: float, offset: float, rtt: float, rng: random.Random) -> None:
    """A request sent at `local`; Discord (whose clock is `offset` behind this host's) writes its Date mid-way."""
    written = local + rng.uniform(0, rtt)
    clock.observe(local, local + rtt, formatdate(written - offset, usegmt=True))


@pytest.mark.parametrize("offset", [0.0, 4.3, -7.65, 0.42])
def test_the_offset_is_found_to_within_the_round_trip(offset: float) -> None:
    rng = random.Random(int(offset * 100))
    clock = DiscordClock(clock=lambda: 1_800_000_000.0)
    assert clock.offset == 0.0  # nothing known yet: this host's clock is trusted
    local = 1_800_000_000.0
    for _ in range(40):
        local += rng.uniform(0.05, 3.0)  # answers arrive at every phase of Discord's second
        answer(clock, local, offset, 0.05, rng)
    assert abs(clock.offset - offset) <= 2 * clock.uncertainty + 1e-9
    assert clock.uncertainty < 0.15
    assert clock.now() == pytest.approx(1_800_000_000.0 - clock.offset)


def test_a_host_clock_in_step_with_discord_is_not_corrected() -> None:
    """With NTP the offset is 0 within the answers' resolution: no correction, so no noise added."""
    rng = random.Random(9)
    clock = DiscordClock()
    local = 1_800_000_000.0
    for _ in range(3):  # a fresh start: few answers, wide bounds
        local += rng.uniform(0.05, 3.0)
        answer(clock, local, 0.02, 0.05, rng)
        assert clock.offset == 0.0


def test_a_stepped_clock_starts_the_estimate_again() -> None:
    rng = random.Random(3)
    clock = DiscordClock()
    local = 1_800_000_000.0
    for _ in range(20):
        local += rng.uniform(0.05, 3.0)
        answer(clock, local, 5.0, 0.05, rng)
    for _ in range(20):  # NTP stepped this host's clock: it now agrees with Discord's
        local += rng.uniform(0.05, 3.0)
        answer(clock, local, 0.0, 0.05, rng)
    assert abs(clock.offset) < 0.2


def test_answers_without_a_usable_date_change_nothing() -> None:
    clock = DiscordClock()
    clock.observe(1.0, 2.0, None)
    clock.observe(1.0, 2.0, "not a date")
    assert clock.offset == 0.0
