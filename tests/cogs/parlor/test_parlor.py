"""/notify, /cards, /away, /turns and /cardroom: what they answer, in both languages, within Discord's limits.

The handlers run against a real database in tmp_path and the real services,
driven by stand-in interactions (as in test_errors.py) whose answers are
recorded; the bot around them is a stand-in too. /cardroom checks Manage
Server itself: Discord's default permissions are only a default a server can
change.
"""

from __future__ import annotations

import datetime
import json
import secrets
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest
from discord.ext import commands

from bot.i18n import LANGUAGES, catalogue
from bot.services.clock import TableClock, paces
from bot.services.notices import Notices
from bot.services.players import PlayerService
from bot.services.servers import ServerService
from bot.services.tables import Table, Tables
from bot.storage import Database, GuildSettings, Seat, TableRecord, TurnRow
from bot.translator import CatalogueTranslator
from cogs.parlor._cog import ParlorCog
from cogs.parlor._people import PeopleHandlers
from cogs.parlor._render import fit_lines, inbox_embed, tables_embed
from cogs.parlor._servers import ServerHandlers
from cogs.tables import TablesCog
from engines import registry
from tests.cogs.fake_interactions import FakeInteraction
from tests.support.databases import open_new_sqlite
from tools.standin.limits import commands_problems, message_problems

GUILD, CHANNEL = 9, 500
ALICE, BOB = Seat(1, "Alice"), Seat(2, "Bob")
LONGEST = "W" * 32  # the longest display name
DAY = 86_400.0


# ----- stand-ins -------------------------------------------------------------------
@dataclass
class Command(FakeInteraction):
    """A slash command just sent by `user_id`, in a server channel where they may (or not) manage the server."""

    age: float = 0.05
    type: discord.InteractionType = discord.InteractionType.application_command
    manage_guild: bool = True
    user_id: int = ALICE.user_id
    guild_id: int | None = GUILD

    def __post_init__(self) -> None:
        super().__post_init__()
        self.user = SimpleNamespace(id=self.user_id, mention=f"<@{self.user_id}>")
        self.permissions = discord.Permissions(manage_guild=self.manage_guild)
        self.channel_id = CHANNEL
        self.guild = SimpleNamespace(name="The *Parlor*", get_channel_or_thread=lambda channel_id: None)
        self.client = SimpleNamespace()

    def answer(self) -> dict[str, Any]:
        """The one answer: private, and within Discord's limits."""
        ((name, fields),) = self.calls
        assert name == "send_message" and fields["ephemeral"] is True
        payload = {key: value for key, value in fields.items() if key in ("content", "embed")}
        if "embed" in payload:
            payload["embeds"] = [payload.pop("embed").to_dict()]
        assert message_problems(json.loads(json.dumps(payload))) == []
        return fields

    def text(self) -> str:
        fields = self.answer()
        embed = fields.get("embed")
        parts = [fields.get("content") or ""]
        if embed is not None:
            parts += [embed.title or "", embed.description or ""]
            parts += [f"{f.name}\n{f.value}" for f in embed.fields]
        return "\n".join(parts)


class Clock:
    def __init__(self) -> None:
        self.now = datetime.datetime(2026, 6, 1, 12, tzinfo=datetime.UTC).timestamp()

    def __call__(self) -> float:
        return self.now


class FakeBot:
    """What the handlers use of the bot: its services, its guilds, the tables cog's refresher, channels."""

    def __init__(self, db: Database, clock: Clock) -> None:
        self.db = db
        self.tables = Tables(db, clock=clock, lobby_expiry=DAY)
        self.players = PlayerService(db, self.tables, clock=clock)
        self.notices = Notices(db, self.tables.store, clock=clock)
        self.servers = ServerService(db)
        self.settings = SimpleNamespace(lobby_expiry=DAY)
        self.marked: list[int] = []
        self.posted: list[tuple[int, str]] = []
        self._refresher = SimpleNamespace(mark=self.marked.append)

    def get_guild(self, guild_id: int) -> Any:
        return SimpleNamespace(name="The *Parlor*") if guild_id == GUILD else None

    def get_cog(self, name: str) -> Any:
        if name != "Tables":
            return None
        cog = TablesCog.__new__(TablesCog)  # the tables cog, as far as the parlor reaches into it
        cog.refresher = self._refresher
        return cog

    def get_partial_messageable(self, channel_id: int, *, guild_id: int | None = None) -> Any:
        async def send(content: str, **fields: Any) -> None:
            self.posted.append((channel_id, content))

        return SimpleNamespace(send=send)


