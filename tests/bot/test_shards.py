"""Shards: Discord's rule for which shard gets a server's events, the shards one process runs, and the settings
that say so (`CARDROOM_SHARD_COUNT`, `CARDROOM_SHARD_IDS`)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from bot import __main__ as cli
from bot.settings import Settings
from bot.shards import ProcessShards, shard_of

# A server id: its creation time (ms since 2015) above bit 22, worker, process and counter below.
GUILD = (46_977_461_158 << 22) | 0b10101_00011_000000000110


def test_discords_rule() -> None:
    # 46_977_461_158 % 2 == 0, % 3 == 1, % 16 == 6
    assert [shard_of(GUILD, count) for count in (1, 2, 3, 16)] == [0, 0, 1, 6]
    assert shard_of(GUILD + (1 << 22), 2) == 1  # the next millisecond's server
    assert shard_of(GUILD | ((1 << 22) - 1), 2) == 0  # the low 22 bits (worker, process, counter) do not count
    assert shard_of(None, 5) == 0  # direct messages: shard 0
    with pytest.raises(ValueError):
        shard_of(GUILD, 0)


def test_a_process_of_some_shards_serves_their_servers_only() -> None:
    first, second = ProcessShards.of(2, [0]), ProcessShards.of(2, [1])
    servers = [GUILD + (n << 22) for n in range(6)]
    assert [first.serves(g) for g in servers] == [True, False] * 3
    assert [second.serves(g) for g in servers] == [False, True] * 3
    assert first.serves(None) and not second.serves(None)  # direct messages come to shard 0
    assert first.leads and not second.leads
    assert second.describe() == "shard 1 of 2" and ProcessShards.of(4, [2, 0]).describe() == "shards 0, 2 of 4"


@pytest.mark.parametrize("shards", [ProcessShards(), ProcessShards.of(3, None), ProcessShards.of(2, [1, 0])])
def test_a_process_of_every_shard_serves_every_server_and_leads(shards: ProcessShards) -> None:
    assert shards.serves_all and shards.leads
    assert all(shards.serves(g) for g in (None, GUILD, GUILD + (1 << 22), GUILD + (2 << 22)))


@pytest.mark.parametrize(("count", "ids"), [(None, [0]), (0, None), (2, [2]), (2, [-1]), (2, [])])
def test_impossible_shards_are_refused(count: int | None, ids: list[int] | None) -> None:
    with pytest.raises(ValueError):
        ProcessShards.of(count, ids)


def settings(monkeypatch: pytest.MonkeyPatch, **env: str) -> Settings:
    for name in ("CARDROOM_SHARD_COUNT", "CARDROOM_SHARD_IDS"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return Settings(_env_file=None)  # type: ignore[call-arg]


def test_shard_settings_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    assert (settings(monkeypatch).shard_count, settings(monkeypatch).shard_ids) == (None, None)
    found = settings(monkeypatch, CARDROOM_SHARD_COUNT="4", CARDROOM_SHARD_IDS="0, 2")
    assert (found.shard_count, found.shard_ids) == (4, [0, 2])
    assert settings(monkeypatch, CARDROOM_SHARD_COUNT="4", CARDROOM_SHARD_IDS="[3]").shard_ids == [3]
    assert settings(monkeypatch, CARDROOM_SHARD_COUNT="4", CARDROOM_SHARD_IDS="").shard_ids is None
    assert settings(monkeypatch, CARDROOM_SHARD_COUNT="4").shard_ids is None  # every shard of 4, here


@pytest.mark.parametrize(
    ("env", "problem"),
    [
        ({"CARDROOM_SHARD_IDS": "1"}, "needs shard_count"),
        ({"CARDROOM_SHARD_COUNT": "2", "CARDROOM_SHARD_IDS": "0,2"}, "[2] not within 0..1"),
        ({"CARDROOM_SHARD_COUNT": "2", "CARDROOM_SHARD_IDS": "1,1"}, "twice"),
        ({"CARDROOM_SHARD_COUNT": "2", "CARDROOM_SHARD_IDS": "one"}, "valid integer"),
        ({"CARDROOM_SHARD_COUNT": "2", "CARDROOM_SHARD_IDS": "[0"}, "delimiter"),
        ({"CARDROOM_SHARD_COUNT": "0"}, "greater than or equal to 1"),
    ],
)
def test_bad_shard_settings_stop_the_start_in_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], env: dict[str, str], problem: str
) -> None:
    with pytest.raises(ValidationError):
        settings(monkeypatch, **env)
    with pytest.raises(SystemExit) as stopped:
        cli._settings()
    assert stopped.value.code == cli.EXIT_CONFIG
    line = capsys.readouterr().err.strip()
    assert line.startswith("cardroom: invalid setting shard_") and problem in line and "\n" not in line
