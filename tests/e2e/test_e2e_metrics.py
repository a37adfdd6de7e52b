"""The operator's port of a real bot process: `/metrics` scraped before and after a few moves, each figure moving as
it should, and `/healthz` and `/readyz` answering, through the loopback Discord stand-in."""

from __future__ import annotations

import random
import socket
from pathlib import Path

import aiohttp
from prometheus_client.parser import text_string_to_metric_families

from tests.e2e.e2e_support import answered, footer, open_lobby, start_game, take_turn, world

MOVES = 3


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def scrape(http: aiohttp.ClientSession, base: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    async with http.get(f"{base}/metrics") as answer:
        assert answer.status == 200
        text = await answer.text()
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


def value(samples: dict[tuple[str, tuple[tuple[str, str], ...]], float], name: str, **labels: str) -> float:
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


async def test_the_metrics_move_with_the_moves_and_the_process_says_it_is_ready(tmp_path: Path) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    async with (
        world(tmp_path) as w,
        w.running(CARDROOM_METRICS_PORT=str(port), CARDROOM_METRICS_HOST="127.0.0.1"),
        aiohttp.ClientSession() as http,
    ):
        async with http.get(f"{base}/healthz") as alive:
            assert alive.status == 200
        lobby = await open_lobby(w, w.alice, "pairs", {"ending": "norland", "games": "1"})
        table_id, _ = footer(lobby)
        lobby = await answered(await w.discord.click(w.carol, lobby, f"lobby:{table_id}:join"))
        table = await start_game(w, w.alice, lobby)
        before = await scrape(http, base)

        rng = random.Random(3)
        for _ in range(MOVES):
            await take_turn(w, table, {"alice": w.alice, "carol": w.carol}, rng)
        after = await scrape(http, base)

        moved = value(after, "cardroom_moves_committed_total", game="pairs")
        assert moved - value(before, "cardroom_moves_committed_total", game="pairs") == MOVES
        assert value(after, "cardroom_commit_seconds_count") - value(before, "cardroom_commit_seconds_count") == MOVES
        clicks = value(after, "cardroom_interactions_total", kind="component", outcome="answered")
        # each move: the hand opened, then the click in it; every one of them answered and timed
        assert clicks - value(before, "cardroom_interactions_total", kind="component", outcome="answered") >= 2 * MOVES
        timed = value(after, "cardroom_answer_seconds_count", kind="component")
        assert timed - value(before, "cardroom_answer_seconds_count", kind="component") >= 2 * MOVES
        assert value(after, "cardroom_rest_requests_total", status="2xx") > value(
            before, "cardroom_rest_requests_total", status="2xx"
        )
        assert value(after, "cardroom_shard_connected", shard="0") == 1.0
        assert value(after, "process_resident_memory_bytes") > 0
        served = {name for name, _ in after}  # the gauges the bot reads every few seconds are served too
        assert {"cardroom_tables_open", "cardroom_ready", "cardroom_tables_held"} <= served
        async with http.get(f"{base}/readyz") as ready:
            body = await ready.text()
            assert ready.status == 200 and "database: ok" in body, body
