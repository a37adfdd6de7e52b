"""A sharded gateway with bare websocket clients: `GET /gateway/bot`'s shard count, IDENTIFY's `shard` honoured and
recorded, each session given only its shard's guilds and events (DMs to shard 0), 4010 and 4011."""

from __future__ import annotations

from typing import Any

import aiohttp
import pytest

from tests.tools.standin.support import RawGateway, RawRest
from tools.standin import Guild, StandIn
from tools.standin.gateway import DIRECT_MESSAGES, GUILD_MESSAGES, GUILDS, shard_of

INTENTS = GUILDS | GUILD_MESSAGES | DIRECT_MESSAGES


def events(standin: StandIn, shard: tuple[int, int]) -> list[tuple[str, str | None]]:
    """(event, guild id) of every dispatch the stand-in sent the session of `shard`, in order."""
    session = standin.gateway.shard_sessions[shard]
    found = []
    for _, frame in session.backlog:
        data: dict[str, Any] = frame["d"]
        guild = data.get("id") if frame["t"] == "GUILD_CREATE" else data.get("guild_id")
        found.append((frame["t"], guild))
    return found


async def connected(standin: StandIn, http: aiohttp.ClientSession, shard: Any) -> tuple[RawGateway, dict[str, Any]]:
    gw = RawGateway(standin, http)
    await gw.connect()
    await gw.identify(intents=INTENTS, shard=shard)
    ready = (await gw.recv_dispatch("READY"))["d"]
    return gw, ready


async def test_gateway_bot_recommends_the_configured_shard_count() -> None:
    async with StandIn(shards=3) as standin, aiohttp.ClientSession() as http:
        status, body, _ = await RawRest(standin, http).request("GET", "/gateway/bot")
        assert status == 200 and body["shards"] == 3 and body["url"] == standin.gateway_url
        standin.gateway.shards = 4
        assert (await RawRest(standin, http).request("GET", "/gateway/bot"))[1]["shards"] == 4


async def test_guilds_on_the_shard_asked_for() -> None:
    async with StandIn() as standin:
        guilds = [standin.add_guild(f"g{n}", shard=(n % 3, 3)) for n in range(6)]
        assert [shard_of(g.id, 3) for g in guilds] == [0, 1, 2, 0, 1, 2]
        assert len({g.id for g in guilds}) == 6
        with pytest.raises(ValueError):
            standin.add_guild("nowhere", shard=(3, 3))


async def test_each_shard_gets_only_its_guilds_and_their_events() -> None:
    async with StandIn() as standin, aiohttp.ClientSession() as http:
        first: Guild = standin.add_guild("first", shard=(0, 2))
        second: Guild = standin.add_guild("second", shard=(1, 2))
        lobby = standin.add_channel(first, "lobby")
        tables = standin.add_channel(second, "tables")
        alice = standin.add_user("alice")
        standin.set_commands(None, [{"name": "play", "description": "Play"}])

        zero, ready_zero = await connected(standin, http, [0, 2])
        one, ready_one = await connected(standin, http, [1, 2])
        assert ready_zero["shard"] == [0, 2] and ready_one["shard"] == [1, 2]
        assert ready_zero["guilds"] == [{"id": str(first.id), "unavailable": True}]
        assert ready_one["guilds"] == [{"id": str(second.id), "unavailable": True}]
        assert (await zero.recv_dispatch("GUILD_CREATE"))["d"]["id"] == str(first.id)
        assert (await one.recv_dispatch("GUILD_CREATE"))["d"]["id"] == str(second.id)
        assert standin.gateway.identified_shards == [[0, 2], [1, 2]]
        assert [s.identify["shard"] for s in standin.gateway.shard_sessions.values()] == [[0, 2], [1, 2]]
        await standin.wait_until_ready(timeout=1)  # every shard connected
        assert standin.gateway.connected_shards == [(0, 2), (1, 2)]

        await standin.post(alice, lobby, "hello")  # MESSAGE_CREATE in the first guild
        await standin.slash(alice, tables, "play")  # INTERACTION_CREATE in the second
        standin.add_channel(second, "more-tables")  # CHANNEL_CREATE in the second
        dm = standin.open_dm_channel(alice)
        await standin.create_message(dm, {"content": "your turn"})  # a DM: shard 0
        await standin.flush_dispatches()
        # The interaction arrives over the wire, to the second guild's shard.
        assert (await one.recv_dispatch("INTERACTION_CREATE"))["d"]["guild_id"] == str(second.id)

        g0, g1 = str(first.id), str(second.id)
        assert events(standin, (0, 2)) == [
            ("READY", None),
            ("GUILD_CREATE", g0),
            ("MESSAGE_CREATE", g0),
            ("MESSAGE_CREATE", None),  # the DM
        ]
        assert events(standin, (1, 2)) == [
            ("READY", None),
            ("GUILD_CREATE", g1),
            ("INTERACTION_CREATE", g1),
            ("CHANNEL_CREATE", g1),
        ]
    assert standin.violations == []


