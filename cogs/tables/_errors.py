"""The one error pipeline: a domain error becomes an ephemeral message in the user's language.

Unexpected exceptions are logged with ids only (never a state, never a hand)
and answered with a generic message; nothing was committed for them.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Concatenate, ParamSpec, TypeVar

import discord

from bot.errors import CardroomError
from bot.i18n import language_of, t

log = logging.getLogger("cardroom.interactions")

P = ParamSpec("P")
H = TypeVar("H")


async def reply_error(interaction: discord.Interaction[Any], error: CardroomError) -> None:
    lang = language_of(interaction.locale)
    text = "⚠️ " + t(lang, error.key, **error.params)
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


def guarded(
    handler: Callable[Concatenate[H, discord.Interaction[Any], P], Awaitable[None]],
) -> Callable[Concatenate[H, discord.Interaction[Any], P], Awaitable[None]]:
    """Run a handler; answer any domain error politely; log and answer anything unexpected."""

    @functools.wraps(handler)
    async def wrapper(self: H, interaction: discord.Interaction[Any], /, *args: P.args, **kwargs: P.kwargs) -> None:
        try:
            await handler(self, interaction, *args, **kwargs)
        except CardroomError as error:
            await reply_error(interaction, error)
        except discord.HTTPException:
            log.exception("Discord refused a response (interaction %s, user %s)", interaction.id, interaction.user.id)
        except Exception:
            log.exception("Unexpected error in %s (interaction %s)", handler.__name__, interaction.id)
            await reply_error(interaction, CardroomError("error.unexpected"))

    return wrapper
