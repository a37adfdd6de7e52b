"""Every game's flow, played whole through the real handlers, as a golden file of what its players see.

No Discord and no bot process: the table service on a SQLite file, the table handlers and the refresher, and
Discord's side faked (`fake_interactions`, `table_bots`). The players act only through what they are shown: a
click or a select is routed from its custom_id to its component's route and handler (`routes`), as discord.py
routes it. At the key moments of the game the golden records what the players see, in their own languages
(`games/<game>/flow.txt`): the lobby, the table at its start and after the first move, each hand at the start, the
first moves' hands, the first costly move's question and the first card draft, the table at the end, each live
hand redrawn at the end, then `/leaderboard` (by rating, and by the game's own measure) and `/rules`. Every move
in between is a line (who clicked what, and the version it led to), with what was posted in the channel
meanwhile. A game that has not ended after `MAX_MOVES` moves ends by its players leaving one by one, through the
table's Leave and its confirmation.

The comparison is exact. After a deliberate change of what players see, write the files again and read the diff:

    CARDROOM_WRITE_FLOWS=1 .venv/bin/python -m pytest -n 0 tests/cogs/test_game_flows.py

One whole game (Pairs) is also played through the real bot process and the Discord stand-in
(tests/e2e/test_e2e_pairs_game.py); the rules themselves are the engines' goldens' and the conformance suite's.
"""

from __future__ import annotations

import datetime
import itertools
import os
import random
import re
import secrets
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.services.tables import Tables
from cogs.info._cog import InfoCog
from cogs.kit.components import Component
from cogs.tables._components import Hand, Leave, LeaveConfirm, Lobby, Move, Option, Pick, PickConfirm, routes
from cogs.tables._handlers import TableHandlers
from cogs.tables._refresher import TableRefresher
from cogs.tables._repair import RepairQueue
from tests.bot.services.clocks import Clock
from tests.cogs.fake_interactions import FakeInteraction, Response
from tests.cogs.table_bots import table_bot
from tests.support.databases import open_new_sqlite

GOLDENS = Path(__file__).with_name("games")  # games/<game>/flow.txt
WRITE = os.environ.get("CARDROOM_WRITE_FLOWS", "") not in ("", "0")
GUILD, CHANNEL = 9, 700
SEED = 20_240_601  # every table's seed (the service draws it from `secrets`)
MAX_MOVES = 150  # then the players leave one by one
SHOWN_MOVES = 3  # moves whose hands the golden shows whole
TRIES = 6  # clicks a player tries in one hand before another player is asked


@dataclass(frozen=True)
class Player:
    user_id: int
    name: str
    locale: str


PEOPLE = [
    Player(101, "Ada", "en-US"),
    Player(102, "Bea", "fr"),
    Player(103, "Cyd", "en-GB"),
    Player(104, "Dov", "en-US"),
    Player(105, "Eli", "fr"),
    Player(106, "Fay", "en-US"),
]


@dataclass(frozen=True)
class Flow:
    """A game's flow: how many play, the host's options (as the options panel's selects give them), the seed of the
    players' choices."""

    players: int
    options: dict[str, str] = field(default_factory=dict)
    choices: int = 1


GAMES = {
    "pairs": Flow(3, {"ending": "norland", "games": "1"}, 11),
    "hawthorn": Flow(3, {"hands": "1"}, 4),
    "blackstone": Flow(3, {"hands": "1"}, 6),
    "zombie": Flow(2, {"target": "11"}, 2),
    "deadmoney": Flow(4, {}, 11),
    "ohmybrain": Flow(2, {"brains": "3"}, 5),
    "fullofdollars": Flow(3, {}, 13),
    "ilmorto": Flow(6, {}, 12),
}


