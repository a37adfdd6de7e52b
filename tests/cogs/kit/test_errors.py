"""The error pipeline answers every interaction it still can, whatever fails, and says whether anything changed.

`guarded` around a handler, `reply_error`, and the command tree's error handler,
driven with a stand-in interaction whose answers can be made to fail.
"""

from __future__ import annotations

import asyncio
import logging
from types import SimpleNamespace

import discord
import pytest
from discord import app_commands

from bot.errors import CardroomError, StaleMessageError, UnknownGameError
from bot.observe import logs, metrics
from bot.storage import StorageError
from cogs.kit import errors
from cogs.kit.errors import guarded, in_flight, tree_error
from cogs.kit.reply import Reply
from cogs.render.limits import CONTENT
from tests.cogs.fake_interactions import FakeInteraction
from tests.support.json_logs import json_lines


def http_error(status: int, code: int) -> discord.HTTPException:
    return discord.HTTPException(SimpleNamespace(status=status, reason="refused"), {"code": code, "message": "no"})


class Handlers:
    """Handlers that fail in the ways the pipeline must survive."""

    def __init__(self) -> None:
        self.ran = False

    @guarded()
    async def refuse(self, reply: Reply, error: CardroomError) -> None:
        self.ran = True
        raise error

    @guarded()
    async def fail_to_answer(self, reply: Reply, *, committed: bool) -> None:
        """Discord refuses the handler's own answer, before (or after) the change was let through."""
        self.ran = True
        if committed:
            await reply.secure()
        await reply.update(content="the new state")

    @guarded()
    async def fail_after_answering(self, reply: Reply) -> None:
        await reply.update(content="the new state")
        raise http_error(500, 0)

    @guarded()
    async def fail_to_commit(self, reply: Reply) -> None:
        await reply.secure()
        raise StorageError("disk I/O error")


async def test_a_refused_error_answer_falls_back_once_and_never_escapes() -> None:
    interaction = FakeInteraction(failures=[http_error(400, 50035), http_error(500, 0)])
    await Handlers().refuse(interaction, CardroomError("error.not_host"))  # type: ignore[arg-type]
    names = [name for name, _ in interaction.calls]
    assert names == ["send_message", "send_message"]  # the domain message, then the generic one; no exception
    assert "Only the host" in interaction.texts()[0] and "Something went wrong" in interaction.texts()[1]


async def test_an_error_message_never_exceeds_discords_limit() -> None:
    interaction = FakeInteraction()
    await Handlers().refuse(interaction, UnknownGameError(game="x" * 5000))  # type: ignore[arg-type]
    (text,) = interaction.texts()
    assert len(text) <= CONTENT and "There is no game called" in text and "x" * 90 in text and "x" * 101 not in text


async def test_an_interaction_delivered_too_late_is_not_handled_at_all() -> None:
    interaction = FakeInteraction(age=5.0)
    handlers = Handlers()
    await handlers.refuse(interaction, CardroomError("error.not_host"))  # type: ignore[arg-type]
    assert not handlers.ran and interaction.calls == []


@pytest.mark.parametrize(("committed", "says"), [(False, "Nothing was changed"), (True, "went through")])
async def test_a_failed_answer_is_followed_by_one_saying_whether_anything_changed(committed: bool, says: str) -> None:
    interaction = FakeInteraction(failures=[http_error(500, 0)])
    await Handlers().fail_to_answer(interaction, committed=committed)  # type: ignore[arg-type]
    assert [name for name, _ in interaction.calls] == ["edit_message", "send_message"]
    assert says in interaction.texts()[-1]


async def test_a_refused_went_through_answer_is_never_followed_by_nothing_changed() -> None:
    interaction = FakeInteraction(failures=[http_error(500, 0), http_error(500, 0)])
    await Handlers().fail_to_answer(interaction, committed=True)  # type: ignore[arg-type]
    assert [name for name, _ in interaction.calls] == ["edit_message", "send_message"]  # no third attempt
    assert "went through" in interaction.texts()[-1]
    assert not any("Nothing was changed" in text for text in interaction.texts())


async def test_a_failed_commit_says_nothing_changed() -> None:
    interaction = FakeInteraction()
    await Handlers().fail_to_commit(interaction)  # type: ignore[arg-type]
    assert "Nothing was changed" in interaction.texts()[-1]


async def test_a_failure_after_the_answer_adds_no_second_answer() -> None:
    interaction = FakeInteraction()
    await Handlers().fail_after_answering(interaction)  # type: ignore[arg-type]
    assert [name for name, _ in interaction.calls] == ["edit_message"]


async def test_a_command_the_bot_no_longer_has_is_answered_and_rechecks_the_registration() -> None:
    interaction = FakeInteraction(type=discord.InteractionType.application_command, locale="fr")
    await tree_error(interaction, app_commands.CommandNotFound("oldgame", []))  # type: ignore[arg-type]
    (text,) = interaction.texts()
    assert "Cette commande a changé" in text and interaction.resynced == 1
    assert interaction.calls[0][1]["ephemeral"] is True


