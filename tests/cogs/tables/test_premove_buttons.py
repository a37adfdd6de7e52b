"""Pre-moves on the hand: a waiting player sees what they may choose ahead, as secondary buttons declared once;
a click is answered privately with "Cancel pre-move", and the cancel takes it back; nothing public changes."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord

from bot.services.tables import Tables
from bot.storage import Seat
from cogs.tables._premoves import PreMoveCancel, PreMoveChoose, PreMoveHandlers
from cogs.tables._views import hand_message
from tests.cogs import render_support
from tests.cogs.table_bots import TableChannel, player_click, table_bot
from tests.engines.fullofdollars import fod_rig as fod
from tests.support.databases import open_new_sqlite


def quiet_table() -> Any:
    return fod.rig(3, hands={0: [fod.uzi(1)], 1: [fod.police(1)], 2: [fod.police(2)]}, turn=0)


def buttons(view: discord.ui.View) -> list[dict[str, Any]]:
    return [c for row in view.to_components() for c in row["components"] if c["type"] == 2]


def test_a_waiting_hand_offers_its_premoves_and_the_seat_to_act_none() -> None:
    table = render_support.table_of(fod.ENGINE, quiet_table(), table_id=41)
    _, waiting = hand_message(table, 1, "en")
    offered = {b["custom_id"]: b for b in buttons(waiting) if b["custom_id"].startswith("premove")}
    once, always = PreMoveChoose(41, "reaction", 0), PreMoveChoose(41, "reaction", 0, standing=True)
    assert list(offered) == [once.custom_id, always.custom_id]
    assert offered[once.custom_id]["label"] == "Pass when asked"
    assert offered[always.custom_id]["label"] == "Pass · always here"
    assert offered[always.custom_id]["style"] == discord.ButtonStyle.secondary.value
    _, acting = hand_message(table, 0, "fr")
    assert not [b for b in buttons(acting) if b["custom_id"].startswith("premove")]


async def test_a_premove_is_answered_privately_and_cancelled(tmp_path: Path) -> None:
    db = await open_new_sqlite(tmp_path / "cardroom.sqlite3")
    try:
        service = Tables(db)
        seats = [Seat(100 + seat, f"P{seat}") for seat in range(3)]
        lobby = await service.lobby.open_lobby(
            guild_id=9, channel_id=2, game="fullofdollars", host=seats[0], locale="en"
        )
        for seat in seats[1:]:
            lobby = await service.lobby.join(lobby.id, seat)
        await db.tables.start(lobby.id, lobby.record.version, state=fod.ENGINE.dump_state(quiet_table()))
        table = await service.store.fresh(lobby.id)
        marked: list[int] = []
        handlers = PreMoveHandlers(table_bot(service, TableChannel()), SimpleNamespace(mark=marked.append))
        click = player_click(table, seats[1], "en")
        await handlers.choose(click, table.id, "reaction", 0, True)
        [(answer, fields)] = click.calls
        assert answer == "send_message" and fields["ephemeral"] is True
        assert "**Pass** at every such decision" in fields["content"]
        cancel = [c for row in fields["view"].to_components() for c in row["components"]]
        assert [c["custom_id"] for c in cancel] == [PreMoveCancel(table.id).custom_id]
        stored = await db.premoves.get(table.id, 1)
        assert stored is not None and stored.standing
        assert (await db.tables.get(table.id)).version == table.record.version
        cancelling = player_click(table, seats[1], "fr")
        await handlers.cancel(cancelling, table.id)
        [(edit, edited)] = cancelling.calls
        assert edit == "edit_message" and edited["content"].startswith("Coup d’avance annulé")
        assert await db.premoves.get(table.id, 1) is None
        again = player_click(table, seats[1], "en")
        await handlers.cancel(again, table.id)  # nothing left to cancel: a refusal, privately
        [(_, refused)] = again.calls
        assert refused["content"].endswith("You have no pre-move set at this table.") and refused["ephemeral"] is True
        late = player_click(table, seats[0], "en")
        await handlers.choose(late, table.id, "reaction", 0, False)  # seat 0 is to act: too late to choose ahead
        assert "Too late to choose ahead" in late.calls[0][1]["content"]
        assert marked == []  # nothing was played
    finally:
        await db.close()
