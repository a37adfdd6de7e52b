"""The one error pipeline: a domain error becomes an ephemeral message in the user's language.

`guarded` wraps every command and component handler: it gives the handler a
`Reply` (one answer, in time), renders any `CardroomError` once, and logs an
unexpected exception with ids only (never a state, never a hand); nothing was
committed for those.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Concatenate, ParamSpec, TypeVar

import discord

from bot.errors import CardroomError
from bot.i18n import language_of, t
from cogs.tables._reply import Reply

log = logging.getLogger("cardroom.interactions")

P = ParamSpec("P")
H = TypeVar("H")

Handler = Callable[Concatenate[H, Reply, P], Awaitable[None]]
Entry = Callable[Concatenate[H, discord.Interaction[Any], P], Awaitable[None]]


def error_text(interaction: discord.Interaction[Any], error: CardroomError) -> str:
    return "⚠️ " + t(language_of(interaction.locale), error.key, **error.params)


async def reply_error(reply: Reply, error: CardroomError) -> None:
    await reply.send(private=True, content=error_text(reply.interaction, error))


def guarded(*, ephemeral: bool = True) -> Callable[[Handler[H, P]], Entry[H, P]]:
    """Wrap a handler: `ephemeral` says whether its own answer (for a command) is private."""

    def decorate(handler: Handler[H, P]) -> Entry[H, P]:
        @functools.wraps(handler)
        async def entry(self: H, interaction: discord.Interaction[Any], /, *args: P.args, **kwargs: P.kwargs) -> None:
            reply = Reply(interaction, ephemeral=ephemeral)
            reply.start()
            try:
                await handler(self, reply, *args, **kwargs)
            except CardroomError as error:
                await reply_error(reply, error)
            except discord.HTTPException:
                log.exception(
                    "Discord refused an answer (interaction %s, user %s)", interaction.id, interaction.user.id
                )
            except Exception:
                log.exception("Unexpected error in %s (interaction %s)", handler.__name__, interaction.id)
                await reply_error(reply, CardroomError("error.unexpected"))
            finally:
                reply.stop()

        return entry

    return decorate
