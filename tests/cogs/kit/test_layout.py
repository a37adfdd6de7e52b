"""The layout (`cogs.kit.layout.Layout`): buttons written straight into Discord's payload, rows as Discord allows.

A button is emitted one way only, as a `ButtonLook`: its payload is the one discord.py writes for the same
`discord.ui.Button`, so the two can never drift.
"""

from __future__ import annotations

from typing import Any

import discord
import pytest

from cogs.kit.layout import ButtonLook, Layout, link
from cogs.tables._components import Hand, Leave, Move, Pause, Pick, Refresh, Rematch

CUSTOM = discord.PartialEmoji(name="cr_p7", id=1234567890123456789)


def as_discord_py(look: ButtonLook) -> dict[str, Any]:
    """What discord.py writes for a `discord.ui.Button` showing `look`."""
    if look.url is not None:
        return discord.ui.Button(label=look.label, style=look.style, url=look.url).to_component_dict()
    button: discord.ui.Button[Any] = discord.ui.Button(
        label=look.label, emoji=look.emoji, style=look.style, disabled=look.disabled, custom_id=look.custom_id
    )
    return button.to_component_dict()


@pytest.mark.parametrize(
    "look",
    [
        Hand(12).button("My hand"),
        Leave(12).button("Leave"),
        Pause(12, "pause").button("Pause", emoji="⏸️"),
        Pause(12, "resume").button("Resume", emoji="▶️"),
        Rematch(12).button("Rematch"),
        Refresh(12).button(""),
        Refresh(12).button("Refresh"),
        Move(12, 9, 3, "a1b2c3d4").button(),
        Move(12, 9, 0, "a1b2c3d4", confirmed=True).button("Yes", emoji="<:cr_x:42>"),
        Move(12, 9, 3, "a1b2c3d4").button("Take 6", emoji=CUSTOM, style=discord.ButtonStyle.danger),
        Move(12, 9, 1, "a1b2c3d4").button("Wait", style=discord.ButtonStyle.secondary, disabled=True),
        Move(12, 9, 2, "a1b2c3d4").button(emoji="🔫"),
        link("https://discord.com/channels/1/2/3", "Go to the table"),
    ],
)
def test_a_looks_payload_is_what_discord_py_writes_for_that_button(look: ButtonLook) -> None:
    assert look.payload() == as_discord_py(look)


def test_a_button_shows_its_declarations_style_and_emoji_unless_told_otherwise() -> None:
    hand = Hand(12).button("My hand")
    assert (hand.custom_id, hand.style, hand.emoji) == ("hand:12", discord.ButtonStyle.primary, "🂠")
    move = Move(12, 9, 3, "a1b2c3d4").button("Pass")
    assert (move.style, move.emoji) == (discord.ButtonStyle.success, None)
    assert Refresh(12).button(emoji="🔁").emoji == "🔁"


def select(row: int) -> discord.ui.Select[Any]:
    options = [discord.SelectOption(label=str(n), value=str(n)) for n in range(3)]
    return Pick(12, 9, "a1b2c3d4", 0, row, "").menu(options, row=row, placeholder="Cards")


async def test_rows_come_in_order_and_keep_the_order_of_their_items() -> None:
    view = Layout()
    view.add_button(Refresh(12).button(), 4)
    view.add_item(select(0))
    view.add_button(Move(12, 9, 0, "a1b2c3d4").button("Pass"), 1)
    view.add_button(Move(12, 9, 1, "a1b2c3d4").button("Bid"), 1)
    rows = view.to_components()
    assert [row["type"] for row in rows] == [1, 1, 1]
    assert [[child["type"] for child in row["components"]] for row in rows] == [[3], [2, 2], [2]]
    assert [child["label"] for child in rows[1]["components"]] == ["Pass", "Bid"]
    assert rows[2]["components"][0]["custom_id"] == "refresh:12"


async def test_a_row_holds_five_buttons_or_one_select_and_there_are_five_rows() -> None:
    view = Layout()
    for index in range(5):
        view.add_button(Move(12, 9, index, "a1b2c3d4").button(str(index)), 2)
    with pytest.raises(ValueError, match="full"):
        view.add_button(Refresh(12).button(), 2)
    view.add_item(select(0))
    with pytest.raises(ValueError, match="full"):
        view.add_button(Refresh(12).button(), 0)
    with pytest.raises(ValueError, match="row 5"):
        view.add_button(Refresh(12).button(), 5)
    assert len(view.to_components()) == 2