# ----- Discord, faked --------------------------------------------------------------------------------------------
class Channel:
    """The tables' channel: the messages posted in it and their edits, by message id."""

    def __init__(self) -> None:
        self.ids = itertools.count(discord.utils.time_snowflake(datetime.datetime(2027, 1, 15, tzinfo=datetime.UTC)))
        self.messages: dict[int, dict[str, Any]] = {}
        self.posts: list[dict[str, Any]] = []  # in order, as first posted

    def new_id(self) -> int:
        return next(self.ids)

    def record(self, message_id: int, fields: dict[str, Any], *, posted: bool) -> None:
        shown = {**self.messages.get(message_id, {}), **fields}
        self.messages[message_id] = shown
        if posted:
            self.posts.append(shown)

    def get_partial_message(self, message_id: int) -> Any:
        async def edit(**fields: Any) -> None:
            self.record(message_id, fields, posted=False)

        async def delete() -> None:
            self.messages.pop(message_id, None)

        return SimpleNamespace(id=message_id, edit=edit, delete=delete)

    async def send(self, content: str | None = None, **fields: Any) -> Any:
        message_id = self.new_id()
        self.record(message_id, {"content": content, **fields}, posted=True)
        return SimpleNamespace(id=message_id)


class Answers(Response):
    """The interaction's answers; a message sent is known by its id (a hand, which the bot edits later)."""

    interaction: Click

    async def send_message(self, **fields: Any) -> Any:
        await super().send_message(**fields)
        return SimpleNamespace(message_id=self.interaction.answer_id)


class Click(FakeInteraction):
    """A player's command, click or choice in a select, by the player, on a message (`message_id`)."""

    def __init__(self, table: Table, player: Player, message_id: int | None, values: list[str] | None = None) -> None:
        super().__init__(locale=player.locale)
        self.table = table
        self.user = SimpleNamespace(id=player.user_id, display_name=player.name, name=player.name.lower())
        self.guild_id = GUILD
        self.channel_id = CHANNEL
        self.channel = SimpleNamespace(id=CHANNEL, type=discord.ChannelType.text)
        self.message = None if message_id is None else SimpleNamespace(id=message_id)
        self.permissions = discord.Permissions.none()
        self.app_permissions = discord.Permissions.none()
        self.data = {"values": values or []}
        self.client = SimpleNamespace(discord_clock=table.bot.discord_clock, resync_commands=self._resync)
        self.public_id: int | None = None
        self.response = Answers(self)

    async def original_response(self) -> Any:
        """The public message an answer posted (a lobby): it is in the channel."""
        self.public_id = self.table.channel.new_id()
        (fields,) = [fields for name, fields in self.calls if name == "send_message"]
        self.table.channel.record(self.public_id, fields, posted=True)
        return SimpleNamespace(id=self.public_id)

    @property
    def answer_id(self) -> int:
        """The message the answer is on: the one clicked, when edited in place; else a new one (a private hand)."""
        if self.calls and self.calls[0][0] == "edit_message" and self.message is not None:
            return int(self.message.id)
        if self.public_id is None:
            self.public_id = self.table.channel.new_id()
        return self.public_id

    async def delete_original_response(self) -> None:
        self.calls.append(("delete_original_response", {}))

    async def edit_original_response(self, **fields: Any) -> Any:
        self.calls.append(("edit_original_response", fields))
        return SimpleNamespace(id=self.public_id)

    def shown(self) -> dict[str, Any] | None:
        """The last message this interaction's answers drew (sent, edited in place, or edited later)."""
        drawn = [fields for _, fields in self.calls if "embed" in fields or "view" in fields or "content" in fields]
        return drawn[-1] if drawn else None


# ----- what a player sees, as text ---------------------------------------------------------------------------------
MENTION = re.compile(r"<@!?(\d+)>")


def seen(fields: dict[str, Any] | None) -> str:
    """A message as its reader sees it: its text, its embed, its buttons and menus (not their ids)."""
    if fields is None:
        return "(nothing)"
    lines: list[str] = []
    if fields.get("content"):
        lines.append(str(fields["content"]))
    embeds = list(fields.get("embeds") or []) + ([fields["embed"]] if fields.get("embed") is not None else [])
    for embed in embeds:
        data = embed.to_dict()
        for part in ("title", "description"):
            if data.get(part):
                lines.append(f"{part}: {data[part]}")
        for entry in data.get("fields", []):
            lines.append(f"field {entry['name']}: {entry['value']}")
        if (data.get("footer") or {}).get("text"):
            lines.append(f"footer: {data['footer']['text']}")
    view = fields.get("view")
    for row in view.to_components() if view is not None else []:
        items = []
        for component in row.get("components", []):
            if component["type"] == discord.ComponentType.button.value:
                emoji = (component.get("emoji") or {}).get("name") or ""
                off = " (off)" if component.get("disabled") else ""
                items.append(f"[{' '.join(filter(None, (emoji, component.get('label', ''))))}{off}]")
            else:
                options = ", ".join(option["label"] for option in component.get("options", []))
                limits = f"{component.get('min_values', 1)}-{component.get('max_values', 1)}"
                items.append(f"<{component.get('placeholder') or 'select'} {limits}: {options}>")
        lines.append("row: " + " ".join(items))
    text = "\n".join(lines)
    return MENTION.sub(lambda match: f"@{name_of(int(match[1]))}", text)


