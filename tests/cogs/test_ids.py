"""Every number a custom_id carries is bounded by its pattern to the range of the column it names."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.storage import Database, GameNotFoundError
from cogs.tables import _ids
from cogs.tables._components import DYNAMIC_ITEMS

LARGEST = 2**63 - 1  # SQLite's INTEGER, PostgreSQL's BIGINT


@given(st.integers(min_value=1, max_value=10**6), st.integers(min_value=0, max_value=10**7))
def test_up_to_matches_exactly_one_to_its_limit(limit: int, number: int) -> None:
    pattern = re.compile(_ids.up_to(limit))
    assert bool(pattern.fullmatch(str(number))) == (1 <= number <= limit)
    assert not pattern.fullmatch("0" + str(number))  # no leading zeros


@pytest.mark.parametrize("game_id", [LARGEST - 1, LARGEST])
def test_the_largest_game_ids_are_ours(game_id: int) -> None:
    ids = [
        _ids.lobby(game_id, "join"),
        _ids.option(game_id, "ending"),
        _ids.hand(game_id),
        _ids.refresh(game_id),
        _ids.action(game_id, 9_999_999_999, 999, "0badc0de"),
        _ids.leave(game_id),
        _ids.leave_confirm(game_id),
        _ids.pick(game_id, 9_999_999_999, "0badc0de", 99, 2, "KS*2.9D"),
        _ids.pick_confirm(game_id, 9_999_999_999, "0badc0de", "KS*2.9D"),
        _ids.pick_page(game_id, 9_999_999_999, "0badc0de", 99, ""),
    ]
    assert all(_ids.is_known(custom_id) for custom_id in ids)


@pytest.mark.parametrize("game_id", [LARGEST + 1, 2**64, 10**19 - 1, 10**30])
def test_a_game_id_beyond_the_column_matches_no_template(game_id: int) -> None:
    """discord.py routes a click to a DynamicItem by its template: an id out of range never reaches a callback."""
    forged = [_ids.hand(game_id), _ids.action(game_id, 1, 0, "0badc0de"), _ids.lobby(game_id, "join")]
    for custom_id in forged:
        assert not _ids.is_known(custom_id)
        assert not any(item.__discord_ui_compiled_template__.fullmatch(custom_id) for item in DYNAMIC_ITEMS)


async def test_storage_treats_an_id_beyond_its_column_as_unknown() -> None:
    db = await Database.open(":memory:")
    try:
        for game_id in (2**63, -(2**63) - 1, 10**40):
            with pytest.raises(GameNotFoundError):
                await db.get(game_id)
    finally:
        await db.close()
