"""A shuffle anyone can check: the commitment shown from the start, the seed and salt revealed at the end, and a
verifier that replays the game from the seed and catches a changed seed or log."""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import json
import random
import secrets
from pathlib import Path

import pytest

from bot.errors import CardroomError
from bot.services.fairness import commitment, short, verify
from bot.services.tables import Table, Tables
from bot.storage import Seat
from bot.verify_cli import main as verify_main
from cogs.render.frame import table_embed

ALICE, BOB = Seat(1, "Alice"), Seat(2, "Bob")


async def started(service: Tables) -> Table:
    table = await service.lobby.open_lobby(guild_id=9, channel_id=500, game="pairs", host=ALICE, locale="en")
    table = await service.lobby.join(table.id, BOB)
    return await service.lobby.start(table.id, ALICE.user_id)


async def played(service: Tables, rng: random.Random, table: Table | None = None) -> Table:
    """A two-player Pairs game (`table`, or a new one) played to its end with random legal moves."""
    if table is None:
        table = await started(service)
    while table.record.status == "active":
        assert table.state is not None
        seat = table.to_act[0]
        candidates = service.play.candidates(table, seat)
        legal = [i for i, action in enumerate(candidates) if table.engine.can(table.state, seat, action)]
        outcome = await service.play.act(
            table.id, table.record.seats[seat].user_id, table.record.version, rng.choice(legal)
        )
        table = outcome.table
    return table


def test_the_commitment_is_sha256_of_seed_and_salt() -> None:
    assert commitment(42, "ab") == hashlib.sha256(b"42:ab").hexdigest()
    assert commitment(42, "ab") != commitment(43, "ab") != commitment(42, "ac")
    assert short(commitment(42, "ab")) == commitment(42, "ab")[:16]


async def test_seed_and_salt_come_from_the_secure_source_before_the_first_move(
    service: Tables, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(secrets, "randbits", lambda bits: 987654321)
    monkeypatch.setattr(secrets, "token_hex", lambda n: "5a" * n)
    lobby = await service.lobby.open_lobby(guild_id=9, channel_id=501, game="pairs", host=ALICE, locale="en")
    assert lobby.record.seed == 987654321 and lobby.record.salt == "5a" * 16
    stored = await service.store.db.tables.get(lobby.id)
    assert (stored.seed, stored.salt) == (987654321, "5a" * 16)  # fixed in the database at the lobby


async def test_the_table_shows_the_commitment_then_reveals_seed_and_salt(service: Tables) -> None:
    rng = random.Random(4)
    table = await started(service)
    assert table.record.salt is not None
    code = short(commitment(table.record.seed, table.record.salt))
    running = table_embed(table, "en")
    assert code in (running.footer.text or "")
    assert str(table.record.seed) not in json.dumps(running.to_dict())  # the seed stays secret while it runs
    with pytest.raises(CardroomError) as refused:
        await service.history.verification(table.id)
    assert refused.value.key == "verify.not_over"
    final = await played(service, rng, table)
    shown = json.dumps(table_embed(final, "en").to_dict(), ensure_ascii=False)
    assert f"{final.record.seed}:{final.record.salt}" in shown and code in shown


async def test_a_finished_game_verifies_and_a_changed_seed_or_log_is_caught(
    service: Tables, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    final = await played(service, random.Random(7))
    assert final.record.salt is not None
    code = short(commitment(final.record.seed, final.record.salt))
    _, found = await service.history.verification(final.id, announced=code)
    actions = await service.store.db.tables.actions(final.id)
    assert found.ok and found.moves == len(actions) > 0 and found.commitment.startswith(code)

    record = await service.store.db.tables.get(final.id)
    actions = await service.store.db.tables.actions(final.id)
    # Another seed does not give the commitment shown from the start.
    forged = dataclasses.replace(record, seed=record.seed + 1)
    assert verify(final.engine, forged, actions, announced=code).problem == "verify.commitment_differs"
    # Without the commitment to compare, the replay from another seed fails or ends elsewhere.
    assert verify(final.engine, forged, actions).problem in ("verify.replay_fails", "verify.final_differs")
    # A log with one move changed or dropped does not replay to the stored end.
    dropped = [*actions[:3], *actions[4:]]
    assert verify(final.engine, record, dropped).problem in ("verify.replay_fails", "verify.final_differs")
    changed = list(actions)
    seq, seat, data = changed[2]
    other = "fold" if '"hit"' in data else "hit"
    changed[2] = (seq, seat, json.dumps({"kind": other}))
    assert not verify(final.engine, record, changed).ok
    # A game from before commitments has nothing to check.
    assert verify(final.engine, dataclasses.replace(record, salt=None), actions).problem == "verify.no_commitment"

    # The command line says the same, with an exit status.
    monkeypatch.setenv("CARDROOM_DATABASE", str(tmp_path / "cardroom.sqlite3"))
    assert await asyncio.to_thread(verify_main, [str(final.id), "--commitment", code]) == 0
    assert "ok:" in capsys.readouterr().out
    assert await asyncio.to_thread(verify_main, [str(final.id), "--commitment", "0" * 16]) == 1
    assert "commitment" in capsys.readouterr().err
