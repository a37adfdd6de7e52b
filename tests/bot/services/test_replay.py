"""Replays: every step of a finished game rebuilt from its seed and action log, exactly; refused for a game that
is not over, never started, unknown or of another server."""

from __future__ import annotations

from typing import Any

import pytest

from bot.errors import CardroomError
from bot.services.replay import CHECKPOINT, Replay, ReplayService
from bot.services.tables import Tables
from bot.storage import Database
from engines import registry
from engines.core import Withdraw
from tests.bot.services.replay_support import CHANNEL, GUILD, actions_of, playout, record_of, store_playout


def refusal(error: pytest.ExceptionInfo[CardroomError]) -> str:
    return error.value.key


@pytest.mark.parametrize("game", sorted(registry.names()))
def test_every_step_is_the_replay_of_the_actions_before_it(game: str) -> None:
    """Step k is the state after the first k actions, for every k (so across checkpoints too): the playout's
    own k-th state, which `engine.replay` of those actions rebuilds (checked for the whole game)."""
    engine: Any = registry.get(game)
    played = playout(game, 11)
    whole = engine.replay(played.players, played.options, played.seed, played.log)
    assert engine.dump_state(whole) == engine.dump_state(played.states[-1])
    replay = Replay(engine, record_of(game, played), actions_of(played))
    assert replay.steps == len(played.log)
    for number in range(replay.steps + 1):
        step = replay.step(number)
        assert step.number == number and step.steps == replay.steps and step.is_last == (number == replay.steps)
        assert engine.dump_state(step.state) == engine.dump_state(played.states[number]), number
        assert engine.dump_state(replay.state_at(number)) == engine.dump_state(played.states[number]), number
        if number == 0:
            assert step.seat is None and step.action is None and step.before is None
        else:
            seat, action = played.log[number - 1]
            assert step.seat == seat == replay.mover(number) and step.action == action
            assert step.before is not None
            assert engine.dump_state(step.before) == engine.dump_state(played.states[number - 1])
            # The move's own events: exactly what it added to the state's event list.
            assert list(step.events) == step.state.events[len(step.state.events) - len(step.events) :]
    assert replay.mover(0) is None and replay.mover(replay.steps + 1) is None
    with pytest.raises(IndexError):
        replay.state_at(replay.steps + 1)


async def test_a_stored_game_replays_to_its_stored_end(db: Database) -> None:
    played = playout("pairs", 3, players=3)
    record = await store_playout(db, "pairs", played)
    assert record.status == "finished"
    service = ReplayService(Tables(db))
    table, replay, step = await service.step(record.id, GUILD, None)
    assert table.id == record.id and table.record.status == "finished"
    assert replay.steps == len(await db.tables.actions(record.id)) == step.number
    assert step.is_last and table.engine.dump_state(step.state) == record.state
    first = (await service.step(record.id, GUILD, 0))[2]
    assert first.number == 0 and table.engine.dump_state(first.state) == table.engine.dump_state(played.states[0])


async def test_a_replay_is_built_once_then_cached(db: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    record = await store_playout(db, "pairs", playout("pairs", 4))
    service = ReplayService(Tables(db))
    reads = []
    actions = db.tables.actions

    async def counted(table_id: int) -> list[tuple[int, int, str]]:
        reads.append(table_id)
        return await actions(table_id)

    monkeypatch.setattr(db.tables, "actions", counted)
    for number in (0, 1, 0, None):
        await service.step(record.id, GUILD, number)
    assert reads == [record.id]


async def test_games_that_cannot_be_replayed_are_refused(db: Database) -> None:
    service = ReplayService(Tables(db))
    played = playout("pairs", 5, withdrawals=False)
    running = await store_playout(db, "pairs", played, moves=2)
    assert running.status == "active"
    with pytest.raises(CardroomError) as error:
        await service.step(running.id, GUILD, 0)
    assert refusal(error) == "replay.not_over"  # its seed would reveal every card to come

    lobby = await db.tables.create_lobby(
        guild_id=GUILD, channel_id=CHANNEL + 1, game="pairs", host=running.seats[0], options={}, seed=1, locale="en"
    )
    with pytest.raises(CardroomError) as error:
        await service.step(lobby.id, GUILD, 0)
    assert refusal(error) == "replay.not_over"
    closed = await db.tables.abort(lobby.id, by_user_id=running.seats[0].user_id)
    service = ReplayService(Tables(db))  # the lobby was closed behind the first service's back
    with pytest.raises(CardroomError) as error:
        await service.step(closed.id, GUILD, 0)
    assert refusal(error) == "replay.never_started"

    finished = await store_playout(db, "pairs", played, channel_id=CHANNEL + 2)
    for table_id, guild_id in ((finished.id, GUILD + 1), (finished.id, None), (10**6, GUILD), (2**63, GUILD)):
        with pytest.raises(CardroomError) as error:
            await service.step(table_id, guild_id, 0)
        assert refusal(error) == "error.no_such_game" and error.value.params["table_id"] == table_id


async def test_a_game_aborted_after_its_start_replays_to_where_it_stopped(db: Database) -> None:
    played = playout("pairs", 6, withdrawals=False)
    running = await store_playout(db, "pairs", played, moves=3)
    aborted = await db.tables.abort(running.id, by_user_id=running.seats[0].user_id)
    service = ReplayService(Tables(db))
    table, replay, step = await service.step(aborted.id, GUILD, None)
    assert table.record.status == "aborted" and replay.steps == 3 and step.is_last
    assert table.engine.dump_state(step.state) == table.engine.dump_state(played.states[3])


async def test_a_step_out_of_range_is_refused(db: Database) -> None:
    record = await store_playout(db, "pairs", playout("pairs", 7))
    service = ReplayService(Tables(db))
    _, replay, _ = await service.step(record.id, GUILD, 0)
    for number in (replay.steps + 1, -1, 10**10):
        with pytest.raises(CardroomError) as error:
            await service.step(record.id, GUILD, number)
        assert refusal(error) == "replay.no_such_step"
        assert error.value.params == {"step": number, "steps": replay.steps}


async def test_a_log_that_does_not_replay_is_refused_plainly(db: Database) -> None:
    """A log changed behind the bot's back (here: a move by a seat that was not to act) is not shown."""
    played = playout("pairs", 8, withdrawals=False)
    record = await store_playout(db, "pairs", played)
    service = ReplayService(Tables(db))
    actions = await db.tables.actions(record.id)
    seq, seat, data = actions[0]
    forged = [(seq, (seat + 1) % played.players, data), *actions[1:]]

    async def tampered(table_id: int) -> list[tuple[int, int, str]]:
        return forged

    db.tables.actions = tampered  # type: ignore[method-assign]
    with pytest.raises(CardroomError) as error:
        await service.step(record.id, GUILD, 0)
    assert refusal(error) == "replay.broken"


def test_checkpoints_keep_a_long_game_small() -> None:
    """A replay keeps one state in CHECKPOINT, and a withdrawal replays like any move."""
    engine: Any = registry.get("zombie")
    seed = 0
    while not any(isinstance(action, Withdraw) for _, action in playout("zombie", seed).log):
        seed += 1
    played = playout("zombie", seed)
    replay = Replay(engine, record_of("zombie", played), actions_of(played))
    assert len(replay._checkpoints) == len(played.log) // CHECKPOINT + 1
    last = replay.step(replay.steps)
    assert engine.dump_state(last.state) == engine.dump_state(played.states[-1])