def name_of(user_id: int) -> str:
    return next((player.name for player in PEOPLE if player.user_id == user_id), str(user_id))


def components(fields: dict[str, Any] | None) -> list[dict[str, Any]]:
    view = (fields or {}).get("view")
    if view is None:
        return []
    return [component for row in view.to_components() for component in row.get("components", [])]


def label(component: dict[str, Any]) -> str:
    emoji = (component.get("emoji") or {}).get("name") or ""
    return " ".join(filter(None, (emoji, component.get("label", "")))) or "?"


# ----- a table, played through the handlers -------------------------------------------------------------------------
class Table:
    """One game's table: the service on a fresh database, the handlers, the channel, the golden being written."""

    def __init__(self, service: Tables, game: str) -> None:
        self.service = service
        self.game = game
        self.channel = Channel()
        self.bot = table_bot(service, self.channel)
        refresher = TableRefresher(self.bot, 0.0, RepairQueue(100.0))
        self.handlers = TableHandlers(self.bot, refresher)
        refresher.watchers += self.handlers.watchers()  # as the cog does
        self.golden: list[str] = []
        self.table_id = 0
        self.table_message = 0
        self.hands: dict[int, Click] = {}  # each player's live hand: the click that drew it
        self.seen_posts = 0

    def show(self, title: str, fields: dict[str, Any] | None) -> None:
        self.golden += [f"=== {title}", seen(fields), ""]
        self.posted()

    def note(self, line: str) -> None:
        self.golden.append(line)
        self.posted()

    def posted(self) -> None:
        """What was posted in the channel since it was last looked at (turn pings, the end), as it reads."""
        for post in self.channel.posts[self.seen_posts :]:
            if post.get("content"):
                self.golden.append(f"  posted in the channel: {seen({'content': post['content']})}")
        self.seen_posts = len(self.channel.posts)

    async def settled(self) -> None:
        await self.handlers.refresher.idle()
        await self.handlers.hands.settle()

    async def route(self, click: Click, custom_id: str) -> None:
        """A click or choice handed to its component's callback, as discord.py routes a custom_id."""
        for item in routes(self.handlers):
            match = item.__discord_ui_compiled_template__.fullmatch(custom_id)  # type: ignore[attr-defined]
            if match:
                clicked = discord.ui.Button[Any](custom_id=custom_id)
                component = await item.from_custom_id(click, clicked, match)
                await component.callback(click)
                await self.settled()
                self.edited_in_place(click)
                return
        raise AssertionError(f"no component answers {custom_id!r}")

    def edited_in_place(self, click: Click) -> None:
        """A click on a channel message whose answer edits it (a lobby's seats): the channel shows the edit."""
        message = click.message.id if click.message is not None else None
        if message not in self.channel.messages or not click.calls or click.calls[0][0] == "send_message":
            return
        for name, fields in click.calls:
            if name in ("edit_message", "edit_original_response"):
                self.channel.record(message, fields, posted=False)

    async def click(
        self, player: Player, fields: dict[str, Any] | None, custom_id: str, message_id: int | None, *values: str
    ) -> Click:
        click = Click(self, player, message_id, list(values))
        await self.route(click, custom_id)
        return click

    def channel_message(self) -> dict[str, Any]:
        return self.channel.messages[self.table_message]

    async def version(self) -> tuple[str, int]:
        record = (await self.service.store.get(self.table_id)).record
        return record.status, record.version

    # ----- the lobby ----------------------------------------------------------------------------------------------
    async def open(self, flow: Flow, players: list[Player]) -> None:
        host = players[0]
        command = Click(self, host, None)
        await self.handlers.open_table(command, self.game)  # type: ignore[arg-type]
        await self.settled()
        assert command.public_id is not None, command.calls
        self.table_message = command.public_id
        self.table_id = (await self.service.store.in_channel(CHANNEL)).id  # type: ignore[union-attr]
        lobby = self.channel_message()
        if flow.options:
            panel = await self.click(host, lobby, button_id(lobby, "options"), self.table_message)
            for name, value in flow.options.items():
                menu = select_id(panel.shown(), name)
                panel = await self.click(host, panel.shown(), menu, None, value)
            self.show(f"{host.name}'s table options", panel.shown())
        for player in players[1:]:
            await self.click(
                player, self.channel_message(), button_id(self.channel_message(), "join"), self.table_message
            )
        self.show("the lobby, everyone seated", self.channel_message())
        await self.click(host, self.channel_message(), button_id(self.channel_message(), "start"), self.table_message)
        self.show("the table at its start", self.channel_message())

    # ----- the players' hands -------------------------------------------------------------------------------------
    async def open_hand(self, player: Player) -> Click:
        """The player clicks the table's "My hand": their hand, privately."""
        table = self.channel_message()
        hand = await self.click(player, table, button_id(table, "hand"), self.table_message)
        self.hands[player.user_id] = hand
        return hand

    async def play(self, flow: Flow, players: list[Player]) -> None:
        rng = random.Random(flow.choices)
        for player in players:
            hand = await self.open_hand(player)
            self.show(f"{player.name}'s hand at the start", hand.shown())
        self.asked = self.drafted = False
        self.first_move = (await self.version())[1] + 1
        for move in range(MAX_MOVES):
            status, version = await self.version()
            if status != "active":
                return
            order = list(players)
            rng.shuffle(order)
            for player in order:
                if await self.move(player, rng, version, shown=move < SHOWN_MOVES):
                    break
            else:
                raise AssertionError(f"{self.game}: nobody could move at version {version}:\n" + "\n".join(self.golden))
        self.note(f"--- {MAX_MOVES} moves played: the players leave one by one")
        for player in players:
            if (await self.version())[0] != "active":
                return
            await self.leave(player)

    async def move(self, player: Player, rng: random.Random, version: int, *, shown: bool) -> bool:
        """The player opens their hand and, if it offers a move, makes one; whether the game moved on."""
        hand = await self.open_hand(player)
        for _ in range(TRIES):
            fields = hand.shown()
            choices = playable(fields)
            if not choices:
                return False
            component = rng.choice(choices)
            if component["type"] == discord.ComponentType.button.value:
                hand = await self.click(player, fields, component["custom_id"], hand_id(hand))
                what = f"[{label(component)}]"
            else:
                values = chosen_values(component, rng)
                hand = await self.click(player, fields, component["custom_id"], hand_id(hand), *values)
                what = f"<{', '.join(option_label(component, value) for value in values)}>"
            self.hands[player.user_id] = hand  # the bot's live hand of the player: the last one drawn
            status, now = await self.version()
            if now > version:
                self.note(f"{player.name}: {what} -> move {now}" + ("" if status == "active" else f" ({status})"))
                if shown:
                    self.show(f"{player.name}'s hand after their move", hand.shown())
                if now == self.first_move and status == "active":
                    self.show("the table after the first move", self.channel_message())
                return True
            self.note(f"{player.name}: {what}")
            answer = hand.shown()
            text = seen(answer)
            if not self.asked and "⚠️" in text:
                self.asked = True
                self.show(f"{player.name} is asked first", answer)
            elif not self.drafted and components(answer) and any(c["custom_id"] for c in confirms(answer)):
                self.drafted = True
                self.show(f"{player.name}'s draft", answer)
            if not components(answer) or hand.calls[-1][0] == "send_message":
                hand = await self.open_hand(player)  # a refusal was told apart: back to the hand
        return False

    async def leave(self, player: Player) -> None:
        """The player clicks the table's Leave, then confirms it in the private question."""
        table = self.channel_message()
        (leave,) = [c for c in components(table) if of_kind(c, Leave)]
        question = await self.click(player, table, leave["custom_id"], self.table_message)
        confirm = [c for c in components(question.shown()) if of_kind(c, LeaveConfirm)]
        left = await self.click(player, question.shown(), confirm[0]["custom_id"], None)
        status, version = await self.version()
        self.note(f"{player.name} leaves -> move {version}" + ("" if status == "active" else f" ({status})"))
        self.hands.pop(player.user_id, None)
        assert left.shown() is not None

    async def the_end(self, players: list[Player]) -> None:
        self.show("the table at the end", self.channel_message())
        for player in players:
            hand = self.hands.get(player.user_id)
            if hand is not None:
                self.show(f"{player.name}'s last hand", hand.shown())
        self.posted()
        info = InfoCog(self.bot)
        for player, by in ((players[0], None), (players[1], "measure")):
            command = Click(self, player, None)
            command.type = discord.InteractionType.application_command
            await info._leaderboard(command, self.game, by)  # type: ignore[arg-type]
            self.show(f"/leaderboard{' by:' + by if by else ''}, as {player.name} reads it", command.shown())
        for player in players[:2]:
            command = Click(self, player, None)
            command.type = discord.InteractionType.application_command
            await info._rules(command, self.game)  # type: ignore[arg-type]
            self.show(f"/rules, as {player.name} reads it", command.shown())


