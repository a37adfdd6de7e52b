"""A Discord world for end-to-end tests: the loopback stand-in, its users, and the real bot process."""

from __future__ import annotations

import contextlib
import random
import re
import sqlite3
import sys
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.support.databases import migrated_sqlite_file
from tests.support.zygote import BOT_ZYGOTE
from tools.standin import BotProcess, Perm, StandIn, players
from tools.standin.model import Channel, Message, User

# The player's side, shared with the bench's real-process section; the tests import these from here too.
from tools.standin.players import CONFIRM as CONFIRM
from tools.standin.players import OVER as OVER
from tools.standin.players import Chooser as Chooser
from tools.standin.players import answered as answered
from tools.standin.players import any_enabled as any_enabled
from tools.standin.players import button as button
from tools.standin.players import enabled_actions as enabled_actions
from tools.standin.players import footer as footer
from tools.standin.players import waiting_for as waiting_for

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "cardroom-e2e-token"


class SqliteFile:
    """The bots' database (`CARDROOM_DATABASE`), a SQLite file, and the test's own synchronous window on it: the
    test reads the rows straight from it (its oracle), and now and then writes one (the state a crash would leave).
    End-to-end tests run on SQLite only; both back ends are checked by the storage and service tests."""

    def __init__(self, path: Path) -> None:
        self.location = str(path)

    def query(self, sql: str, params: Sequence[object]) -> list[tuple[Any, ...]]:
        with contextlib.closing(sqlite3.connect(self.location)) as db:
            return db.execute(sql, params).fetchall()

    def execute(self, sql: str, params: Sequence[object]) -> int:
        """Run one write, committed at once; the number of rows it changed."""
        with contextlib.closing(sqlite3.connect(self.location)) as db, db:
            return int(db.execute(sql, params).rowcount)


@dataclass
class World:
    discord: StandIn
    tmp: Path
    channel: Channel
    other_channel: Channel
    thread: Channel
    alice: User  # English
    bob: User  # French
    carol: User  # English
    dan: User  # not playing
    mod: User  # Manage Channels

    edit_delay: str = "0.05"  # fast table edits keep the tests quick; the coalescing test uses the default
    db: SqliteFile = field(init=False)  # the bots' database, a SQLite file in the test's directory

    def __post_init__(self) -> None:
        self.db = SqliteFile(self.tmp / "cardroom.sqlite3")

    @property
    def database(self) -> str:
        """`CARDROOM_DATABASE`: the SQLite file's path."""
        return self.db.location

    def env(self, **extra: str) -> dict[str, str]:
        return {
            "DISCORD_TOKEN": TOKEN,
            "CARDROOM_API_BASE_URL": self.discord.base_url,
            "CARDROOM_DATABASE": self.database,
            "CARDROOM_TABLE_EDIT_DELAY": self.edit_delay,
            "CARDROOM_LOG_LEVEL": "INFO",
            "CARDROOM_EMOJIS": "0",  # text faces: the card emoji tests turn the uploads on (325 at each first start)
            **extra,
        }

    def bot(self, name: str = "bot", **extra_env: str) -> BotProcess:
        return BotProcess(
            [sys.executable, "-m", "bot", "run"],
            env=self.env(**extra_env),
            cwd=self.tmp,  # no developer .env is read: the test's environment is the whole configuration
            log_path=self.tmp / f"{name}.log",
            zygote=BOT_ZYGOTE,
        )

    @asynccontextmanager
    async def running(self, name: str = "bot", **extra_env: str) -> AsyncIterator[BotProcess]:
        """The bot process, connected and with its commands registered; stopped (or reaped) on exit."""
        bot = await self.bot(name, **extra_env).start()
        try:
            self.discord.watch(bot)
            await self.discord.wait_until_ready(timeout=30)
            await self.discord.wait_for_commands("play", "hand", "rules", "leaderboard", "abort", timeout=30)
            yield bot
        finally:
            self.discord.unwatch(bot)
            await bot.stop()

    def query(self, sql: str, *params: object) -> list[tuple[Any, ...]]:
        """Rows read straight from the bots' database: the tests' oracle (`?` placeholders)."""
        return self.db.query(sql, params)

    def execute(self, sql: str, *params: object) -> int:
        """One write straight to the bots' database, committed at once (`?` placeholders); the rows it changed."""
        return self.db.execute(sql, params)

    def version(self, table_id: int) -> int:
        """The committed version of a game, read from the database (the test's oracle)."""
        return int(self.query("SELECT version FROM tables WHERE id = ?", table_id)[0][0])

    def log_length(self, table_id: int) -> int:
        return int(self.query("SELECT COUNT(*) FROM actions WHERE table_id = ?", table_id)[0][0])


