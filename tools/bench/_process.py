"""Clicks answered through the real bot process: whole games of Pairs played against the loopback Discord.

The stand-in (`tools.standin`) serves Discord's REST API and gateway on 127.0.0.1; the bot is `python -m bot run`,
a process of its own, configured as the end-to-end tests configure it, its database a SQLite file in the bench's
directory. Several tables play at once, each in its own channel with three players of its own. A player plays as a
person does: when the table message says it is waiting for them, they open their hand ("My hand") and click one of
its moves (yes too, when a costly move asks first); the stand-in lets nobody click sooner than its reaction time
after what they click on changed. Every game starts from `/play`, two joins and the host's Start.

A click's latency is the stand-in's `ack_latency`: from the interaction's creation (when the stand-in hands it to
the gateway) to the bot's callback reaching the stand-in, so the gateway frame, discord.py, the handler and the
answer's HTTP request are all inside it. Every button click of the run counts: lobby, "My hand", moves.
"""

from __future__ import annotations

import asyncio
import os
import random
import sys
import time
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from tools.standin import BotProcess, InteractionType, StandIn
from tools.standin.model import Channel, Message, User
from tools.standin.players import (
    HAND,
    MOVE,
    OVER,
    answered,
    enabled_actions,
    footer,
    open_hand,
    play_from_hand,
    waiting_for,
)

from ._computers import percentile
from ._report import load_average

TOKEN = "cardroom-bench-token"
GAME = "pairs"
SEATS = 3
TABLES, GAMES = 4, 3  # tables played at once, games played at each, one after the other
QUICK_TABLES, QUICK_GAMES = 1, 1
REACTION = 0.15  # seconds between a message changing and a click on it (the stand-in's default)
EDIT_DELAY = "0.05"  # the table edits' pace, as the end-to-end tests set it
HIT = 0.8  # a player takes the first move offered (Pairs: hit) this often, else any
WAIT = 30.0  # seconds a player waits for the table to show a move before the run fails
READY = 60.0  # seconds the bot gets to connect and register its commands


def process_counts(quick: bool) -> tuple[int, int]:
    """(tables, games at each) of a run: one short game when quick."""
    return (QUICK_TABLES, QUICK_GAMES) if quick else (TABLES, GAMES)


@dataclass(frozen=True)
class Ui:
    """The custom_id prefixes of the buttons a player clicks: today's bot draws these; a comparison with an older
    bot, whose ids differed, passes that bot's."""

    hand: str = HAND
    move: str = MOVE
    lobby: str = "lobby:"


@dataclass
class Table:
    """One channel's table and the three people who play there, the first one hosting."""

    channel: Channel
    seats: list[User]
    moves: int = 0
    games: int = 0


def bot_env(discord: StandIn, database: Path, bot_root: Path | None) -> dict[str, str]:
    """The bot's whole configuration, as the end-to-end tests give it (text card faces: no emoji uploads)."""
    env = {
        "DISCORD_TOKEN": TOKEN,
        "CARDROOM_API_BASE_URL": discord.base_url,
        "CARDROOM_DATABASE": str(database),
        "CARDROOM_TABLE_EDIT_DELAY": EDIT_DELAY,
        "CARDROOM_LOG_LEVEL": "INFO",
        "CARDROOM_EMOJIS": "0",
    }
    if bot_root is not None:  # another checkout's bot, run with this environment's interpreter
        env["PYTHONPATH"] = str(bot_root)
    return env