def button_id(fields: dict[str, Any] | None, kind: str) -> str:
    """The custom_id of a lobby or table button: `join`, `start`, `options` (the lobby's), `hand`."""
    for component in components(fields):
        custom_id = str(component.get("custom_id", ""))
        lobby = Lobby.parse(custom_id)
        if (kind == "hand" and Hand.parse(custom_id)) or (lobby is not None and lobby.op == kind):
            return custom_id
    raise AssertionError(f"no {kind} button in:\n{seen(fields)}")


def select_id(fields: dict[str, Any] | None, field: str) -> str:
    """The custom_id of the options panel's menu of the table option `field`."""
    for component in components(fields):
        option = Option.parse(str(component.get("custom_id", "")))
        if option is not None and option.field == field:
            return str(component["custom_id"])
    raise AssertionError(f"no {field} menu in:\n{seen(fields)}")


def of_kind(component: dict[str, Any], *kinds: type[Component]) -> bool:
    return any(kind.parse(str(component.get("custom_id", ""))) is not None for kind in kinds)


def hand_id(hand: Click) -> int:
    return hand.answer_id


def playable(fields: dict[str, Any] | None) -> list[dict[str, Any]]:
    """The hand's moves: its enabled action buttons and card menus, and Confirm when a draft is ready."""
    found = [c for c in components(fields) if not c.get("disabled") and of_kind(c, Move, Pick, PickConfirm)]
    ready = [c for c in found if of_kind(c, PickConfirm)]
    return ready or found


