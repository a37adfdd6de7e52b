"""Every REST call the bot makes goes to `CARDROOM_API_BASE_URL` (a rate-limit proxy shared by all processes, or
here the stand-in), interaction webhooks and the card emoji uploads included, and the bot contacts no other host.

The bot runs under `traced_bot.py`, which records at the transport level every connection the process opens and
every HTTP request it sends. Each recorded request must be one the stand-in received (same method, same route,
as many times), and every connection must go to the stand-in's address.
"""

from __future__ import annotations

import json
import random
import sys
from collections import Counter
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from tests.e2e.e2e_support import World, answered, take_turn, world
from tests.e2e.test_e2e_hardening import first_action, hand_to_act
from tools.standin import BotProcess
from tools.standin.rest import API_PREFIX, ROUTES

TRACED_BOT = Path(__file__).with_name("traced_bot.py")
ORIGINAL = "/webhooks/{application_id}/{interaction_token}/messages/@original"

# What a run of the bot must have used, so that the check below is not vacuous.
EXPECTED = {
    ("GET", "/gateway/bot"),
    ("GET", "/users/@me"),
    ("GET", "/oauth2/applications/@me"),
    ("GET", "/applications/{application_id}/commands"),
    ("PUT", "/applications/{application_id}/commands"),
    ("GET", "/applications/{application_id}/emojis"),
    ("POST", "/applications/{application_id}/emojis"),  # the card emoji uploads
    ("POST", "/interactions/{interaction_id}/{interaction_token}/callback"),
    ("GET", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"),  # original_response()
    ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"),  # edit_original_response()
    ("POST", "/webhooks/{webhook_id}/{webhook_token}"),  # followup.send()
    ("POST", "/channels/{channel_id}/messages"),
    ("PATCH", "/channels/{channel_id}/messages/{message_id}"),
    ("DELETE", "/channels/{channel_id}/messages/{message_id}"),
}


def route_of(method: str, path: str) -> str:
    """The stand-in's route template for a request path under /api/v10."""
    for route in ROUTES:
        if route.method == method and route.regex.fullmatch(path):
            return route.template
    raise AssertionError(f"{method} {path} is no route the stand-in emulates")


def recorded(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


async def test_every_rest_call_goes_to_the_base_url_and_no_other_host_is_contacted(tmp_path: Path) -> None:
    record = tmp_path / "net.jsonl"
    async with world(tmp_path) as w:
        bot = BotProcess(
            [sys.executable, str(TRACED_BOT), "run"],
            env=w.env(NET_RECORD=str(record), CARDROOM_EMOJIS="1"),  # the card emoji uploads too
            cwd=w.tmp,
            log_path=tmp_path / "bot.log",
        )
        async with bot:
            w.discord.watch(bot)
            await w.discord.wait_until_ready(timeout=30)
            await w.discord.wait_for_commands("play", "hand", timeout=30)
            await w.discord.wait_for(lambda: "Card emojis: " in bot.output, timeout=60, what="card emoji sync")
            await play(w)
        w.discord.assert_clean()

    stand_in = urlsplit(w.discord.base_url)
    events = recorded(record)
    http = [e for e in events if e["kind"] == "http"]
    for event in http:
        url = urlsplit(event["url"])
        assert (url.hostname, url.port) == (stand_in.hostname, stand_in.port), event
    for event in events:
        if event["kind"] in ("connect", "lookup"):
            assert (event["host"], int(event["port"])) == (stand_in.hostname, stand_in.port), event

    gateway = [e for e in http if urlsplit(e["url"]).path.rstrip("/") == "/gateway"]
    assert len(gateway) == len(w.discord.gateway.compressions) >= 1  # every websocket upgrade reached it
    rest = [e for e in http if e not in gateway]
    assert all(urlsplit(e["url"]).path.startswith(API_PREFIX + "/") for e in rest)
    sent = Counter((e["method"], route_of(e["method"], urlsplit(e["url"]).path[len(API_PREFIX) :])) for e in rest)
    received = Counter((r.method, route_of(r.method, r.path)) for r in w.discord.requests)
    assert sent == received  # every request the bot sent, and nothing else, reached the base URL
    assert set(sent) >= EXPECTED, EXPECTED - set(sent)


async def play(w: World) -> None:
    """A game started and played a little, with an acknowledged click whose answer must come as a follow-up."""
    table_id, table, player, hand = await hand_to_act(w)
    # Delivered 1.8 s late, the click is acknowledged first; Discord then refuses the edit of the hand
    # (PATCH @original): the bot says so in a follow-up message (POST /webhooks/{application}/{token}).
    w.discord.fail_next("PATCH", ORIGINAL, status=400, code=50035)
    click = await w.discord.click(player, hand, first_action(hand), deliver_after=1.8)
    await click.wait_followup(0, timeout=10)
    await answered(await w.discord.slash(w.alice, w.channel, "log"))
    rng = random.Random(2)
    for _ in range(2):
        if "Game over." not in (w.discord.get_message(table.id) or table).text:
            await take_turn(w, table, {"alice": w.alice, "bob": w.bob}, rng)
    assert w.version(table_id) >= 2