@pytest.fixture(autouse=True)
def fixed_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(secrets, "randbits", lambda bits: 20240917)


@pytest.fixture
async def bot(tmp_path: Path) -> AsyncIterator[FakeBot]:
    db = await open_new_sqlite(tmp_path / "cardroom.sqlite3")
    yield FakeBot(db, Clock())
    await db.close()


async def running(bot: FakeBot, channel_id: int = CHANNEL) -> Table:
    tables = bot.tables
    table = await tables.lobby.open_lobby(guild_id=GUILD, channel_id=channel_id, game="pairs", host=ALICE, locale="fr")
    table = await tables.store.set_table_message(table, 4242)
    await tables.lobby.join(table.id, BOB)
    return await tables.lobby.start(table.id, ALICE.user_id)


# ----- /cardroom: the permission is checked on every call ----------------------------
@pytest.mark.parametrize(("locale", "refusal"), [("en-US", "Manage Server"), ("fr", "Gérer le serveur")])
async def test_cardroom_refuses_a_member_without_manage_server(bot: FakeBot, locale: str, refusal: str) -> None:
    """Discord let the command through (a server may grant it to anyone): the bot refuses it all the same."""
    table = await running(bot)
    handlers = ServerHandlers(bot)  # type: ignore[arg-type]
    calls = [
        lambda i: handlers.defaults(
            i, pace=None, timeouts=None, lobby_hours=None, notify_channel=None, clear_notify_channel=False
        ),
        lambda i: handlers.defaults(
            i, pace="live", timeouts=1, lobby_hours=2, notify_channel=None, clear_notify_channel=True
        ),
        lambda i: handlers.tables(i),
        lambda i: handlers.end(i, table.id),
    ]
    for call in calls:
        interaction = Command(locale=locale, manage_guild=False, user_id=BOB.user_id)
        await call(interaction)
        assert refusal in interaction.text() and "⚠️" in interaction.text()
    assert await bot.servers.defaults(GUILD) == GuildSettings(GUILD)  # nothing changed
    assert (await bot.db.tables.get(table.id)).status == "active"
    assert bot.posted == [] and bot.marked == []
    assert await handlers.end_choices(Command(manage_guild=False), "") == []  # not even the list


async def test_cardroom_is_hidden_from_members_and_kept_to_servers() -> None:
    group = ParlorCog.cardroom
    assert group.default_permissions == discord.Permissions(manage_guild=True)
    assert group.guild_only


# ----- /cardroom for managers ----------------------------------------------------------
async def test_defaults_are_shown_then_changed(bot: FakeBot) -> None:
    handlers = ServerHandlers(bot)  # type: ignore[arg-type]
    shown = Command()
    await handlers.defaults(
        shown, pace=None, timeouts=None, lobby_hours=None, notify_channel=None, clear_notify_channel=False
    )
    text = shown.text()
    assert "Defaults for new tables" in text and "not set" in text and "Daily" in text and "24 h" in text
    changed = Command(locale="fr")
    channel = SimpleNamespace(id=777, guild=SimpleNamespace(me=None))
    await handlers.defaults(
        changed, pace="relaxed", timeouts=5, lobby_hours=6, notify_channel=channel, clear_notify_channel=False
    )
    text = changed.text()
    assert "Enregistré" in text and "Détendu" in text and "6 h" in text and "<#777>" in text
    assert await bot.servers.defaults(GUILD) == GuildSettings(GUILD, "relaxed", 5, 6 * 3600.0, 777)
    bad = Command()
    await handlers.defaults(
        bad, pace=None, timeouts=None, lobby_hours=500, notify_channel=None, clear_notify_channel=False
    )
    assert "1 to 168 hours" in bad.text()


