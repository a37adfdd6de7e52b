"""The table service: lobby rules, the action path, stale and forged clicks, leaving, aborting, results."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.errors import (
    AlreadySeatedError,
    ForgedComponentError,
    InvalidOptionError,
    LobbyClosedError,
    NotAPlayerError,
    NotEnoughPlayersError,
    NotHostError,
    RefusedError,
    StaleMessageError,
    TableBusyError,
    TableEndedError,
    TableFullError,
)
from bot.services.tables import Table, Tables
from bot.storage import Database, Seat
from engines.pairs import Fold, Hit

ALICE, BOB, CAROL = Seat(1, "Alice"), Seat(2, "Bob"), Seat(3, "Carol")
CHANNEL = 500

pytestmark = pytest.mark.postgresql_too  # the action path: on both back ends


async def started(service: Tables, *seats: Seat, options: dict[str, str] | None = None) -> Table:
    table = await service.lobby.open_lobby(guild_id=9, channel_id=CHANNEL, game="pairs", host=seats[0], locale="en")
    for seat in seats[1:]:
        table = await service.lobby.join(table.id, seat)
    for field, value in (options or {}).items():
        table = await service.lobby.set_option(table.id, seats[0].user_id, field, value)
    return await service.lobby.start(table.id, seats[0].user_id)


def index_of(service: Tables, table: Table, seat: int, kind: str) -> int:
    return [a.kind for a in service.play.candidates(table, seat)].index(kind)


async def test_one_table_per_channel_links_to_the_running_one(service: Tables) -> None:
    table = await service.lobby.open_lobby(guild_id=9, channel_id=CHANNEL, game="pairs", host=ALICE, locale="en")
    await service.store.set_table_message(table, 777)
    with pytest.raises(TableBusyError) as busy:
        await service.lobby.open_lobby(guild_id=9, channel_id=CHANNEL, game="pairs", host=BOB, locale="en")
    assert busy.value.params["url"] == f"https://discord.com/channels/9/{CHANNEL}/777"
    other = await service.lobby.open_lobby(guild_id=9, channel_id=CHANNEL + 1, game="pairs", host=BOB, locale="fr")
    assert other.record.locale == "fr"


async def test_lobby_seats_limits_and_host_rights(service: Tables) -> None:
    table = await service.lobby.open_lobby(guild_id=9, channel_id=CHANNEL, game="pairs", host=ALICE, locale="en")
    with pytest.raises(NotEnoughPlayersError):
        await service.lobby.start(table.id, ALICE.user_id)
    table = await service.lobby.join(table.id, BOB)
    with pytest.raises(AlreadySeatedError):
        await service.lobby.join(table.id, BOB)
    with pytest.raises(NotHostError):
        await service.lobby.start(table.id, BOB.user_id)
    with pytest.raises(NotHostError):
        await service.lobby.set_option(table.id, BOB.user_id, "ending", "cutchfeld")
    with pytest.raises(NotHostError):
        await service.lobby.leave_lobby(table.id, ALICE.user_id)
    for user_id in range(10, 16):
        table = await service.lobby.join(table.id, Seat(user_id, f"P{user_id}"))
    assert len(table.record.seats) == 8
    with pytest.raises(TableFullError):
        await service.lobby.join(table.id, Seat(99, "Late"))
    table = await service.lobby.leave_lobby(table.id, BOB.user_id)
    assert table.seat_of(BOB.user_id) is None
    with pytest.raises(NotAPlayerError):
        await service.lobby.leave_lobby(table.id, BOB.user_id)


async def test_options_are_validated_and_stored(service: Tables) -> None:
    table = await service.lobby.open_lobby(guild_id=9, channel_id=CHANNEL, game="pairs", host=ALICE, locale="en")
    table = await service.lobby.set_option(table.id, ALICE.user_id, "ending", "cutchfeld")
    table = await service.lobby.set_option(table.id, ALICE.user_id, "games", "5")
    assert table.record.options["ending"] == "cutchfeld" and table.record.options["games"] == 5
    for field, value in (("ending", "poker"), ("games", "4"), ("nonsense", "1"), ("carried", "9")):
        with pytest.raises(InvalidOptionError):
            await service.lobby.set_option(table.id, ALICE.user_id, field, value)
    assert (await service.store.get(table.id)).record.options["games"] == 5


async def test_start_deals_and_the_lobby_closes(service: Tables) -> None:
    table = await started(service, ALICE, BOB, CAROL, options={"ending": "norland"})
    assert table.record.status == "active" and table.state is not None
    assert len(table.to_act) == 1
    with pytest.raises(LobbyClosedError):
        await service.lobby.join(table.id, Seat(4, "Dan"))


async def test_an_action_commits_one_version_and_logs_it(service: Tables) -> None:
    table = await started(service, ALICE, BOB)
    seat = table.to_act[0]
    user = table.record.seats[seat].user_id
    outcome = await service.play.act(table.id, user, table.record.version, index_of(service, table, seat, "hit"))
    assert outcome.table.record.version == table.record.version + 1
    log = await service.store.db.tables.actions(table.id)
    assert [(seq, s) for seq, s, _ in log] == [(outcome.table.record.version, seat)]
    assert Hit.model_validate_json(log[0][2]) == Hit()


async def test_bad_clicks_change_nothing(service: Tables) -> None:
    table = await started(service, ALICE, BOB)
    seat = table.to_act[0]
    other = 1 - seat
    user, other_user = table.record.seats[seat].user_id, table.record.seats[other].user_id
    version = table.record.version
    before = (await service.store.db.tables.get(table.id)).state
    with pytest.raises(NotAPlayerError):
        await service.play.act(table.id, 42, version, 0)
    with pytest.raises(RefusedError) as refused:
        await service.play.act(table.id, other_user, version, 0)
    assert refused.value.key == "error.not_your_turn"
    with pytest.raises(StaleMessageError):
        await service.play.act(table.id, user, version - 1, 0)
    with pytest.raises(ForgedComponentError):
        await service.play.act(table.id, user, version, 7)
    with pytest.raises(ForgedComponentError):
        await service.play.act(123456, user, version, 0)
    record = await service.store.db.tables.get(table.id)
    assert record.version == version and record.state == before
    assert await service.store.db.tables.actions(table.id) == []


async def test_two_clicks_at_the_same_instant_apply_once(service: Tables) -> None:
    table = await started(service, ALICE, BOB)
    seat = table.to_act[0]
    user = table.record.seats[seat].user_id
    hit = index_of(service, table, seat, "hit")
    outcomes = await asyncio.gather(
        service.play.act(table.id, user, table.record.version, hit),
        service.play.act(table.id, user, table.record.version, hit),
        return_exceptions=True,
    )
    assert sum(not isinstance(o, BaseException) for o in outcomes) == 1
    assert sum(isinstance(o, StaleMessageError) for o in outcomes) == 1
    assert len(await service.store.db.tables.actions(table.id)) == 1


async def test_a_second_process_writing_first_makes_the_click_stale(service: Tables, db_location: str | Path) -> None:
    table = await started(service, ALICE, BOB)
    seat = table.to_act[0]
    user = table.record.seats[seat].user_id
    other_process = Tables(await Database.open(db_location))
    fold = index_of(service, table, seat, "fold")
    await other_process.play.act(table.id, user, table.record.version, fold)
    with pytest.raises(StaleMessageError):
        await service.play.act(table.id, user, table.record.version, fold)
    assert (await service.store.get(table.id)).record.version == table.record.version + 1
    await other_process.store.db.close()


async def test_playing_to_the_end_stores_results_and_leaderboard(service: Tables) -> None:
    table = await started(service, ALICE, BOB)
    while table.record.status == "active":
        seat = table.to_act[0]
        user = table.record.seats[seat].user_id
        outcome = await service.play.act(table.id, user, table.record.version, index_of(service, table, seat, "fold"))
        table = outcome.table
    assert table.record.status == "finished" and table.result is not None
    rows = await service.store.db.results.leaderboard(guild_id=9, game="pairs", order="wins")
    assert {row.user_id for row in rows} == {ALICE.user_id, BOB.user_id}
    assert all(row.games == 1 for row in rows)
    assert sum(row.wins for row in rows) == len(table.result.winners)
    with pytest.raises(TableEndedError):
        await service.play.act(table.id, ALICE.user_id, table.record.version, 0)
    assert await service.store.in_channel(CHANNEL) is None


async def test_leaving_goes_on_without_the_player_or_ends_the_game(service: Tables) -> None:
    table = await started(service, ALICE, BOB, CAROL)
    outcome = await service.play.withdraw(table.id, CAROL.user_id)
    assert not outcome.finished and outcome.table.record.status == "active"
    assert 2 not in outcome.table.to_act
    outcome = await service.play.withdraw(outcome.table.id, BOB.user_id)
    assert outcome.finished
    result = outcome.table.result
    assert result is not None and result.places[0] == 1 and result.winners == (0,)
    assert min(result.places[1], result.places[2]) > result.places[0]  # leavers are ranked below


async def test_abort_by_host_or_manager_only(service: Tables) -> None:
    table = await started(service, ALICE, BOB)
    with pytest.raises(NotHostError):
        await service.admin.abort(CHANNEL, BOB.user_id, can_manage=False)
    aborted = await service.admin.abort(CHANNEL, BOB.user_id, can_manage=True)
    assert aborted.record.status == "aborted"
    assert await service.store.db.results.leaderboard(guild_id=9, game="pairs", order="wins") == []
    with pytest.raises(TableEndedError):
        await service.admin.abort(CHANNEL, ALICE.user_id, can_manage=False)
    assert table.id == aborted.id


async def test_every_open_game_resumes_from_the_database(service: Tables, db_location: str | Path) -> None:
    table = await started(service, ALICE, BOB)
    seat = table.to_act[0]
    user = table.record.seats[seat].user_id
    outcome = await service.play.act(table.id, user, table.record.version, index_of(service, table, seat, "hit"))
    restarted = Tables(await Database.open(db_location))
    (row,) = await restarted.store.to_repair()
    assert row.table_id == table.id and row.status == "active"
    assert restarted.store.held_in_memory() == 0  # the start-up list loads nothing
    resumed = await restarted.store.get(row.table_id)
    assert resumed.record.version == outcome.table.record.version
    assert resumed.state == outcome.table.state
    await restarted.store.db.close()


async def test_fold_is_refused_with_the_engine_reason_when_illegal(service: Tables) -> None:
    table = await started(service, ALICE, BOB)
    assert table.state is not None
    seat = table.to_act[0]
    assert table.engine.refusal(table.state, seat, Fold()) is None


async def test_a_simultaneous_choice_is_not_made_stale_by_the_others(service: Tables) -> None:
    table = await service.lobby.open_lobby(guild_id=9, channel_id=CHANNEL, game="hawthorn", host=ALICE, locale="en")
    for seat in (BOB, CAROL):
        table = await service.lobby.join(table.id, seat)
    table = await service.lobby.start(table.id, ALICE.user_id)
    assert table.state is not None and len(table.to_act) == 3  # everyone chooses a starting card at once
    rendered = table.record.version
    tokens = {seat: table.engine.decision_token(table.state, seat) for seat in range(3)}
    for seat, person in enumerate((ALICE, BOB, CAROL)):
        # Each hand was drawn at the same version; the others' choices do not make it stale.
        outcome = await service.play.act(table.id, person.user_id, rendered, 0, tokens[seat])
        assert outcome.seat == seat
    assert len(await service.store.db.tables.actions(table.id)) == 3


async def test_a_click_for_a_decision_already_taken_is_stale(service: Tables) -> None:
    table = await started(service, ALICE, BOB)
    assert table.state is not None
    seat = table.to_act[0]
    user = table.record.seats[seat].user_id
    token = table.engine.decision_token(table.state, seat)
    hit = index_of(service, table, seat, "hit")
    await service.play.act(table.id, user, table.record.version, hit, token)
    with pytest.raises(StaleMessageError):
        await service.play.act(table.id, user, table.record.version, hit, token)
    with pytest.raises(StaleMessageError):
        await service.play.act(table.id, user, table.record.version, hit, "00000000")
    assert len(await service.store.db.tables.actions(table.id)) == 1
