"""Gateway protocol with a bare websocket client: compression, IDENTIFY checks, READY, RESUME."""

from __future__ import annotations

import zlib

import aiohttp

from tests.tools.standin.support import RawGateway, World
from tools.standin import StandIn
from tools.standin.gateway import _zstd_compressor


async def test_zlib_stream_identify_ready_guild_create(standin: StandIn, world: World) -> None:
    async with aiohttp.ClientSession() as http:
        gw = RawGateway(standin, http, compress="zlib-stream")
        hello = await gw.connect()
        assert hello["d"]["heartbeat_interval"] > 0
        assert gw.raw_frames[0].endswith(b"\x00\x00\xff\xff")
        await gw.identify()
        ready = await gw.recv_dispatch("READY")
        assert ready["s"] == 1 and ready["d"]["user"]["id"] == str(standin.bot_user.id)
        assert ready["d"]["guilds"] == [{"id": str(world.guild.id), "unavailable": True}]
        assert ready["d"]["application"]["id"] == str(standin.app_id)
        assert ready["d"]["resume_gateway_url"] == standin.gateway_url
        guild = (await gw.recv_dispatch("GUILD_CREATE"))["d"]
        assert [c["name"] for c in guild["channels"]] == ["tables"]
        assert [(t["name"], t["type"], t["parent_id"]) for t in guild["threads"]] == [
            ("table-1", 11, str(world.tables.id))
        ]
        assert {r["name"] for r in guild["roles"]} >= {"@everyone", standin.bot_user.name}
        assert guild["member_count"] == len(world.guild.members)
        await gw.send(1, gw.seq)
        assert (await gw.recv())["op"] == 11
        # the frames really were one zlib stream: a fresh decompressor over all of them works
        inflate = zlib.decompressobj()
        assert b'"READY"' in b"".join(inflate.decompress(f) for f in gw.raw_frames)
    await standin.wait_until_ready(timeout=1)
    assert standin.identify_intents == [1 | (1 << 9)] and standin.privileged_intents_requested == []


async def test_uncompressed_and_zstd(standin: StandIn, world: World) -> None:
    async with aiohttp.ClientSession() as http:
        plain = RawGateway(standin, http)
        await plain.connect()
        assert plain.raw_frames == []  # text frames
        ws = await http.ws_connect(standin.gateway_url + "?v=10&encoding=json&compress=zstd-stream")
        msg = await ws.receive(timeout=5)
        if _zstd_compressor() is None:
            assert msg.type == aiohttp.WSMsgType.CLOSE and ws.close_code == 1003
            assert "zstd-stream" in standin.violations[0]
        else:
            import zstandard

            assert b'"op":10' in zstandard.ZstdDecompressor().decompressobj().decompress(msg.data)
            assert standin.violations == []


async def test_identify_rejections(standin: StandIn) -> None:
    async with aiohttp.ClientSession() as http:
        bad = RawGateway(standin, http)
        await bad.connect()
        await bad.identify(token="nope")
        assert await bad.close_code() == 4004
        greedy = RawGateway(standin, http)
        await greedy.connect()
        await greedy.identify(intents=1 | (1 << 15))  # MESSAGE_CONTENT is privileged
        assert await greedy.close_code() == 4014
    assert standin.privileged_intents_requested == ["MESSAGE_CONTENT"]
    assert len(standin.auth_failures) == 2 and standin.violations == []


async def test_resume_replays_missed_events(standin: StandIn, world: World) -> None:
    async with aiohttp.ClientSession() as http:
        gw = RawGateway(standin, http)
        await gw.connect()
        await gw.identify()
        ready = (await gw.recv_dispatch("READY"))["d"]
        await gw.recv_dispatch("GUILD_CREATE")
        seq = gw.seq
        assert seq is not None
        await standin.gateway.drop()
        late = standin.add_channel(world.guild, "late")  # dispatched while disconnected
        await standin.flush_dispatches()
        again = RawGateway(standin, http)
        await again.connect(ready["resume_gateway_url"])
        await again.send(6, {"token": standin.token, "session_id": ready["session_id"], "seq": seq})
        replayed = await again.recv()
        assert (replayed["t"], replayed["s"], replayed["d"]["id"]) == ("CHANNEL_CREATE", seq + 1, str(late.id))
        assert (await again.recv())["t"] == "RESUMED"
        stale = RawGateway(standin, http)
        await stale.connect()
        await stale.send(6, {"token": standin.token, "session_id": "unknown", "seq": 1})
        assert (await stale.recv()) == {"op": 9, "d": False}
    assert standin.gateway.resumes == 1 and standin.violations == []