async def test_a_channel_the_bot_cannot_post_in_is_refused(bot: FakeBot) -> None:
    handlers = ServerHandlers(bot)  # type: ignore[arg-type]
    me = object()
    closed = SimpleNamespace(
        id=778, guild=SimpleNamespace(me=me), permissions_for=lambda member: discord.Permissions(view_channel=True)
    )
    interaction = Command()
    await handlers.defaults(
        interaction, pace=None, timeouts=None, lobby_hours=None, notify_channel=closed, clear_notify_channel=False
    )
    assert "I cannot post in <#778>" in interaction.text()
    assert await bot.servers.defaults(GUILD) == GuildSettings(GUILD)


async def test_a_manager_ends_a_table_and_its_channel_is_told(bot: FakeBot) -> None:
    table = await running(bot)
    other = await running(bot, channel_id=CHANNEL + 1)
    handlers = ServerHandlers(bot)  # type: ignore[arg-type]
    choices = await handlers.end_choices(Command(), "")
    assert [choice.value for choice in choices] == [table.id, other.id]
    assert choices[0].name == f"#{table.id} · Pairs · #{CHANNEL} · playing"
    assert [c.value for c in await handlers.end_choices(Command(), f"#{other.id}")] == [other.id]

    interaction = Command(user_id=99)
    await handlers.end(interaction, table.id)
    assert f"Table `#{table.id}` (Pairs) in <#{CHANNEL}> is ended" in interaction.text()
    record = await bot.db.tables.get(table.id)
    assert record.status == "aborted" and record.ended_by == 99
    assert bot.marked == [table.id]  # the table message is redrawn
    assert bot.posted == [(CHANNEL, "🛑 Cette table de Paires a été terminée par un gestionnaire du serveur.")]

    again = Command()
    await handlers.end(again, table.id)
    assert "This game is over." in again.text()
    elsewhere = Command(guild_id=GUILD + 1)
    await handlers.end(elsewhere, other.id)  # another server's table: refused as if it did not exist
    assert "This game is over." in elsewhere.text()
    assert (await bot.db.tables.get(other.id)).status == "active"


async def test_the_server_tables_list(bot: FakeBot) -> None:
    table = await running(bot)
    interaction = Command()
    await ServerHandlers(bot).tables(interaction)  # type: ignore[arg-type]
    text = interaction.text()
    assert f"`#{table.id}` **Pairs** · <#{CHANNEL}> · playing · opened <t:" in text
    assert "The \\*Parlor\\*" in text  # the server's name, markdown escaped
    assert f"https://discord.com/channels/{GUILD}/{CHANNEL}/4242" in text
    assert "turn: **" in text


# ----- /notify, /away, /turns ------------------------------------------------------------
async def test_notify_shows_then_changes_the_choice(bot: FakeBot) -> None:
    handlers = PeopleHandlers(bot)  # type: ignore[arg-type]
    shown = Command()
    await handlers.notify(shown, None)
    assert "Cardroom tells you it is your turn in the table's channel." in shown.text()
    changed = Command(locale="fr")
    await handlers.notify(changed, "dm")
    assert "désormais, Cardroom vous annonce votre tour par message privé" in changed.text()
    assert (await bot.players.settings(ALICE.user_id)).notify == "dm"


@pytest.mark.parametrize(
    ("locale", "shown_text", "changed_text"),
    [
        ("en-US", "Your hands show cards as pictures (card emojis).", "from now on, your hands show cards as text"),
        ("fr", "Vos mains montrent les cartes en images", "désormais, vos mains montrent les cartes en texte"),
    ],
)
async def test_cards_shows_then_changes_the_choice(
    bot: FakeBot, locale: str, shown_text: str, changed_text: str
) -> None:
    handlers = PeopleHandlers(bot)  # type: ignore[arg-type]
    shown = Command(locale=locale)
    await handlers.cards(shown, None)
    assert shown_text in shown.text().replace("\u00a0", " ")
    assert not await bot.players.text_cards(ALICE.user_id)
    changed = Command(locale=locale)
    await handlers.cards(changed, "text")
    assert changed_text in changed.text().replace("\u00a0", " ")
    assert (await bot.players.settings(ALICE.user_id)).cards == "text" and await bot.players.text_cards(ALICE.user_id)
    assert (await bot.players.settings(ALICE.user_id)).notify == "channel"  # the other settings kept
    refused = Command(locale=locale)
    await handlers.cards(refused, "braille")
    assert (await bot.players.settings(ALICE.user_id)).cards == "text"


