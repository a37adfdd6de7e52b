"""The table service's card-pick path: `act_pick` plays what the pending pick offers, and nothing else.

Dead Money games are started with a chosen state (a seeded playout's), in a temporary database.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.errors import ForgedComponentError, NotAPlayerError, RefusedError, StaleMessageError
from bot.services.tables import Table, Tables
from bot.storage import Database, Seat
from engines.core import CardPick
from tests.cogs.pick_states import ENGINE, find
from tests.support.databases import open_new_sqlite

CHANNEL = 600


@pytest.fixture
async def db(tmp_path: Path) -> AsyncIterator[Database]:
    database = await open_new_sqlite(tmp_path / "cardroom.sqlite3")
    yield database
    await database.close()


async def running(db: Database, state: Any) -> tuple[Tables, Table]:
    """A Dead Money game started with `state`, seen by a service that never saw its lobby."""
    lobby_service = Tables(db)
    seats = [Seat(100 + seat, f"P{seat}") for seat in range(state.players)]
    lobby = await lobby_service.lobby.open_lobby(
        guild_id=9, channel_id=CHANNEL, game="deadmoney", host=seats[0], locale="en"
    )
    for seat in seats[1:]:
        lobby = await lobby_service.lobby.join(lobby.id, seat)
    await db.tables.start(lobby.id, lobby.record.version, state=ENGINE.dump_state(state))
    service = Tables(db)
    return service, await service.store.get(lobby.id)


async def unchanged(service: Tables, table: Table) -> bool:
    record = await service.store.db.tables.get(table.id)
    return record.version == table.record.version and record.state == table.record.state


def user_of(table: Table, seat: int) -> int:
    return table.record.seats[seat].user_id


def refused_bid(state: Any, seat: int, pick: CardPick) -> bool:
    return any(
        a.kind == "bid" and ENGINE.check(state, seat, a) is not None for a in ENGINE.candidate_actions(state, seat)
    )


async def test_a_legal_bid_is_played(db: Database) -> None:
    state, seat, _ = find("bid", lambda s, seat, p: any(a.kind == "bid" for a in ENGINE.legal_actions(s, seat)))
    bid = next(a for a in ENGINE.legal_actions(state, seat) if a.kind == "bid")
    service, table = await running(db, state)
    token = ENGINE.decision_token(state, seat)
    outcome = await service.play.act_pick(table.id, user_of(table, seat), table.record.version, token, list(bid.cards))
    assert outcome.table.record.version == table.record.version + 1 and outcome.seat == seat
    [(_, acted, action)] = await db.tables.actions(table.id)
    assert acted == seat and json.loads(action) == {"kind": "bid", "cards": list(bid.cards)}
    assert ENGINE.dump_state(outcome.table.state) == ENGINE.dump_state(ENGINE.apply(state, seat, bid))


async def test_a_legal_play_is_played(db: Database) -> None:
    state, seat, pick = find("play")
    service, table = await running(db, state)
    token = ENGINE.decision_token(state, seat)
    card = pick.cards[-1]
    outcome = await service.play.act_pick(table.id, user_of(table, seat), table.record.version, token, [card])
    assert outcome.table.record.version == table.record.version + 1
    [(_, _, action)] = await db.tables.actions(table.id)
    assert json.loads(action) == {"kind": "play", "card": card}


async def test_a_several_card_effect_pick_is_played(db: Database) -> None:
    state, seat, pick = find("cards", lambda s, seat, p: p.min >= 2)
    service, table = await running(db, state)
    token = ENGINE.decision_token(state, seat)
    cards = list(pick.cards[: pick.min])
    await service.play.act_pick(table.id, user_of(table, seat), table.record.version, token, cards)
    [(_, acted, action)] = await db.tables.actions(table.id)
    assert acted == seat and json.loads(action) == {"kind": "cards", "cards": cards}


async def test_forged_picks_change_nothing(db: Database) -> None:
    state, seat, pick = find("bid", lambda s, seat, p: p.max >= 2 and len(p.cards) >= 2)
    service, table = await running(db, state)
    user, version = user_of(table, seat), table.record.version
    token = ENGINE.decision_token(state, seat)
    not_in_hand = next(card for card in ("AS", "KS", "QS", "JS", "10S", "9S") if card not in pick.cards)
    for cards in (
        [not_in_hand],  # not in hand
        [pick.cards[0], not_in_hand],
        [pick.cards[0]] * (pick.cards.count(pick.cards[0]) + 1),  # one copy more than held
        [],  # fewer than min
        list((pick.cards * 6)[: pick.max + 1]),  # more than max
        ["BRAIN-C"],  # Brains are never bid
    ):
        with pytest.raises(ForgedComponentError):
            await service.play.act_pick(table.id, user, version, token, cards)
    assert await unchanged(service, table)
    assert await db.tables.actions(table.id) == []


async def test_an_offered_but_illegal_pick_gets_the_engines_reason(db: Database) -> None:
    state, seat, _ = find("bid", refused_bid)
    bad = next(a for a in ENGINE.candidate_actions(state, seat) if a.kind == "bid" and ENGINE.check(state, seat, a))
    reason = ENGINE.check(state, seat, bad)
    service, table = await running(db, state)
    token = ENGINE.decision_token(state, seat)
    with pytest.raises(RefusedError) as refused:
        await service.play.act_pick(table.id, user_of(table, seat), table.record.version, token, list(bad.cards))
    assert refused.value.key == reason.key
    assert await unchanged(service, table)


async def test_stale_and_foreign_picks(db: Database) -> None:
    state, seat, pick = find("play")
    service, table = await running(db, state)
    version, token = table.record.version, ENGINE.decision_token(state, seat)
    card = [pick.cards[0]]
    with pytest.raises(StaleMessageError):  # an older version for another decision
        await service.play.act_pick(table.id, user_of(table, seat), version - 1, "00000000", card)
    other = next(s for s in range(state.players) if s != seat)
    with pytest.raises(StaleMessageError):  # no pick is pending for that seat
        await service.play.act_pick(table.id, user_of(table, other), version, token, card)
    with pytest.raises(NotAPlayerError):
        await service.play.act_pick(table.id, 4242, version, token, card)
    with pytest.raises(StaleMessageError):
        await service.play.pending_pick(table.id, user_of(table, seat), version - 1, "00000000")
    assert await unchanged(service, table)
    # The same decision drawn at an older version still counts (others may have acted since).
    _, _, pending = await service.play.pending_pick(table.id, user_of(table, seat), version - 1, token)
    assert pending == pick
    outcome = await service.play.act_pick(table.id, user_of(table, seat), version - 1, token, card)
    assert outcome.table.record.version == version + 1


async def test_a_pick_the_action_model_rejects_is_forged(db: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    state, seat, _ = find("play")
    service, table = await running(db, state)
    odd = CardPick(kind="play", field="card", cards=("ZZ",), min=1, max=1, prompt="p")
    monkeypatch.setattr(ENGINE, "card_pick", lambda state, seat: odd)
    token = ENGINE.decision_token(state, seat)
    with pytest.raises(ForgedComponentError):
        await service.play.act_pick(table.id, user_of(table, seat), table.record.version, token, ["ZZ"])
    assert await unchanged(service, table)
