"""What an operator's tools read: the metrics the bot counts, its HTTP port, and its JSON log lines."""

from __future__ import annotations

import logging

import aiohttp
import pytest
from prometheus_client.parser import text_string_to_metric_families

from bot.observe import logs
from bot.observe.server import OperatorServer, Readiness
from bot.settings import Settings
from tests.support.json_logs import json_lines


def test_the_port_is_off_unless_set_and_the_plain_log_is_the_default() -> None:
    settings = Settings(_env_file=None)  # type: ignore[call-arg]
    assert settings.metrics_port is None and settings.log_format == "plain"


async def test_the_port_serves_metrics_health_and_readiness() -> None:
    verdict = Readiness({"logged in": True, "database": True})

    async def ready() -> Readiness:
        return verdict

    server = OperatorServer("127.0.0.1", 0, ready)
    await server.start()
    base = f"http://127.0.0.1:{server.port}"
    try:
        async with aiohttp.ClientSession() as http:
            async with http.get(f"{base}/metrics") as scraped:
                assert scraped.status == 200 and scraped.content_type == "text/plain"
                names = {family.name for family in text_string_to_metric_families(await scraped.text())}
            assert {"cardroom_moves_committed", "cardroom_answer_seconds", "process_resident_memory_bytes"} <= names
            async with http.get(f"{base}/healthz") as alive:
                assert alive.status == 200
            async with http.get(f"{base}/readyz") as ready_now:
                assert ready_now.status == 200 and "database: ok" in await ready_now.text()
            verdict = Readiness({"logged in": True, "database": False})
            async with http.get(f"{base}/readyz") as not_ready:
                assert not_ready.status == 503 and "database: failing" in await not_ready.text()
    finally:
        await server.stop()


def test_json_lines_carry_level_logger_message_ids_and_the_traceback() -> None:
    logger = logging.getLogger("cardroom.test.json")
    with json_lines("cardroom.test.json") as lines:
        with logs.in_context(guild_id=9, channel_id=500), logs.in_context(table_id=7, shard_id=None):
            logger.warning("table %s is slow", 7)
        try:
            raise RuntimeError("boom")
        except RuntimeError:
            logger.exception("unexpected", extra={"table_id": 8})
    first, second = lines
    assert {key: first[key] for key in ("level", "logger", "message", "guild_id", "channel_id", "table_id")} == {
        "level": "WARNING",
        "logger": "cardroom.test.json",
        "message": "table 7 is slow",
        "guild_id": 9,
        "channel_id": 500,
        "table_id": 7,
    }
    assert "shard_id" not in first and first["time"].endswith("+00:00")
    assert second["table_id"] == 8 and "guild_id" not in second  # the context ended with its block
    assert "RuntimeError: boom" in second["exception"]


@pytest.mark.parametrize("log_format", ["plain", "json"])
def test_configure_installs_one_handler_in_the_chosen_format(log_format: logs.LogFormat) -> None:
    root = logging.getLogger()
    before = list(root.handlers), root.level
    try:
        logs.configure("warning", log_format)
        assert len(root.handlers) == 1 and root.level == logging.WARNING
        formatter = root.handlers[0].formatter
        assert isinstance(formatter, logs.JsonFormatter) == (log_format == "json")
    finally:
        root.handlers[:] = before[0]
        root.setLevel(before[1])