async def test_away_answers_with_the_return_time_and_the_allowance_left(bot: FakeBot) -> None:
    table = await running(bot)
    (seat,) = table.to_act
    user = table.record.seats[seat].user_id
    handlers = PeopleHandlers(bot)  # type: ignore[arg-type]
    status = Command(user_id=user)
    await handlers.away(status, None)
    assert "You are not away" in status.text() and "Absence left this year: 10 days (of 10 days)." in status.text()

    gone = Command(user_id=user)
    await handlers.away(gone, "3")
    until = int(bot.tables.store.now() + 3 * DAY)
    assert f"until <t:{until}:f> (<t:{until}:R>)" in gone.text()
    assert "Absence left this year: 7 days (of 10 days)." in gone.text()
    assert bot.marked == [table.id]  # its deadline moved: the table is redrawn

    refused = Command(user_id=user, locale="fr")
    await handlers.away(refused, "10")  # the running 3 days are refunded: 10 would fit...
    assert "jusqu’au" in refused.text()
    too_long = Command(user_id=user, locale="fr")
    bot.tables.store._clock.now += DAY  # type: ignore[attr-defined]
    await handlers.away(too_long, "10")  # ...but a day of it is used now
    assert "jours entiers restants\u00a0: 9" in too_long.text()

    back = Command(user_id=user, locale="fr")
    await handlers.away(back, "back")
    assert "Bon retour" in back.text() and "Absence restante cette année\u00a0: 9 jours (sur 10 jours)." in back.text()
    again = Command(user_id=user)
    await handlers.away(again, "back")
    assert "You are not away" in again.text()
    forged = Command(user_id=user)
    await handlers.away(forged, "4")  # not one of the choices
    assert "That choice is not available" in forged.text()


async def test_turns_lists_where_to_act_then_where_to_wait(bot: FakeBot) -> None:
    table = await running(bot)
    (seat,) = table.to_act
    acting, waiting = table.record.seats[seat].user_id, table.record.seats[1 - seat].user_id
    deadline = table.deadline(seat)
    assert deadline is not None
    handlers = PeopleHandlers(bot)  # type: ignore[arg-type]
    mine = Command(user_id=acting)
    await handlers.turns(mine)
    text = mine.text()
    assert f"**Your move** (1)\n• **Pairs** · The \\*Parlor\\* · <#{CHANNEL}> · ⏰ <t:{int(deadline)}:R>" in text
    assert f"[open](https://discord.com/channels/{GUILD}/{CHANNEL}/4242)" in text
    theirs = Command(user_id=waiting, locale="fr")
    await handlers.turns(theirs)
    text = theirs.text()
    assert "Rien à jouer pour vous en ce moment." in text and "**En attente des autres** (1)" in text
    assert "dernier coup <t:" in text
    nobody = Command(user_id=77)
    await handlers.turns(nobody)
    assert "You are not playing anywhere right now" in nobody.text()


