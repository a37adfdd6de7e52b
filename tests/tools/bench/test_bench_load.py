"""Section 2's run with the table cache full, at small counts: the cache is at its bound before the first arrival,
and the collector's pauses and the event loop's stalls are seen. It measures; nothing here judges a timing."""

from __future__ import annotations

import asyncio
import gc
import time
from pathlib import Path

from tools.bench._load import PauseWatch, full_cache_load
from tools.bench._report import full_cache_text


async def test_the_watch_sees_a_collection_and_a_stall() -> None:
    watch = PauseWatch()
    watch.start()
    await asyncio.sleep(0.02)
    gc.collect()
    time.sleep(0.06)  # noqa: ASYNC251 - the event loop blocked on purpose
    await asyncio.sleep(0.02)
    await watch.stop()
    figures = watch.figures()
    assert figures["collections"][2] >= 1 and figures["max_pause_ms"] > 0
    assert figures["loop_stall_max_ms"] >= 50
    assert watch._collecting not in gc.callbacks


async def test_the_load_runs_with_the_cache_full(tmp_path: Path) -> None:
    result = await full_cache_load(tmp_path, tables=120, cache_size=30, games=3, rate=40.0, duration=0.3)
    assert result["held_before"] == result["held_after"] == 30  # at its bound before and after the run
    load = result["load"]
    assert load["errors"] == 0 and load["completed"] == load["arrivals"] == 12
    assert 0 < result["p50_ms"] <= result["p99_ms"] <= result["max_ms"]
    assert sum(result["collections"]) > 0 and result["max_pause_ms"] > 0
    assert result["gc_tracked_objects"] > 0 and result["gc_full_pass_ms"] > 0
    lines = full_cache_text({"p99_full_cache_ms": result["p99_ms"], "max_pause_ms": result["max_pause_ms"]}, result)
    assert "120 open tables" in lines[0] and "collector pause" in lines[2]
