"""A click of one component type for a component of another type is refused for what it is, in the clicker's
language, and changes nothing: a button's click on a menu's custom_id (or a menu's choice on a button's) is not
"that button is no longer on this message". A click the message does not carry at all still is."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.i18n import t
from cogs.kit.components import BUTTON, SELECT, expected_type, mismatched
from cogs.tables._cog import TablesCog
from cogs.tables._components import Hand, Language, Option
from tests.cogs.fake_interactions import FakeInteraction

LOCALES = {"en": "en-US", "fr": "fr"}


def message_with(*components: tuple[int, str]) -> Any:
    """A message carrying these (component type, custom_id), one per action row."""
    rows = [
        SimpleNamespace(children=[SimpleNamespace(type=discord.ComponentType(kind), custom_id=custom_id)])
        for kind, custom_id in components
    ]
    return SimpleNamespace(components=rows)


async def clicked(lang: str, component_type: int, custom_id: str, message: Any) -> FakeInteraction:
    interaction = FakeInteraction(locale=LOCALES[lang])
    interaction.data = {"custom_id": custom_id, "component_type": component_type}  # type: ignore[attr-defined]
    interaction.message = message  # type: ignore[attr-defined]
    cog: Any = SimpleNamespace()  # the listener reads nothing of its cog
    await TablesCog.on_interaction(cog, interaction)  # type: ignore[arg-type]
    return interaction


def refusal(lang: str, key: str) -> str:
    return "⚠️ " + t(lang, key)


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_a_button_click_on_a_menus_id_is_refused_as_a_mismatch(lang: str) -> None:
    option = Option(7, "rounds").custom_id
    interaction = await clicked(lang, BUTTON, option, message_with((SELECT, option)))
    assert interaction.texts() == [refusal(lang, "error.component_mismatch")]
    assert t(lang, "error.outdated_button") not in interaction.texts()[0]
    ((name, fields),) = interaction.calls
    assert name == "send_message" and fields["ephemeral"] is True  # a private answer; the message is not edited


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_a_menu_choice_on_a_buttons_id_is_refused_as_a_mismatch(lang: str) -> None:
    hand = Hand(7).custom_id
    interaction = await clicked(lang, SELECT, hand, message_with((BUTTON, hand)))
    assert interaction.texts() == [refusal(lang, "error.component_mismatch")]
    # Not carried at all by the message, but a button's id clicked as a menu: a mismatch still.
    interaction = await clicked(lang, SELECT, hand, message_with())
    assert interaction.texts() == [refusal(lang, "error.component_mismatch")]


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_a_button_no_longer_on_its_message_is_still_outdated_and_a_carried_one_is_left_to_discord_py(
    lang: str,
) -> None:
    hand = Hand(7).custom_id
    interaction = await clicked(lang, BUTTON, hand, message_with((BUTTON, Hand(8).custom_id)))
    assert interaction.texts() == [refusal(lang, "error.outdated_button")]
    interaction = await clicked(lang, BUTTON, hand, message_with((BUTTON, hand)))
    assert interaction.calls == []  # routed by discord.py to its item: not answered here


def test_every_components_type_is_known_from_its_id() -> None:
    assert expected_type(Hand(1).custom_id) == BUTTON
    assert expected_type(Option(1, "rounds").custom_id) == SELECT
    assert expected_type(Language(1).custom_id) == SELECT
    assert expected_type("not ours") is None
    assert not mismatched(message_with((SELECT, Language(1).custom_id)), Language(1).custom_id, SELECT)
