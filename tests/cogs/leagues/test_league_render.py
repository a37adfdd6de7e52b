"""What a league shows stays within Discord's limits whatever its size, in both languages: the entrants and the
standings are cut with an "and K more" line, a thread's name fits, and points read as each language writes them."""

from __future__ import annotations

import pytest

from bot.leagues.standings import Row
from bot.services.leagues import Progress
from bot.storage.repos.leagues import Entrant, League, Seating
from cogs.leagues._render import (
    final_notice,
    league_embed,
    league_view,
    round_notice,
    standings_embed,
    thread_name,
)
from cogs.render.limits import CONTENT, DESCRIPTION, EMBED_TOTAL, embed_length
from cogs.render.rating import short_decimal

NOW = 1_800_000_000.0


def league(status: str = "running", round: int = 2) -> League:
    return League(
        id=12,
        guild_id=1,
        channel_id=2,
        message_id=3,
        standings_message_id=None,
        game="pairs",
        format="swiss",
        rounds=5,
        round_seconds=2 * 86_400.0,
        pace="daily",
        table_size=2,
        status=status,  # type: ignore[arg-type]
        round=round,
        round_ends_at=NOW + 86_400.0,
        organiser_id=99,
        locale="en",
        created_at=NOW,
        due_at=None,
        version=3,
    )


ENTRANTS = [Entrant(10_000_000_000_000_000 + n, "A very long display name " * 2 + str(n), NOW) for n in range(400)]
ROWS = [Row(n + 1, e.user_id, 10.5 - n / 40, 20.0, 0.0, 4, 0) for n, e in enumerate(ENTRANTS)]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_crowded_league_fits_its_message_and_its_standings(lang: str) -> None:
    for embed in (league_embed(league("open", 0), ENTRANTS, lang), standings_embed(league(), ROWS, ENTRANTS, lang)):
        assert embed.description is not None and len(embed.description) <= DESCRIPTION
        assert embed_length(embed) <= EMBED_TOTAL
        assert "…" in embed.description.splitlines()[-1]  # the rest is counted, not dropped silently


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_thread_names_and_notices_fit(lang: str) -> None:
    seating = Seating(12, 2, 0, (ENTRANTS[0].user_id, ENTRANTS[1].user_id))
    assert len(thread_name(league(), seating, ENTRANTS[:8], lang)) <= 100
    started = tuple(
        Seating(12, 2, n, (e.user_id,), outcome="bye", points={e.user_id: 1.0}) for n, e in enumerate(ENTRANTS)
    )
    notice = round_notice(
        Progress(league(), ended_round=1, started=started), {e.user_id: e.name for e in ENTRANTS}, lang
    )
    assert notice is not None and len(notice) <= CONTENT
    assert len(final_notice(league("finished", 5), ROWS, lang)) <= CONTENT


def test_points_read_as_each_language_writes_them() -> None:
    assert [short_decimal(p, "en") for p in (2.0, 1.5, 0.0)] == ["2", "1.5", "0"]
    assert short_decimal(1.5, "fr") == "1,5"


def test_buttons_follow_the_leagues_status() -> None:
    def words(status: str) -> list[str]:
        view = league_view(league(status), "en")
        return (
            []
            if view is None
            else [c["custom_id"].split(":")[0] for row in view.to_components() for c in row["components"]]
        )

    assert words("open") == ["league-join", "league-leave", "league-start", "league-cancel"]
    assert words("running") == ["league-leave"]
    assert words("finished") == [] and words("cancelled") == []