def _choose(enabled: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    return enabled[0] if rng.random() < HIT else rng.choice(enabled)


async def _open_table(discord: StandIn, table: Table, ui: Ui) -> Message:
    """`/play`, the two guests join, and the host starts once the lobby shows Start enabled: the table."""
    host, *guests = table.seats
    lobby = await answered(await discord.slash(host, table.channel, "play", {"game": GAME}))
    table_id, _ = footer(lobby)
    for guest in guests:
        lobby = await answered(await discord.click(guest, lobby, f"{ui.lobby}{table_id}:join"))
    start = f"{ui.lobby}{table_id}:start"
    await discord.wait_for(
        lambda: not (discord.get_message(lobby.id) or lobby).component(start).get("disabled"),
        timeout=WAIT,
        what="the lobby's Start enabled",
    )
    return await answered(await discord.click(host, lobby, start))


async def _play_out(discord: StandIn, table: Table, message: Message, rng: random.Random, ui: Ui) -> None:
    """Play the table's game to its end: whoever is next opens their hand from the table message and moves.

    Who is next is read where a person reads it: in the mover's hand as answered ("Waiting for ..."), else on the
    table message once it shows the last move (Discord lets the bot edit it about once a second)."""
    by_name = {user.name: user for user in table.seats}
    shown, names = footer(message)[1], list[str]()
    while True:
        if not names:
            current = await discord.wait_for(
                partial(_showing, discord, message, shown), timeout=WAIT, what=f"the table at move {shown}"
            )
            if any(marker in current.text for marker in OVER):
                table.games += 1
                return
            names = waiting_for(current)
        user = by_name[rng.choice(names)]
        hand = await open_hand(discord, discord.get_message(message.id) or message, user, ui.hand)
        _, version = footer(hand)
        enabled = enabled_actions(hand, ui.move)
        if not enabled:  # not this player's move after all: read the table once it shows the hand's version
            shown, names = max(shown, version), []
            continue
        updated = await play_from_hand(discord, user, hand, _choose(enabled, rng), version, ui.move)
        table.moves += 1
        shown = footer(updated)[1]
        names = _next(updated)


def _next(hand: Message) -> list[str]:
    """Whom a hand says the table waits for now (none once the game is over, or if it does not say)."""
    if any(marker in hand.text for marker in OVER):
        return []
    try:
        return waiting_for(hand)
    except AssertionError:
        return []


def _showing(discord: StandIn, message: Message, version: int) -> Message | None:
    current = discord.get_message(message.id) or message
    return current if footer(current)[1] >= version else None


async def _play_table(discord: StandIn, table: Table, games: int, rng: random.Random, ui: Ui) -> None:
    for _ in range(games):
        await _play_out(discord, table, await _open_table(discord, table, ui), rng, ui)


def _latencies(discord: StandIn, ui: Ui) -> dict[str, list[float]]:
    """Every answered button click's latency (ms), all of them and by what was clicked."""
    kinds: dict[str, list[float]] = {"all": [], "hand": [], "move": [], "lobby": [], "other": []}
    prefixes = (("hand", ui.hand), ("move", ui.move), ("lobby", ui.lobby))
    for interaction in discord.interactions:
        latency = interaction.ack_latency
        if interaction.type != InteractionType.MESSAGE_COMPONENT or latency is None:
            continue
        custom_id = str(interaction.payload["data"]["custom_id"])
        kind = next((kind for kind, prefix in prefixes if custom_id.startswith(prefix)), "other")
        kinds["all"].append(latency * 1000)
        kinds[kind].append(latency * 1000)
    return kinds


def _cpu_seconds(pid: int | None) -> float | None:
    """The CPU time (user and system) process `pid` has used so far, from Linux's /proc; None elsewhere."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime, stime: fields 14 and 15


async def process_bench(
    directory: Path,
    *,
    tables: int = TABLES,
    games: int = GAMES,
    seed: int = 1,
    bot_root: Path | None = None,
    ui: Ui | None = None,
    validate_openapi: bool = False,
    command: list[str] | None = None,
) -> dict[str, Any]:
    """Play `games` games at each of `tables` tables at once through a bot process; the clicks' latencies.

    `bot_root` runs another checkout's bot (before/after comparisons), `command` another start command (a
    profiler around the bot). The stand-in checks the bot's bodies against Discord's OpenAPI specification only
    with `validate_openapi`: that check runs in this process, inside the latency it measures.
    """
    ui = ui or Ui()
    rng = random.Random(seed)
    database = directory / "process.sqlite3"
    load_before = load_average()
    async with StandIn(token=TOKEN, reaction_time=REACTION, validate_openapi=validate_openapi) as discord:
        guild = discord.add_guild("Bench")
        seated = [
            Table(
                discord.add_channel(guild, f"table-{t}"),
                [discord.add_user(f"p{t}x{s}", locale="en-US") for s in range(SEATS)],
            )
            for t in range(tables)
        ]
        bot = BotProcess(
            command or [sys.executable, "-m", "bot", "run"],
            env=bot_env(discord, database, bot_root),
            cwd=directory,  # no developer .env is read
            log_path=directory / "process-bot.log",
        )
        async with bot:
            discord.watch(bot)
            await discord.wait_until_ready(timeout=READY)
            await discord.wait_for_commands("play", timeout=READY)
            pid = bot.proc.pid if bot.proc is not None else None
            cpu_before, started = _cpu_seconds(pid), time.perf_counter()
            await asyncio.gather(
                *(_play_table(discord, table, games, random.Random(rng.random()), ui) for table in seated)
            )
            elapsed, cpu_after = time.perf_counter() - started, _cpu_seconds(pid)
            discord.unwatch(bot)
        latencies = _latencies(discord, ui)
        unanswered = sum(1 for i in discord.interactions if i.acked_at is None)
    clicks = latencies["all"]
    return {
        "game": GAME,
        "tables": tables,
        "games": sum(table.games for table in seated),
        "moves": sum(table.moves for table in seated),
        "seconds": round(elapsed, 2),
        "clicks": len(clicks),
        "unanswered": unanswered,
        "click_p50_ms": round(percentile(clicks, 50), 2),
        "click_p99_ms": round(percentile(clicks, 99), 2),
        "click_max_ms": round(max(clicks, default=0.0), 2),
        "by_kind": {
            kind: {
                "count": len(values),
                "p50_ms": round(percentile(values, 50), 2),
                "p99_ms": round(percentile(values, 99), 2),
            }
            for kind, values in latencies.items()
            if kind != "all" and values
        },
        "bot_cpu_ms_per_click": None
        if cpu_before is None or cpu_after is None or not clicks
        else round((cpu_after - cpu_before) * 1000 / len(clicks), 2),
        "validate_openapi": validate_openapi,
        "load_average_before": load_before,
        "load_average_after": load_average(),
    }
