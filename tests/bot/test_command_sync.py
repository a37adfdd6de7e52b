"""The bot registers its slash commands when, and only when, Discord's registered list differs from them."""

from __future__ import annotations

import copy
from typing import Any

from bot.command_sync import same_commands

PLAY: dict[str, Any] = {
    "name": "play",
    "description": "Open a table for a card game in this channel",
    "name_localizations": {"fr": "jouer"},
    "description_localizations": {"fr": "Ouvrir une table"},
    "type": 1,
    "options": [
        {
            "name": "game",
            "description": "The game to play",
            "name_localizations": {"fr": "jeu"},
            "description_localizations": {},
            "type": 3,
            "required": True,
            "autocomplete": True,
        }
    ],
    "nsfw": False,
    "default_member_permissions": None,
    "contexts": [0],
    "integration_types": [0],
}
HAND: dict[str, Any] = {"name": "hand", "description": "See your own cards", "type": 1, "options": []}


def as_discord_keeps(command: dict[str, Any], number: int) -> dict[str, Any]:
    """A command as Discord lists it: ids and a version added, empty fields dropped or filled with defaults."""
    kept = {key: value for key, value in copy.deepcopy(command).items() if value not in ([], {}, None)}
    kept.update(id=str(1000 + number), application_id="99", version=str(5000 + number), dm_permission=True)
    for option in kept.get("options", []):
        if option.get("description_localizations") == {}:
            del option["description_localizations"]
    return kept


def test_commands_as_discord_keeps_them_are_the_same() -> None:
    registered = [as_discord_keeps(PLAY, 1), as_discord_keeps(HAND, 2)]
    assert same_commands([PLAY, HAND], registered)
    assert same_commands([HAND, PLAY], list(reversed(registered)))  # order does not matter


def test_a_missing_an_extra_or_a_renamed_command_differs() -> None:
    assert not same_commands([PLAY, HAND], [as_discord_keeps(PLAY, 1)])
    stale = {**as_discord_keeps(HAND, 3), "name": "oldgame"}
    assert not same_commands([PLAY, HAND], [as_discord_keeps(PLAY, 1), as_discord_keeps(HAND, 2), stale])
    assert not same_commands([PLAY, HAND], [as_discord_keeps(PLAY, 1), stale])


def test_a_changed_field_differs() -> None:
    for change in (
        lambda c: c.update(description="Old description"),
        lambda c: c["name_localizations"].update(fr="partie"),
        lambda c: c["options"][0].update(required=False),
        lambda c: c["options"][0].pop("autocomplete"),
        lambda c: c["options"].clear(),
        lambda c: c.update(default_member_permissions="16"),
    ):
        registered = as_discord_keeps(PLAY, 1)
        change(registered)
        assert not same_commands([PLAY], [registered])


def test_permissions_sent_as_a_number_match_discords_string() -> None:
    ours = {**HAND, "default_member_permissions": 16}
    assert same_commands([ours], [{**as_discord_keeps(HAND, 1), "default_member_permissions": "16"}])
    assert not same_commands([ours], [{**as_discord_keeps(HAND, 1), "default_member_permissions": "32"}])