# ----- rendering at scale ---------------------------------------------------------------
def turn_rows(count: int) -> list[TurnRow]:
    rows = []
    for i in range(count):
        since = None if i % 2 else 1_800_000_000.0 + i
        due = None if since is None or i % 10 == 4 else 1_800_100_000.0 - i  # some tables paused
        rows.append(TurnRow(i, 10**18 + i % 7, 10**18 + i, "deadmoney", 10**18 + i, 0, since, due, 1_800_000_000.0))
    return rows


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_huge_inbox_fits_discord(lang: str) -> None:
    rows = turn_rows(500)
    servers: dict[int | None, str] = {10**18 + k: "S" * 100 for k in range(7)}
    embed = inbox_embed(lang, rows, servers)
    assert message_problems({"embeds": [embed.to_dict()]}) == []
    text = embed.description or ""
    assert len(text) <= 4096 and len(embed) <= 6000 and len(embed.fields) <= 25
    more = "…and" if lang == "en" else "…et"
    assert text.count(more) == 2  # both sections are cut, each says how much is left out
    due_lines = text.split("\n\n")[0].splitlines()[1:-1]
    shown = [int(line.split("<t:")[1].split(":")[0]) for line in due_lines if "<t:" in line]
    assert shown == sorted(shown) and shown[0] == int(1_800_100_000.0 - 498)  # the most urgent first
    assert len(due_lines) + int(text.split("\n\n")[0].splitlines()[-1].split()[1]) == 250


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_huge_server_list_fits_discord(lang: str) -> None:
    engine = registry.get("pairs")
    options = engine.options_model().model_dump(mode="json")
    paused = TableClock.preset("daily").pause(1_800_000_000.0).model_dump_json()
    tables = []
    for i in range(500):
        status = "lobby" if i % 3 == 0 else "active"
        state = None if status == "lobby" else engine.new(8, engine.parse_options(options), i)
        record = TableRecord(
            id=10**15 + i,
            guild_id=10**18,
            channel_id=10**18 + i,
            game="pairs",
            status=status,  # type: ignore[arg-type]
            host_id=1,
            options=options,
            seats=[Seat(100 + s, LONGEST) for s in range(8)],
            seed=i,
            state=None if state is None else engine.dump_state(state),
            version=10,
            table_message_id=10**18 + i,
            locale="en",
            created_at=1_800_000_000.0 + i,
            updated_at=1_800_000_000.0 + i,
            clock=paused if i % 3 == 2 else None,
        )
        tables.append(Table(record=record, engine=engine, state=state))
    embed = tables_embed(lang, "S" * 100, tables)
    assert message_problems({"embeds": [embed.to_dict()]}) == []
    assert len(embed.description or "") <= 4096 and len(embed) <= 6000
    assert ("…and" if lang == "en" else "…et") in (embed.description or "")
    assert ("paused" if lang == "en" else "en pause") in (embed.description or "")


def test_fit_lines_keeps_what_fits_and_counts_the_rest() -> None:
    def more(k: int) -> str:
        return f"+{k}"

    assert fit_lines(["a", "b"], 3, more) == ["a", "b"]
    assert fit_lines(["aaaa"] * 10, 14, more) == ["aaaa", "aaaa", "+8"]
    assert all(len("\n".join(fit_lines(["x" * n] * 50, 100, more))) <= 100 for n in range(1, 60))


# ----- the commands themselves -------------------------------------------------------------
async def test_the_commands_are_valid_discord_commands_in_both_languages() -> None:
    bot = commands.Bot(command_prefix="!", intents=discord.Intents.none())
    await bot.add_cog(ParlorCog(bot))  # type: ignore[arg-type]
    translator = CatalogueTranslator()
    await bot.tree.set_translator(translator)
    payload = [await command.get_translated_payload(bot.tree, translator) for command in bot.tree.get_commands()]
    assert commands_problems(payload) == []
    by_name = {command["name"]: command for command in payload}
    assert set(by_name) == {"notify", "cards", "away", "turns", "cardroom"}
    assert by_name["cards"]["name_localizations"] == {"fr": "cartes"}
    assert by_name["away"]["name_localizations"] == {"fr": "absence"}
    assert by_name["turns"]["name_localizations"] == {"fr": "tours"}
    choices = by_name["away"]["options"][0]["choices"]
    wanted = [str(int(days)) for days in paces().away.choices_days] + ["back"]
    assert [choice["value"] for choice in choices] == wanted
    assert all("fr" in choice["name_localizations"] for choice in choices)
    for key in [f"parlor.away.choice.{value}" for value in wanted]:
        assert all(catalogue().has(lang, key) for lang in LANGUAGES), key
    for name in paces().names():
        assert all(catalogue().has(lang, f"pace.{name}") for lang in LANGUAGES), name
    subcommands = {option["name"] for option in by_name["cardroom"]["options"]}
    assert subcommands == {"defaults", "tables", "end"}
    assert by_name["cardroom"]["default_member_permissions"] == discord.Permissions(manage_guild=True).value
