"""The hot path's layout (`cogs.tables._components.Layout`): buttons written straight into Discord's payload.

Each button's payload is the one its DynamicItem (what discord.py routes the click to) writes, so the two can never
drift; the layout keeps Discord's rows and their width.
"""

from __future__ import annotations

from typing import Any

import discord
import pytest

from cogs.tables._components import (
    ActionButton,
    ButtonLook,
    HandButton,
    Layout,
    LeaveButton,
    PauseButton,
    PickSelect,
    RefreshButton,
    RematchButton,
)

CUSTOM = discord.PartialEmoji(name="cr_p7", id=1234567890123456789)


@pytest.mark.parametrize(
    ("look", "item"),
    [
        (HandButton.look(12, label="My hand"), HandButton(12, label="My hand")),
        (LeaveButton.look(12, label="Leave"), LeaveButton(12, label="Leave")),
        (PauseButton.look(12, "pause", label="Pause"), PauseButton(12, "pause", label="Pause")),
        (PauseButton.look(12, "resume", label="Resume"), PauseButton(12, "resume", label="Resume")),
        (RematchButton.look(12, label="Rematch"), RematchButton(12, label="Rematch")),
        (RefreshButton.look(12, label=""), RefreshButton(12, label="")),
        (ActionButton.look(12, 9, 3, "a1b2c3d4"), ActionButton(12, 9, 3, "a1b2c3d4")),
        (ActionButton.look(12, 9, 0, "a1b2c3d4", confirmed=True), ActionButton(12, 9, 0, "a1b2c3d4", confirmed=True)),
    ],
)
def test_each_buttons_look_is_the_one_its_dynamic_item_carries(look: ButtonLook, item: Any) -> None:
    assert look.payload() == item.to_component_dict()


@pytest.mark.parametrize(
    "look",
    [
        ActionButton.look(12, 9, 3, "a1b2c3d4", label="Take 6", emoji=CUSTOM, style=discord.ButtonStyle.danger),
        ActionButton.look(12, 9, 0, "a1b2c3d4", confirmed=True, label="Yes", emoji="<:cr_x:42>"),
        ActionButton.look(12, 9, 1, "a1b2c3d4", label="Wait", style=discord.ButtonStyle.secondary, disabled=True),
        ActionButton.look(12, 9, 2, "a1b2c3d4", emoji="🔫"),
        RefreshButton.look(12, label="Refresh"),
    ],
)
def test_a_looks_payload_is_what_discord_py_writes_for_that_button(look: ButtonLook) -> None:
    assert look.payload() == look.button().to_component_dict()


def select(row: int) -> PickSelect:
    options = [discord.SelectOption(label=str(n), value=str(n)) for n in range(3)]
    item = PickSelect(12, 9, "a1b2c3d4", 0, row, "", options=options, placeholder="Cards", min_values=1, max_values=1)
    item.row = row
    return item


async def test_rows_come_in_order_and_keep_the_order_of_their_items() -> None:
    view = Layout()
    view.add_button(RefreshButton.look(12), 4)
    view.add_item(select(0))
    view.add_button(ActionButton.look(12, 9, 0, "a1b2c3d4", label="Pass"), 1)
    view.add_button(ActionButton.look(12, 9, 1, "a1b2c3d4", label="Bid"), 1)
    rows = view.to_components()
    assert [row["type"] for row in rows] == [1, 1, 1]
    assert [[child["type"] for child in row["components"]] for row in rows] == [[3], [2, 2], [2]]
    assert [child["label"] for child in rows[1]["components"]] == ["Pass", "Bid"]
    assert rows[2]["components"][0]["custom_id"] == "cr:r:12"


async def test_a_row_holds_five_buttons_or_one_select_and_there_are_five_rows() -> None:
    view = Layout()
    for index in range(5):
        view.add_button(ActionButton.look(12, 9, index, "a1b2c3d4", label=str(index)), 2)
    with pytest.raises(ValueError, match="full"):
        view.add_button(RefreshButton.look(12), 2)
    view.add_item(select(0))
    with pytest.raises(ValueError, match="full"):
        view.add_button(RefreshButton.look(12), 0)
    with pytest.raises(ValueError, match="row 5"):
        view.add_button(RefreshButton.look(12), 5)
    assert len(view.to_components()) == 2
