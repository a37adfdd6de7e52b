"""The one error pipeline: a domain error becomes an ephemeral message in the user's language.

`guarded` wraps every command and component handler: it gives the handler a
`Reply` (one answer, in time), renders any `CardroomError` once, and logs an
unexpected exception with ids only (never a state, never a hand). Whatever
fails, the interaction gets an answer if Discord can still take one: the
error answer itself is guarded, and a failed answer is followed by a short
one that says whether anything changed. An interaction delivered too late to
be answered is not handled at all, so it changes nothing.

Each interaction is counted once by kind and outcome, with the time from its
creation to its first answer (`bot.observe.metrics`). The database unreachable
is one warning when the first interaction finds it so and one when a change
goes through again, with the number refused meanwhile (`Outage`), not a
traceback per click.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any, Concatenate, ParamSpec, TypeVar

import discord
from discord import app_commands

from bot.errors import (
    CardroomError,
    CommandUnavailableError,
    ForgedComponentError,
    LateInteractionError,
    StaleMessageError,
)
from bot.i18n import language_of, t
from bot.observe import logs, metrics
from bot.storage import StorageError
from cogs.kit.reply import Reply
from cogs.render.limits import CONTENT, clip

log = logging.getLogger("cardroom.interactions")

P = ParamSpec("P")
H = TypeVar("H")

Handler = Callable[Concatenate[H, Reply, P], Awaitable[None]]
Entry = Callable[Concatenate[H, discord.Interaction[Any], P], Awaitable[None]]

PARAMETER = 100  # the longest parameter an error message echoes (a game name someone typed, a link)


class InFlight:
    """The handlers running now, so that a stop lets them finish (their commit, answer and bookkeeping)."""

    def __init__(self) -> None:
        self._tasks: set[asyncio.Task[Any]] = set()

    def __len__(self) -> int:
        return len(self._tasks)

    def add(self, task: asyncio.Task[Any]) -> None:
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def settle(self, grace: float) -> int:
        """Wait up to `grace` seconds for the running handlers; returns how many are still running."""
        if self._tasks:
            await asyncio.wait(set(self._tasks), timeout=grace)
        return len(self._tasks)


in_flight = InFlight()


class Outage:
    """The database failing: one warning when it starts and one when a change goes through again, with how many
    interactions it refused in between."""

    def __init__(self) -> None:
        self.since: float | None = None
        self.refused = 0

    def failed(self, error: StorageError) -> None:
        if self.since is None:
            self.since = time.monotonic()
            log.warning("The database is failing (%s): changes are refused until it answers again", error)
        self.refused += 1

    def recovered(self) -> None:
        if self.since is not None:
            took, refused = time.monotonic() - self.since, self.refused
            self.since, self.refused = None, 0
            log.warning("The database answers again after %.1f s; %d interactions refused meanwhile", took, refused)


outage = Outage()
KINDS = {
    discord.InteractionType.application_command: "command",
    discord.InteractionType.component: "component",
    discord.InteractionType.modal_submit: "modal",
}


def outcome_of(error: BaseException | None) -> str:
    """How an interaction ended, for `metrics.INTERACTIONS`."""
    if error is None:
        return "answered"
    if isinstance(error, LateInteractionError):
        return "late"
    if isinstance(error, StaleMessageError):
        return "stale"
    if isinstance(error, ForgedComponentError):
        return "forged"
    if isinstance(error, CardroomError):
        return "refused"
    if isinstance(error, StorageError):
        return "unavailable"
    return "failed"


def counted(reply: Reply, error: BaseException | None) -> None:
    kind = KINDS.get(reply.interaction.type, "other")
    metrics.INTERACTIONS.labels(kind, outcome_of(error)).inc()
    if reply.answered_after is not None:
        metrics.ANSWER_SECONDS.labels(kind).observe(max(0.0, reply.answered_after))


UNEXPECTED = CardroomError("error.unexpected")
ANSWER_FAILED = CardroomError("error.answer_failed")  # the change was made, its answer could not be shown


def error_text(interaction: discord.Interaction[Any], error: CardroomError) -> str:
    params = {name: clip(value, PARAMETER) if isinstance(value, str) else value for name, value in error.params.items()}
    return clip("⚠️ " + t(language_of(interaction.locale), error.key, **params), CONTENT)


def _ids(reply: Reply) -> str:
    return f"interaction {reply.interaction.id}, user {reply.interaction.user.id}"


async def reply_error(reply: Reply, error: CardroomError) -> None:
    """Answer with `error`, privately; never raises.

    If Discord refuses a domain error's text, the generic "nothing was changed"
    follows once. Not after the two generic texts themselves: after a change
    went through, "nothing was changed" would be false.
    """
    attempts = (error,) if error in (UNEXPECTED, ANSWER_FAILED) else (error, UNEXPECTED)
    for attempt in attempts:
        if reply.too_late():
            log.info("Could not answer %s with %s: too late", _ids(reply), attempt.key)
            return
        try:
            await reply.send(private=True, content=error_text(reply.interaction, attempt))
            return
        except discord.HTTPException as failure:
            status = f"{failure.status} {failure.code}"
            log.warning("Discord refused the answer %s to %s: %s", attempt.key, _ids(reply), status)


def guarded(*, ephemeral: bool = True) -> Callable[[Handler[H, P]], Entry[H, P]]:
    """Wrap a handler: `ephemeral` says whether its own answer (for a command) is private."""

    def decorate(handler: Handler[H, P]) -> Entry[H, P]:
        @functools.wraps(handler)
        async def entry(self: H, interaction: discord.Interaction[Any], /, *args: P.args, **kwargs: P.kwargs) -> None:
            with logs.in_context(guild_id=interaction.guild_id, channel_id=interaction.channel_id):
                reply = Reply(interaction, ephemeral=ephemeral)
                if reply.too_late():
                    log.info("Ignored %s: delivered %.1f s after its creation, too late", _ids(reply), reply.age())
                    counted(reply, LateInteractionError())
                    return
                reply.start()
                task = asyncio.current_task()
                if task is not None:
                    in_flight.add(task)
                ended: BaseException | None = None
                try:
                    await handler(self, reply, *args, **kwargs)
                    if reply.committing:
                        outage.recovered()  # a change went through: the database answers
                except LateInteractionError as late:
                    ended = late
                    log.info("Nothing applied for %s: too late to answer (%.1f s old)", _ids(reply), reply.age())
                except CardroomError as error:
                    ended = error
                    await reply_error(reply, error)
                except Exception as failure:
                    ended = failure
                    if isinstance(failure, discord.HTTPException):
                        status = f"{failure.status} {failure.code}"
                        log.warning("Discord refused an answer in %s (%s): %s", handler.__name__, _ids(reply), status)
                    elif isinstance(failure, StorageError):
                        outage.failed(failure)  # logged once for the whole outage, with its count at its end
                    else:
                        log.exception("Unexpected error in %s (%s)", handler.__name__, _ids(reply))
                    if not reply.answered:
                        # Past `secure()` only the commit itself can fail without a change (it rolls back).
                        changed = reply.committing and not isinstance(failure, StorageError)
                        await reply_error(reply, ANSWER_FAILED if changed else UNEXPECTED)
                finally:
                    reply.stop()
                    counted(reply, ended)

        return entry

    return decorate


async def tree_error(interaction: discord.Interaction[Any], error: app_commands.AppCommandError) -> None:
    """The command tree's errors: those raised before a command's own (guarded) handler runs.

    A command Discord knows but the bot does not have, or one whose options
    differ from the bot's (a required option missing), means the registration
    is out of date: it is checked again, and the user is told to retry.
    """
    if isinstance(error, app_commands.CommandNotFound | app_commands.CommandSignatureMismatch):
        log.warning("Discord sent a command unlike the bot's (%s); checking the registration", type(error).__name__)
        resync = getattr(interaction.client, "resync_commands", None)
        if resync is not None:
            resync()
        domain: CardroomError = CommandUnavailableError()
    elif isinstance(error, app_commands.NoPrivateMessage):
        domain = CardroomError("error.guild_only")
    else:
        log.error("Command tree error (interaction %s)", interaction.id, exc_info=error)
        domain = UNEXPECTED
    if interaction.type is discord.InteractionType.autocomplete:
        if not interaction.response.is_done():
            with contextlib.suppress(discord.HTTPException):
                await interaction.response.autocomplete([])
        return
    reply = Reply(interaction, ephemeral=True)
    await reply_error(reply, domain)
