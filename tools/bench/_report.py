"""Machine facts, the readable report and the JSON figures."""

from __future__ import annotations

import os
import platform
import sqlite3
from importlib import metadata
from pathlib import Path
from typing import Any

from ._bare import FloorResult, Pragmas
from ._deadlines import queries_for
from ._games import beaten_floor
from ._load import LoadResult
from ._memory import HeldResult, StoredResult
from ._path import PathResult

TARGET_RATIO = 0.5  # the whole path at half its floor's rate or better
TARGET_P99_MS = 20.0
TARGET_PAUSE_MS = 50.0  # the longest collector pause with the table cache full
TARGET_CLICK_P99_MS = 50.0  # a click answered through the real bot process

SATURATED = 0.95  # achieved below this share of the offered rate: the load test ran a growing backlog


def _version(package: str) -> str:
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return "?"


def _filesystem(directory: Path) -> str:
    """The type of the filesystem holding `directory` (Linux /proc/mounts), for the fsync cost."""
    try:
        mounts = Path("/proc/mounts").read_text().splitlines()
    except OSError:
        return "?"
    best, kind = "", "?"
    resolved = str(directory.resolve())
    for line in mounts:
        parts = line.split()
        if len(parts) >= 3 and (resolved + "/").startswith(parts[1].rstrip("/") + "/") and len(parts[1]) > len(best):
            best, kind = parts[1], parts[2]
    return kind


def load_average() -> list[float] | None:
    """The machine's load average over 1, 5 and 15 minutes (None where the platform has none)."""
    try:
        return [round(value, 2) for value in os.getloadavg()]
    except OSError:  # not available on this platform
        return None


def machine(directory: Path) -> dict[str, Any]:
    """Facts about where the bench runs; call it before the run so the load average is other processes'."""
    return {
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "platform": platform.platform(),
        "cpu_count": os.cpu_count(),
        "sqlite": sqlite3.sqlite_version,
        "discord.py": _version("discord.py"),
        "aiosqlite": _version("aiosqlite"),
        "pydantic": _version("pydantic"),
        "database_dir": str(directory),
        "database_fs": _filesystem(directory),
        "load_average_before": load_average(),
    }


def figures(
    *,
    command: str,
    settings: dict[str, Any],
    facts: dict[str, Any],
    pragmas: Pragmas,
    path: PathResult,
    floor: FloorResult,
    loaded: LoadResult,
    full_cache: dict[str, Any],
    disk: StoredResult,
    memory: HeldResult,
    answers: dict[str, Any],
    deadlines: dict[str, Any],
) -> dict[str, Any]:
    ratio = path.per_second / floor.per_second  # path over the one-trip floor
    p99 = loaded.percentile(99)
    return {
        "moves_per_second": path.per_second,
        "path_per_s": path.per_second,
        "floor_per_s": floor.per_second,
        "ratio": ratio,
        "ratio_target": TARGET_RATIO,
        "ratio_target_met": ratio >= TARGET_RATIO,
        "p50_ms": loaded.percentile(50),
        "p90_ms": loaded.percentile(90),
        "p99_ms": p99,
        "max_ms": loaded.latencies_ms[-1] if loaded.latencies_ms else 0.0,
        "p99_target_ms": TARGET_P99_MS,
        "p99_target_met": 0 < p99 < TARGET_P99_MS,
        "offered_rate": loaded.offered_rate,
        "achieved_rate": loaded.achieved_rate,
        "p99_full_cache_ms": full_cache["p99_ms"],
        "max_pause_ms": full_cache["max_pause_ms"],
        "bytes_per_stored_game": disk.per_game,
        "state_json_bytes": path.state_bytes,
        "action_log_bytes_per_move": disk.action_bytes,
        "bytes_per_game_in_memory": memory.per_game,
        "bytes_kept_per_hand_answer": answers["components"]["per_answer"],
        "deadline_query_us": deadlines["clocks"]["earliest_query_us"],
        "deadline_burst_ms": deadlines["clocks"]["burst_seconds"] * 1000,
        "deadline_firing_ms": deadlines["clocks"]["per_firing_ms"],
        "deadline_firing_ratio": deadlines["per_firing_ratio"],
        "deadline_checks_ok": deadlines["clocks_ok"],
        "details": {
            "path": vars(path) | {"per_second": path.per_second},
            "floor": vars(floor) | {"per_second": floor.per_second},
            "load": {k: v for k, v in vars(loaded).items() if k != "latencies_ms"},
            "full_cache": full_cache,
            "stored": vars(disk) | {"per_game": disk.per_game},
            "in_memory": vars(memory) | {"per_game": memory.per_game},
            "pragmas": vars(pragmas),
            "hand_answers": answers,
            "deadlines": deadlines,
        },
        "machine": facts,
        "settings": settings,
        "command": command,
    }