async def test_an_autocomplete_for_an_unknown_command_gets_no_choices() -> None:
    interaction = FakeInteraction(type=discord.InteractionType.autocomplete)
    await tree_error(interaction, app_commands.CommandNotFound("oldgame", []))  # type: ignore[arg-type]
    assert interaction.calls == [("autocomplete", {"choices": []})]


async def test_a_tree_error_whose_answer_fails_does_not_escape() -> None:
    interaction = FakeInteraction(
        type=discord.InteractionType.application_command, failures=[http_error(500, 0), http_error(500, 0)]
    )
    await tree_error(interaction, app_commands.NoPrivateMessage())  # type: ignore[arg-type]
    assert len(interaction.calls) == 2 and "server channels" in interaction.texts()[0]


class Slow:
    def __init__(self) -> None:
        self.release = asyncio.Event()
        self.finished = False

    @guarded()
    async def handle(self, reply: Reply) -> None:
        await self.release.wait()  # e.g. between its commit and storing what it sent
        self.finished = True


async def test_a_stop_lets_the_handlers_in_flight_finish() -> None:
    slow = Slow()
    handling = asyncio.create_task(slow.handle(FakeInteraction()))  # type: ignore[arg-type]
    await asyncio.sleep(0)
    assert len(in_flight) >= 1
    assert await in_flight.settle(0.05) >= 1 and not slow.finished  # bounded: it does not wait forever
    asyncio.get_running_loop().call_later(0.05, slow.release.set)
    assert await in_flight.settle(5.0) == 0 and slow.finished
    await handling


class Outaged:
    """A handler whose commit fails while `down`, and goes through once the database answers again."""

    def __init__(self) -> None:
        self.down = True

    @guarded()
    async def act(self, reply: Reply) -> None:
        await reply.secure()
        if self.down:
            raise StorageError("connection refused")
        await reply.update(content="moved")


def counted(kind: str, outcome: str) -> float:
    value = metrics.REGISTRY.get_sample_value("cardroom_interactions_total", {"kind": kind, "outcome": outcome})
    return 0.0 if value is None else value


async def test_a_database_outage_is_two_warnings_with_the_refused_count_not_a_traceback_per_click(
    caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(errors, "outage", errors.Outage())  # this process's record starts with no outage
    handlers = Outaged()
    unavailable = counted("component", "unavailable")
    with caplog.at_level("INFO", logger="cardroom.interactions"):
        for _ in range(5):
            interaction = FakeInteraction()
            await handlers.act(interaction)  # type: ignore[arg-type]
            assert "Nothing was changed" in interaction.texts()[-1]  # every click still answered
        handlers.down = False
        await handlers.act(FakeInteraction())  # type: ignore[arg-type]
    warnings = [record for record in caplog.records if record.levelname == "WARNING"]
    assert [record.exc_info for record in caplog.records if record.exc_info] == []  # no traceback
    assert len(warnings) == 2
    assert "failing" in warnings[0].getMessage() and "connection refused" in warnings[0].getMessage()
    assert "answers again" in warnings[1].getMessage() and "5 interactions refused" in warnings[1].getMessage()
    assert counted("component", "unavailable") == unavailable + 5


async def test_each_interaction_is_counted_once_by_outcome_with_its_answer_time() -> None:
    refused, stale = counted("component", "refused"), counted("component", "stale")
    answered_count = metrics.REGISTRY.get_sample_value("cardroom_answer_seconds_count", {"kind": "component"}) or 0.0
    await Handlers().refuse(FakeInteraction(), CardroomError("error.not_host"))  # type: ignore[arg-type]
    await Handlers().refuse(FakeInteraction(), StaleMessageError())  # type: ignore[arg-type]
    assert (counted("component", "refused"), counted("component", "stale")) == (refused + 1, stale + 1)
    after = metrics.REGISTRY.get_sample_value("cardroom_answer_seconds_count", {"kind": "component"})
    assert after == answered_count + 2  # both were answered, each timed from its creation


class Logging:
    @guarded()
    async def act(self, reply: Reply) -> None:
        logs.note(table_id=7)  # as the table store does when it finds the table
        logging.getLogger("cardroom.test.context").warning("inside the handler")
        await reply.send(content="done")


async def test_lines_logged_while_handling_an_interaction_name_its_server_channel_and_table() -> None:
    with json_lines("cardroom.test.context") as lines:
        interaction = FakeInteraction()
        interaction.guild_id, interaction.channel_id = 9, 500  # type: ignore[attr-defined]
        await Logging().act(interaction)  # type: ignore[arg-type]
        logging.getLogger("cardroom.test.context").warning("after it")
    inside, after = lines
    assert (inside["guild_id"], inside["channel_id"], inside["table_id"]) == (9, 500, 7)
    assert not {"guild_id", "channel_id", "table_id"} & set(after)  # the handler's ids ended with it