def confirms(fields: dict[str, Any] | None) -> list[dict[str, Any]]:
    return [c for c in components(fields) if of_kind(c, PickConfirm)]


def chosen_values(menu: dict[str, Any], rng: random.Random) -> list[str]:
    values = [option["value"] for option in menu["options"]]
    low, high = int(menu.get("min_values", 1)), int(menu.get("max_values", 1))
    return rng.sample(values, rng.randint(max(low, 1), min(high, len(values))))


def option_label(menu: dict[str, Any], value: str) -> str:
    return next(option["label"] for option in menu["options"] if option["value"] == value)


# ----- the tests ---------------------------------------------------------------------------------------------------
@pytest.fixture
async def service(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Tables]:
    monkeypatch.setattr(secrets, "randbits", lambda bits: SEED % 2**bits)
    monkeypatch.setattr(secrets, "token_hex", lambda size=32: "5a17" * (size // 2))  # the fairness salt
    db = await open_new_sqlite(tmp_path / "cardroom.sqlite3")
    yield Tables(db, clock=Clock())
    await db.close()


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_a_whole_game_as_its_players_see_it(service: Tables, game: str) -> None:
    flow = GAMES[game]
    players = PEOPLE[: flow.players]
    table = Table(service, game)
    await table.open(flow, players)
    await table.play(flow, players)
    assert (await table.version())[0] == "finished", "\n".join(table.golden[-40:])
    await table.the_end(players)
    text = "\n".join(table.golden).rstrip() + "\n"
    path = GOLDENS / game / "flow.txt"
    if WRITE:
        path.parent.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.is_file(), f"no golden {path}: CARDROOM_WRITE_FLOWS=1 writes it"
    assert text == path.read_text(encoding="utf-8"), f"{game}: the flow differs from {path} (see the module's doc)"


def test_every_game_has_a_flow() -> None:
    from engines import registry

    assert sorted(GAMES) == sorted(registry.names())