def _met(flag: bool) -> str:
    return "met" if flag else "NOT met"


def _per_deadline(due: dict[str, Any]) -> str:
    disk = due["disk_bytes_per_deadline"]
    return "" if disk is None else f"; {disk:.1f} B of table and index pages per deadline"


def _ratio(value: float | None) -> str:
    return "?" if value is None else f"{value:.2f}"


def live_hands_text(live: dict[str, Any] | None) -> list[str]:
    """The one-live-hand registry's memory: per player after one hand, and after many (bounded: ratio ~1)."""
    if not live:
        return []
    return [
        f"  live hands    {live['per_player_first']:9.0f} B per player with one hand open ({live['players']} players);"
        f" after {live['opens']} opens each {live['per_player_last']:.0f} B (ratio {live['ratio']:.2f}),"
        f" {live['deleted']} replaced hands deleted, {live['live']} live"
    ]


def deadlines_text(due: dict[str, Any]) -> list[str]:
    clocks, small, lobbies = due["clocks"], due["clocks_small"], due["lobbies"]
    rounds = clocks["rounds"]
    others = clocks["games"] - clocks["due"]
    bursts = ", ".join(f"{b['seconds'] * 1000:.0f}" for b in clocks["bursts"])
    small_bursts = ", ".join(f"{b['seconds'] * 1000:.0f}" for b in small["bursts"])
    checks = (
        f"{clocks['fired']:,} fired, each game once; {clocks['advanced_one_version']:,} advanced exactly one version,"
        f" {clocks['default_actions']:,} with their default action logged; the passes after each burst fired"
        f" {clocks['fired_again']}; the other {others:,} games unchanged: {'ok' if due['clocks_ok'] else 'FAILED'}"
    )
    return [
        f"4. Deadlines: {due['pending']:,} pending, {due['burst']:,} due at once",
        f"  clocks        {clocks['games']:,} running 2-player Pairs games hold {clocks['pending']:,} deadline rows"
        f" (a remind and an expire each; the {clocks['due']:,} that run out of time hold their expire only:"
        f" {rounds} bursts of {clocks['burst']:,}, one after the other)",
        f"  scheduler     {clocks['scheduler_heap_bytes']:9,} B of Python heap in all (no deadline is held in memory)"
        + _per_deadline(clocks),
        f"  earliest      {clocks['earliest_query_us']:9.1f} µs per query for the earliest deadline (median of"
        f" {queries_for(due['pending']):,} before each burst; one step down the index);"
        f" {small['earliest_query_us']:.1f} µs with"
        f" {small['pending']:,} pending, timed in alternation: ratio {_ratio(due['earliest_query_ratio'])}",
        f"  burst         {clocks['burst_seconds'] * 1000:9.1f} ms to fire {clocks['burst']:,} expiries through"
        f" ClockService.expire, each the engine's default move committed with its deadline consumed:"
        f" {clocks['per_firing_ms']:.2f} ms each (median of {rounds} bursts: {bursts} ms)",
        f"  small n       {small['burst_seconds'] * 1000:9.1f} ms for the same with only the {small['pending']:,} due"
        f" pending ({small_bursts} ms, each after the one above): {small['per_firing_ms']:.2f} ms each;"
        f" ratio {_ratio(due['per_firing_ratio'])} ({clocks['pending']:,} pending against {small['pending']:,})",
        f"  checks        {checks}",
        f"  lobbies       {lobbies['burst_seconds'] * 1000:9.1f} ms to fire {lobbies['fired']:,} of"
        f" {lobbies['pending']:,} pending lobby expiries ({lobbies['per_firing_ms']:.2f} ms each, closing its lobby);"
        f" heap {lobbies['scheduler_heap_bytes']:,} B"
        + _per_deadline(lobbies)
        + f"; earliest {lobbies['earliest_query_us']:.1f} µs",
    ]


