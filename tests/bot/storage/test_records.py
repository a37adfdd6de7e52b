"""`TableRecord.advanced` and `same_but_time`: the row a move should leave, compared with the one it left; and which
rows of a clock's deadlines a `ClockWrite` touches."""

from __future__ import annotations

from dataclasses import fields, replace

from bot.storage import ClockWrite, Seat, TableRecord

ROW = TableRecord(
    id=7,
    guild_id=1,
    channel_id=2,
    game="pairs",
    status="active",
    host_id=3,
    options={"chips": 50},
    seats=[Seat(3, "Ada"), Seat(4, "Bob")],
    seed=11,
    state='{"turn": 0}',
    version=5,
    table_message_id=99,
    locale="fr",
    created_at=1.0,
    updated_at=2.0,
    shown_version=4,
    ping_message_id=8,
    clock='{"a": 1}',
    notified={0: 4},
    salt="s",
)


def test_a_move_advances_the_version_state_and_clock_and_nothing_else() -> None:
    moved = ROW.advanced('{"turn": 1}', '{"a": 2}')
    assert moved == replace(ROW, state='{"turn": 1}', version=6, clock='{"a": 2}')
    assert ROW.advanced('{"turn": 1}', None) == replace(ROW, state='{"turn": 1}', version=6)
    ended = ROW.advanced('{"turn": 1}', None, finished=True)
    assert ended == replace(ROW, state='{"turn": 1}', version=6, status="finished")  # ended_at: the database's


def test_rows_are_the_same_but_for_their_time_only() -> None:
    assert ROW.same_but_time(replace(ROW, updated_at=3.0))
    assert ROW.same_but_time(replace(ROW, updated_at=3.0, ended_at=3.0))
    others = {
        "notified": {0: 5},
        "ping_message_id": None,
        "version": 6,
        "state": "{}",
        "seats": [Seat(3, "Ada")],
        "status": "finished",
        "ended_by": 3,
    }
    for name, value in others.items():
        assert not ROW.same_but_time(replace(ROW, **{name: value})), name
    assert {f.name for f in fields(TableRecord)} >= set(others) | {"updated_at", "ended_at"}


def test_a_clock_write_deletes_the_deadlines_gone_and_writes_the_new_or_moved_ones_only() -> None:
    write = ClockWrite(
        clock="{}",
        deadlines={(0, "expire"): 10.0, (1, "expire"): 20.0, (1, "remind"): 15.0},
        previous={(0, "expire"): 10.0, (1, "expire"): 18.0, (2, "expire"): 30.0},
        turns=(),
    )
    assert write.gone() == [(2, "expire")]
    assert write.due() == [(1, "expire", 20.0), (1, "remind", 15.0)]  # (0, "expire") is left alone