RATE_LIMIT_WINDOW_SCALE = 0.2


@asynccontextmanager
async def world(tmp: Path, **standin_options: object) -> AsyncIterator[World]:
    standin_options.setdefault("reaction_time", 0.05)
    # Discord's channel limits (5 messages or edits per 5 s) with their time run five times faster: the bot paces
    # itself by the headers, so the tests wait a fifth as long; a test of the limits themselves keeps real windows.
    if not standin_options.get("enforce_rate_limits"):
        standin_options.setdefault("rate_limit_window_scale", RATE_LIMIT_WINDOW_SCALE)
    async with StandIn(token=TOKEN, **standin_options) as discord:  # type: ignore[arg-type]
        guild = discord.add_guild("Parlor")
        channel = discord.add_channel(guild, "tables")
        other = discord.add_channel(guild, "other-tables")
        thread = discord.add_thread(channel, "pairs-night")
        world = World(
            discord=discord,
            tmp=tmp,
            channel=channel,
            other_channel=other,
            thread=thread,
            alice=discord.add_user("alice", locale="en-US"),
            bob=discord.add_user("bob", locale="fr"),
            carol=discord.add_user("carol", locale="en-GB"),
            dan=discord.add_user("dan", locale="en-US"),
            mod=discord.add_user("mod", locale="en-US", permissions=Perm.MANAGE_CHANNELS),
        )
        # The bots find their database migrated, as at every start after the first (the migrations are the storage
        # tests'; migrating a new file costs each first start about 50 ms of CPU).
        await migrated_sqlite_file(Path(world.database))
        yield world


async def open_lobby(w: World, host: User, game: str, options: dict[str, str]) -> Message:
    """/play `game` in the main channel, then the host picks `options` in their private table options panel."""
    lobby = await answered(await w.discord.slash(host, w.channel, "play", {"game": game}))
    assert not lobby.ephemeral
    table_id, _ = footer(lobby)
    if options:
        panel = await answered(await w.discord.click(host, lobby, f"lobby:{table_id}:options"))
        assert panel.ephemeral and panel.visible_to == host.id, panel.text
        for field, value in options.items():
            panel = await answered(await w.discord.select(host, panel, f"option:{table_id}:{field}", [value]))
        await lobby_in_step(w, table_id)
    return w.discord.get_message(lobby.id) or lobby


async def start_game(w: World, user: User, lobby: Message) -> Message:
    """`user` (the host, or someone the test expects refused) clicks the lobby's Start once the channel's message
    shows it enabled, as a person clicks what they see (an edit drawn before the last join may land after that join's
    answer, and be drawn again): the message the answer updated."""
    table_id, _ = footer(lobby)
    start = f"lobby:{table_id}:start"
    await w.discord.wait_for(
        lambda: not (w.discord.get_message(lobby.id) or lobby).component(start).get("disabled"),
        timeout=10,
        what="the lobby's Start enabled",
    )
    return await answered(await w.discord.click(user, lobby, start))


async def lobby_in_step(w: World, table_id: int) -> None:
    """Wait until the game's channel message shows its committed version (the lobby follows its settings)."""

    def shown() -> bool:
        rows = w.query("SELECT shown_version, version FROM tables WHERE id = ?", table_id)
        return bool(rows) and rows[0][0] == rows[0][1]

    await w.discord.wait_for(shown, timeout=10, what="the lobby in step")


