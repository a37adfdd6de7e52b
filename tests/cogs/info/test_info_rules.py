"""/rules (and /leaderboard) with a game option Discord sent empty: the unknown-game refusal in the user's
language, never "something went wrong"; a known game still shows its rules."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.i18n import t
from cogs.info._cog import InfoCog
from tests.cogs.fake_interactions import FakeInteraction

LOCALES = {"en": "en-US", "fr": "fr"}


def command(lang: str) -> FakeInteraction:
    return FakeInteraction(type=discord.InteractionType.application_command, locale=LOCALES[lang])


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("game", [None, "", "   "])
async def test_rules_without_a_game_is_refused_as_an_unknown_game(lang: str, game: str | None) -> None:
    interaction = command(lang)
    cog = InfoCog(SimpleNamespace())  # type: ignore[arg-type]
    await InfoCog.rules.callback(cog, interaction, game)  # type: ignore[call-arg, arg-type]  # as the command tree calls it
    assert interaction.texts() == ["⚠️ " + t(lang, "error.unknown_game_empty")]
    assert t(lang, "error.unexpected") not in interaction.texts()[0]


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_rules_of_an_unknown_game_echo_it_and_a_known_game_shows_its_rules(lang: str) -> None:
    cog = InfoCog(SimpleNamespace())  # type: ignore[arg-type]
    interaction = command(lang)
    await cog._rules(interaction, "chess")  # type: ignore[arg-type]
    assert interaction.texts() == ["⚠️ " + t(lang, "error.unknown_game", game="chess")]
    interaction = command(lang)
    await cog._rules(interaction, "pairs")  # type: ignore[arg-type]
    ((name, fields),) = interaction.calls
    embed: Any = fields["embed"]
    assert name == "send_message" and t(lang, "pairs.name") in embed.title


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_leaderboard_without_a_game_is_refused_as_an_unknown_game(lang: str) -> None:
    interaction = command(lang)
    cog = InfoCog(SimpleNamespace())  # type: ignore[arg-type]
    await InfoCog.leaderboard.callback(cog, interaction, None, None)  # type: ignore[call-arg, arg-type]
    assert interaction.texts() == ["⚠️ " + t(lang, "error.unknown_game_empty")]