def full_cache_text(result: dict[str, Any], full: dict[str, Any]) -> list[str]:
    """Section 2's run with the table cache full."""
    passes = full["collections"][2]
    return [
        f"  cache full    the same load with {full['tables']:,} open tables in the database and the cache at its"
        f" bound ({full['held_before']:,} of {full['cache_size']:,} held, {full['held_built_after']:,} built after)",
        f"                p50 {full['p50_ms']:.2f} ms   p99 {result['p99_full_cache_ms']:.2f} ms"
        f"   max {full['max_ms']:.2f} ms; p99 target < {TARGET_P99_MS:g} ms:"
        f" {_met(0 < result['p99_full_cache_ms'] < TARGET_P99_MS)}",
        f"                longest collector pause {result['max_pause_ms']:.1f} ms (target <= {TARGET_PAUSE_MS:g} ms:"
        f" {_met(result['max_pause_ms'] <= TARGET_PAUSE_MS)}); {passes} full passes, longest"
        f" {full['longest_pause_ms'][2]:.1f} ms; event loop stalled at most {full['loop_stall_max_ms']:.1f} ms;"
        f" {full['rebuilt_during_run']:,} cold tables rebuilt",
    ]


def text(result: dict[str, Any]) -> str:
    d = result["details"]
    m = result["machine"]
    path, floor, load, disk, held = d["path"], d["floor"], d["load"], d["stored"], d["in_memory"]
    answers = d["hand_answers"]
    ours, plain = answers["components"], answers["ordinary_view"]
    pragmas = d["pragmas"]
    sync = {0: "OFF", 1: "NORMAL", 2: "FULL", 3: "EXTRA"}.get(pragmas["synchronous"], pragmas["synchronous"])
    dbstat = disk["actions_table_bytes"]
    stages = ", ".join(f"{name} {ms:.2f} ms" for name, ms in path["stages_ms"].items())
    cpu = path["cpu_seconds"] / path["moves"] * 1000
    saturated = []
    if result["achieved_rate"] < SATURATED * result["offered_rate"]:
        saturated.append(
            f"  saturated: only {result['achieved_rate']:.0f} of the {result['offered_rate']:g} moves/s offered got"
            " through; the growing backlog makes most of this latency"
        )
    lines = [
        "Cardroom bench",
        f"  machine   {m['python']}, {m['cpu_count']} CPUs, SQLite {m['sqlite']}, {m['platform']}",
        f"            discord.py {m['discord.py']}, aiosqlite {m['aiosqlite']}, pydantic {m['pydantic']}",
        f"            load average before the run (1, 5, 15 min): {m['load_average_before']}"
        " (other processes share these CPUs and disk)",
        f"  database  {m['database_dir']} ({m['database_fs']}), journal_mode={pragmas['journal_mode']},"
        f" synchronous={sync}",
        "",
        "1. Throughput, one move after another (3-player Pairs, a new game in a new channel when one ends)",
        f"  whole path    {result['moves_per_second']:9.1f} moves/s   ({path['moves']} moves over {path['games']}"
        f" games; mean {path['mean_ms']:.2f} ms, median {path['median_ms']:.2f} ms)",
        f"  floor         {result['floor_per_s']:9.1f} commits/s ({floor['commits']} of the same moves committed again"
        " by a plain program, each in one transaction sent in one trip: the table row and log,"
        f" {floor['clock_rows']:.1f} clock rows a move, {floor['endings']} game ends with their results and ratings;"
        f" state {floor['state_bytes']:.0f} B)",
        f"  where         {stages}; event-loop CPU {cpu:.2f} ms of {path['mean_ms']:.2f} ms per move",
        f"  ratio         {result['ratio']:9.2f}   whole path / floor; target >= {result['ratio_target']}:"
        f" {_met(result['ratio_target_met'])}{beaten_floor(result['ratio'])}",
        f"  sizes         gateway frame {path['frame_bytes']:.0f} B, answers sent {path['sent_bytes']:.0f} B per move",
        "",
        f"2. Latency, open loop: {load['offered_rate']:g} moves/s offered across {load['games']} games"
        f" for {load['duration']:g} s",
        f"  p50 {result['p50_ms']:.2f} ms   p90 {result['p90_ms']:.2f} ms   p99 {result['p99_ms']:.2f} ms"
        f"   max {result['max_ms']:.2f} ms",
        f"  p99 target < {result['p99_target_ms']:g} ms: {_met(result['p99_target_met'])}",
        *saturated,
        f"  achieved {result['achieved_rate']:.1f} moves/s ({load['completed']} of {load['arrivals']} arrivals"
        f" completed; {load['queued']} waited for a free game, {load['errors']} errors,"
        f" {load['opened_during_run']} games opened during the run)",
        *full_cache_text(result, d["full_cache"]),
        "",
        "3. Memory",
        f"  stored        {result['bytes_per_stored_game']:9.0f} B per game ({disk['games']} games, {disk['finished']}"
        f" finished, {disk['actions']} moves; {disk['file_bytes']} B incl. WAL {disk['wal_bytes']} B after checkpoint)",
        f"  state JSON    {result['state_json_bytes']:9.0f} B per committed state (mean over the throughput moves)",
        f"  action log    {result['action_log_bytes_per_move']:9.1f} B of action JSON per move"
        + (f", {dbstat:.1f} B of table pages per move" if dbstat is not None else ""),
        f"  in memory     {result['bytes_per_game_in_memory']:9.0f} B per game (tracemalloc, Tables cache of"
        f" {held['tables']} open tables)",
        f"  hand answers  {ours['per_answer']:9.0f} B kept per 'My hand' answer ({answers['answers']} answers through"
        f" discord.py, {ours['views_listening']} views kept); the same items in an ordinary View:"
        f" {plain['per_answer']:.0f} B ({plain['views_listening']} views kept 15 minutes)",
        *live_hands_text(answers.get("live_hands")),
        "",
        *deadlines_text(d["deadlines"]),
        "",
        f"Reproduce: {result['command']}",
    ]
    return "\n".join(lines)


def process_text(process: dict[str, Any]) -> str:
    """The real-process section: clicks answered through `python -m bot` and the loopback Discord."""
    kinds = process["by_kind"]
    cpu = process["bot_cpu_ms_per_click"]
    return "\n".join(
        [
            f"P. Clicks through the real bot process: {process['games']} {process['game']} games at"
            f" {process['tables']} tables at once, {process['moves']} moves in {process['seconds']:.1f} s"
            f" (load average before {process['load_average_before']}, after {process['load_average_after']})",
            f"  every click ({process['clicks']}, {process['unanswered']} unanswered): p50"
            f" {process['click_p50_ms']:.1f} ms, p99 {process['click_p99_ms']:.1f} ms, max"
            f" {process['click_max_ms']:.1f} ms (target p99 < {TARGET_CLICK_P99_MS:.0f} ms)",
            *(
                f"  {kind:5s} ({figures['count']}): p50 {figures['p50_ms']:.1f} ms, p99 {figures['p99_ms']:.1f} ms"
                for kind, figures in kinds.items()
            ),
            f"  the bot process's CPU: {'?' if cpu is None else f'{cpu:.1f}'} ms a click (its answers, the table"
            " edits, the bell and the hands it replaces)",
        ]
    )
