"""Two bot processes split the servers by shard, on one shared database: process A runs shard 0 of 2, process B
shard 1, a table is played in a server of each; B is SIGKILLed mid-game and restarted, its game goes on with
nothing lost, and a lobby's expiry that falls due while B is down fires exactly once."""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from collections import Counter
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from bot.emojis import load_manifest
from tests.e2e.e2e_support import TOKEN, World, answered, footer, in_step, start_game, take_turn
from tools.standin import BotProcess, Perm, StandIn
from tools.standin.model import Message, User

EXPIRY = "3"  # seconds before a lobby nobody started closes itself
CLOSED = "closed by itself"


@asynccontextmanager
async def two_servers(tmp: Path) -> AsyncIterator[tuple[World, World]]:
    """A loopback Discord recommending 2 shards, with one server on each; the same people in both."""
    async with StandIn(token=TOKEN, shards=2, reaction_time=0.05) as discord:
        first = discord.add_guild("First", shard=(0, 2))
        second = discord.add_guild("Second", shard=(1, 2))
        worlds = []
        for guild in (first, second):
            channel = discord.add_channel(guild, "tables")
            other = discord.add_channel(guild, "lobbies")
            thread = discord.add_thread(channel, "night")
            worlds.append((channel, other, thread))
        people = {
            name: discord.add_user(name, locale="en-US", permissions=perms)
            for name, perms in (("alice", None), ("bob", None), ("carol", None), ("dan", None))
        }
        mod = discord.add_user("mod", locale="en-US", permissions=Perm.MANAGE_CHANNELS)
        a, b = (World(discord, tmp, c, o, t, **people, mod=mod) for c, o, t in worlds)
        yield a, b


def process(shard: int, database: str) -> dict[str, str]:
    """The settings of the process running `shard` of 2."""
    return {
        "CARDROOM_SHARD_COUNT": "2",
        "CARDROOM_SHARD_IDS": str(shard),
        "CARDROOM_DATABASE": database,
        "CARDROOM_LOBBY_EXPIRY": EXPIRY,
        "CARDROOM_EMOJIS": "1",  # shard 0's process uploads them, the other follows
    }


async def started_pairs(w: World) -> Message:
    lobby = await answered(await w.discord.slash(w.alice, w.channel, "play", {"game": "pairs"}))
    table_id, _ = footer(lobby)
    await answered(await w.discord.click(w.bob, lobby, f"lobby:{table_id}:join"))
    return await start_game(w, w.alice, lobby)


def moves(w: World, table_id: int) -> tuple[int, int]:
    """(committed version, rows in the action log) of a game."""
    return w.version(table_id), w.log_length(table_id)


async def kill(w: World, bot: BotProcess) -> None:
    w.discord.unwatch(bot)
    await bot.crash()  # no goodbye: a crash


async def test_two_processes_split_the_servers_survive_a_kill_and_fire_a_deadline_once(tmp_path: Path) -> None:
    async with two_servers(tmp_path) as (a, b):
        database = a.database  # both processes share the test's database (a SQLite file)
        discord = a.discord
        users: dict[str, User] = {"alice": a.alice, "bob": a.bob}
        rng, rng_b = random.Random(7), random.Random(8)
        async with a.running("a", **process(0, database)) as bot_a, contextlib.AsyncExitStack() as stopping:
            bot_b = await b.bot("b1", **process(1, database)).start()
            stopping.push_async_callback(bot_b.stop)
            discord.watch(bot_b)
            await discord.wait_until_ready(shard=1, timeout=30)
            assert discord.gateway.connected_shards == [(0, 2), (1, 2)]
            assert discord.gateway.identified_shards == [[0, 2], [1, 2]]

            table_a = await started_pairs(a)
            table_b = await started_pairs(b)
            game_b = footer(table_b)[0]
            for _ in range(2):  # both processes write to the one database at the same time
                await asyncio.gather(take_turn(a, table_a, users, rng), take_turn(b, table_b, users, rng_b))
            lobby = await answered(await b.discord.slash(b.carol, b.other_channel, "play", {"game": "pairs"}))
            lobby_id, _ = footer(lobby)
            lobby_version = b.version(lobby_id)
            await discord.wait_for(  # B knows the lobby's message (a crash before that orphans it)
                lambda: b.query("SELECT table_message_id FROM tables WHERE id = ?", lobby_id) == [(lobby.id,)],
                what="the lobby's message stored",
            )

            # B dies mid-game; A goes on serving its own server meanwhile.
            table_b = await in_step(b, table_b)
            before = moves(b, game_b)
            await kill(b, bot_b)
            await discord.wait_for(lambda: discord.gateway.connected_shards == [(0, 2)], what="shard 1 gone")
            unanswered = await discord.slash(b.alice, b.channel, "log")  # shard 1's: nobody else may take it
            await take_turn(a, table_a, users, rng)
            assert moves(b, game_b) == before
            # The lobby's expiry falls due while B is down.
            ((due_at,),) = b.query("SELECT due_at FROM deadlines WHERE table_id = ? AND kind = 'lobby'", lobby_id)
            await asyncio.sleep(max(0.0, due_at - time.time()) + 0.2)

            bot_b = await b.bot("b2", **process(1, database)).start()
            stopping.push_async_callback(bot_b.stop)
            discord.watch(bot_b)
            await discord.wait_until_ready(shard=1, timeout=30)
            table_b = await in_step(b, table_b)  # the restarted B brought it up to date
            await take_turn(b, table_b, users, rng_b)
            assert moves(b, game_b) == (before[0] + 1, before[1] + 1)  # nothing lost, nothing doubled
            await take_turn(a, table_a, users, rng)

            # The lobby's expiry fired once, whoever fired it (A, while B was down, or B at its restart).
            await discord.wait_for(
                lambda: CLOSED in (discord.get_message(lobby.id) or lobby).text, timeout=15, what="the lobby closed"
            )
            assert b.query("SELECT status, version FROM tables WHERE id = ?", lobby_id) == [
                ("aborted", lobby_version + 1)
            ]
            assert b.query("SELECT COUNT(*) FROM deadlines WHERE table_id = ?", lobby_id) == [(0,)]
            closed = discord.get_message(lobby.id) or lobby
            assert sum(CLOSED in str(version) for version in closed.history) == 1  # shown closed once
            logs = [tmp_path / f"{name}.log" for name in ("a", "b1", "b2")]
            fired = sum(log.read_text().count(f"Lobby {lobby_id} closed itself") for log in logs)
            assert fired == 1

            # Once for the whole bot: the commands and the emoji uploads came from A only.
            assert discord.command_syncs == 1
            manifest = set(load_manifest().emojis)
            await discord.wait_for(lambda: set(discord.emoji_uploads) >= manifest, timeout=60, what="every upload")
            uploads = Counter(discord.emoji_uploads)
            assert set(uploads) == manifest and set(uploads.values()) == {1}
            for log in logs[1:]:
                text = log.read_text()
                assert "Running shard 1 of 2" in text and "process running shard 0's to register" in text
            assert "Running shard 0 of 2" in bot_a.output
            assert not any("database is locked" in log.read_text() for log in logs)
            # The interaction of shard 1's server sent while B was down never reached A.
            assert unanswered.delivered_at is None and unanswered.callback is None
        discord.assert_clean()