async def in_step(w: World, table: Message) -> Message:
    """The table message once it shows the committed version of its game."""
    table_id, _ = footer(table)
    committed = w.version(table_id)
    await w.discord.wait_for(
        lambda: footer(w.discord.get_message(table.id) or table)[1] == committed, timeout=10, what="table in step"
    )
    return w.discord.get_message(table.id) or table


async def take_turn(
    w: World, table: Message, users: dict[str, User], rng: random.Random, choose: Chooser = any_enabled
) -> None:
    """One player the table is waiting for opens their hand privately and clicks one of its enabled actions."""
    table = await in_step(w, table)
    _, version = footer(table)
    user = users[rng.choice(waiting_for(table))]
    hand = await open_hand(w, table, user)
    enabled = enabled_actions(hand)
    assert enabled, hand.text
    await play_from_hand(w, user, hand, choose(enabled, rng), version)
    await w.discord.wait_for(
        lambda: footer(w.discord.get_message(table.id) or table)[1] >= version + 1, timeout=10, what="table edit"
    )


async def open_hand(w: World, table: Message, user: User) -> Message:
    """`user` clicks the table's "My hand" and gets their hand, which only they see (never in the channel)."""
    hand = await players.open_hand(w.discord, table, user)
    assert hand not in w.discord.channel_messages(w.channel)
    return hand


async def play_from_hand(w: World, user: User, hand: Message, pick: dict[str, Any], version: int) -> None:
    """`user` clicks `pick` on their `hand` (yes too when it asks first); committed at the version after `version`."""
    await players.play_from_hand(w.discord, user, hand, pick, version)


def is_over(w: World, table_id: int) -> bool:
    ((status,),) = w.query("SELECT status FROM tables WHERE id = ?", table_id)
    return str(status) != "active"


TABLE_CHECK_EVERY = 5  # moves of `play_game` between two that start from the table message


async def play_game(
    w: World,
    table: Message,
    users: dict[str, User],
    rng: random.Random,
    *,
    choose: Chooser = any_enabled,
    max_moves: int = 600,
) -> Message:
    """Play until the game is over; returns the final table, which says so.

    The players play as people do: whoever's hand offers a move makes one, without waiting for the channel's
    table message, whose edits Discord rate limits (5 per 5 s a channel; the bot coalesces them). Every
    `TABLE_CHECK_EVERY` moves the table must catch up: the move is then made by a player it says it is waiting for
    (`take_turn`).
    """
    table_id, _ = footer(table)
    for move in range(max_moves):
        if is_over(w, table_id):
            final = await in_step(w, table)
            assert any(marker in final.text for marker in OVER), final.text
            return final
        if move % TABLE_CHECK_EVERY == 0:
            await take_turn(w, table, users, rng, choose)
            continue
        version = w.version(table_id)
        names = list(users)
        rng.shuffle(names)
        for name in names:
            hand = await open_hand(w, table, users[name])
            enabled = enabled_actions(hand)
            if enabled:
                await play_from_hand(w, users[name], hand, choose(enabled, rng), version)
                break
        else:
            raise AssertionError(f"no player's hand offers a move in game {table_id} at version {version}")
    raise AssertionError("the game did not end")


LOG_PAGE = re.compile(r"Page (\d+) of (\d+)")


async def read_log(w: World, user: User) -> str:
    """The table's whole public log as `user` reads it, through `/log` and its ◀ button, oldest page first."""
    page = await answered(await w.discord.slash(user, w.channel, "log"))
    assert page.ephemeral
    texts = [page.text]
    match = LOG_PAGE.search(page.text)
    assert match, page.text
    for _ in range(int(match[1]) - 1):
        back = next(c for c in page.buttons if not c.get("disabled") and c.get("emoji", {}).get("name") == "◀️")
        page = await answered(await w.discord.click(user, page, back["custom_id"]))
        texts.append(page.text)
    last = LOG_PAGE.search(page.text)
    assert last is not None and last[1] == "1", page.text  # back to the first page
    return "\n".join(reversed(texts))
