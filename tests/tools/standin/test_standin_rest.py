"""REST emulation without a bot: auth, errors, bodies, rate limits."""

from __future__ import annotations

import aiohttp
import pytest

from tests.tools.standin.support import RawRest, World
from tools.standin import StandIn
from tools.standin.model import Clock
from tools.standin.ratelimit import RateLimiter


async def test_bad_token_is_401_with_discords_body(standin: StandIn) -> None:
    async with aiohttp.ClientSession() as http:
        status, body, headers = await RawRest(standin, http, token="wrong").request("GET", "/users/@me")
        assert (status, body) == (401, {"message": "401: Unauthorized", "code": 0})
        assert headers["Content-Type"] == "application/json"
        status, body, _ = await RawRest(standin, http).request("GET", "/users/@me", auth=False)
        assert status == 401
        status, body, _ = await RawRest(standin, http).request("GET", "/users/@me")
        assert status == 200 and body["id"] == str(standin.bot_user.id) and body["bot"] is True
    assert len(standin.auth_failures) == 2
    assert standin.violations == []


async def test_unknown_things_are_404_with_discord_codes(standin: StandIn, world: World) -> None:
    async with aiohttp.ClientSession() as http:
        rest = RawRest(standin, http)
        assert (await rest.request("GET", f"/channels/{world.tables.id}/messages/123"))[:2] == (
            404,
            {"message": "Unknown Message", "code": 10008},
        )
        assert (await rest.request("GET", "/channels/42"))[1]["code"] == 10003
        assert (await rest.request("GET", f"/guilds/{world.guild.id}/members/42"))[1]["code"] == 10007
        status, _, _ = await rest.request("GET", "/not/an/endpoint")
        assert status == 404
    assert standin.violations == ["GET /not/an/endpoint: endpoint not emulated by the stand-in"]


async def test_messages_limits_and_multipart(standin: StandIn, world: World) -> None:
    async with aiohttp.ClientSession() as http:
        rest = RawRest(standin, http)
        status, body, headers = await rest.request("POST", f"/channels/{world.tables.id}/messages", {"content": "hi"})
        assert status == 200 and body["content"] == "hi" and body["author"]["bot"] is True
        assert int(body["id"]) >> 22 > 0 and body["channel_id"] == str(world.tables.id)
        for name in ("X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset", "X-RateLimit-Reset-After"):
            assert name in headers
        status, body, _ = await rest.request("POST", f"/channels/{world.tables.id}/messages", {"content": "x" * 2001})
        assert status == 400 and body["code"] == 50035
        form = aiohttp.FormData(quote_fields=False)
        form.add_field("payload_json", '{"content": "file", "attachments": [{"id": 0, "filename": "h.txt"}]}')
        form.add_field("files[0]", b"hand", filename="h.txt", content_type="text/plain")
        url = f"{standin.api_base}/channels/{world.tables.id}/messages"
        async with http.post(url, data=form, headers={"Authorization": f"Bot {standin.token}"}) as resp:
            sent = await resp.json()
        assert resp.status == 200 and sent["attachments"][0]["filename"] == "h.txt"
        assert sent["attachments"][0]["size"] == 4
    assert [m.content for m in standin.channel_messages(world.tables)] == ["hi", "file"]
    assert len(standin.violations) == 1 and "content: 2001 characters > 2000" in standin.violations[0]


async def test_edit_rate_limit_is_counted_and_optionally_enforced() -> None:
    for enforce in (False, True):
        async with StandIn(enforce_rate_limits=enforce) as standin, aiohttp.ClientSession() as http:
            world = World(standin)
            rest = RawRest(standin, http)
            _, msg, _ = await rest.request("POST", f"/channels/{world.tables.id}/messages", {"content": "0"})
            statuses = []
            for i in range(6):
                path = f"/channels/{world.tables.id}/messages/{msg['id']}"
                status, body, headers = await rest.request("PATCH", path, {"content": str(i)})
                statuses.append(status)
            assert len(standin.rate_limit_hits) == 1
            assert standin.rate_limit_hits[0].bucket == "channel-message-edit"
            if enforce:
                assert statuses == [200] * 5 + [429]
                assert body["retry_after"] > 0 and headers["Via"] and standin.count_429 == 1
            else:
                assert statuses == [200] * 6 and standin.count_429 == 0
                assert headers["X-RateLimit-Remaining"] == "0"


async def test_a_scaled_window_keeps_the_limit_and_shortens_its_time() -> None:
    """`rate_limit_window_scale`: the same 5 edits, in a window a fifth as long, as its headers say."""
    clock = Clock(lambda: 100.0)
    async with StandIn(clock=clock, rate_limit_window_scale=0.2) as standin, aiohttp.ClientSession() as http:
        world = World(standin)
        rest = RawRest(standin, http)
        _, msg, _ = await rest.request("POST", f"/channels/{world.tables.id}/messages", {"content": "0"})
        path = f"/channels/{world.tables.id}/messages/{msg['id']}"
        for i in range(5):
            _, _, headers = await rest.request("PATCH", path, {"content": str(i)})
        assert headers["X-RateLimit-Limit"] == "5" and headers["X-RateLimit-Remaining"] == "0"
        assert float(headers["X-RateLimit-Reset-After"]) == 1.0  # 5 s scaled by 0.2
        await rest.request("PATCH", path, {"content": "over"})
        assert len(standin.rate_limit_hits) == 1 and standin.rate_limit_hits[0].retry_after == 1.0


def test_a_window_must_last_some_time() -> None:
    with pytest.raises(ValueError, match="some time"):
        RateLimiter(Clock(lambda: 0.0), enforce=False, window_scale=0.0)