async def test_an_unsharded_session_gets_everything() -> None:
    async with StandIn() as standin, aiohttp.ClientSession() as http:
        guilds = [standin.add_guild("first", shard=(0, 2)), standin.add_guild("second", shard=(1, 2))]
        gw, ready = await connected(standin, http, None)
        assert "shard" not in ready and len(ready["guilds"]) == 2
        assert {(await gw.recv_dispatch("GUILD_CREATE"))["d"]["id"] for _ in guilds} == {str(g.id) for g in guilds}
        assert standin.gateway.identified_shards == [None] and standin.gateway.connected_shards == [(0, 1)]


async def test_a_new_identify_of_a_shard_replaces_its_session_only() -> None:
    async with StandIn() as standin, aiohttp.ClientSession() as http:
        second = standin.add_guild("second", shard=(1, 2))
        _, ready_zero = await connected(standin, http, [0, 2])
        old, ready_old = await connected(standin, http, [1, 2])
        _, ready_new = await connected(standin, http, [1, 2])  # shard 1's process restarted
        assert await old.close_code() == 4000
        assert standin.gateway.shard_sessions[(1, 2)].id == ready_new["session_id"]
        assert standin.gateway.shard_sessions[(0, 2)].id == ready_zero["session_id"]
        standin.add_channel(second, "after")
        await standin.flush_dispatches()
        assert events(standin, (1, 2))[-1] == ("CHANNEL_CREATE", str(second.id))
        stale = RawGateway(standin, http)  # the replaced session cannot be resumed
        await stale.connect()
        await stale.send(6, {"token": standin.token, "session_id": ready_old["session_id"], "seq": 2})
        assert (await stale.recv()) == {"op": 9, "d": False}
        zero_again = RawGateway(standin, http)  # shard 0's session, untouched, still can
        await zero_again.connect()
        await standin.gateway.drop(shard=0)
        await zero_again.send(6, {"token": standin.token, "session_id": ready_zero["session_id"], "seq": 2})
        assert (await zero_again.recv())["t"] == "RESUMED"


@pytest.mark.parametrize("shard", [[2, 2], [-1, 2], [0, 0], [0], ["0", 2], [True, 2], "0,2"])
async def test_an_invalid_shard_is_closed_with_4010(shard: Any) -> None:
    async with StandIn() as standin, aiohttp.ClientSession() as http:
        gw = RawGateway(standin, http)
        await gw.connect()
        await gw.identify(shard=shard)
        assert await gw.close_code() == 4010
        assert standin.gateway.closes == [(4010, "Invalid shard.")] and not standin.gateway.shard_sessions
        assert standin.gateway.identified_shards == [shard]  # recorded as sent


async def test_sharding_required_refuses_a_session_without_enough_shards() -> None:
    async with StandIn(shards=2, sharding_required=True) as standin, aiohttp.ClientSession() as http:
        for shard in (None, [0, 1]):
            gw = RawGateway(standin, http)
            await gw.connect()
            await gw.identify(shard=shard)
            assert await gw.close_code() == 4011
        _, ready = await connected(standin, http, [1, 2])
        assert ready["shard"] == [1, 2]
        assert [code for code, _ in standin.gateway.closes] == [4011, 4011]
