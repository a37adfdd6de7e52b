"""/stats, /history and /replay: what they answer, in both languages, within Discord's limits; a replay shows every
seat's hand at every step of a finished game, and nothing of a game that is not over.

The handlers run against a real database in tmp_path and the real services, driven by stand-in interactions
whose answers are recorded (as in test_parlor.py).
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest
from discord.ext import commands

from bot import emojis
from bot.i18n import LANGUAGES, t
from bot.services.replay import Replay, ReplayService
from bot.services.tables import Table, Tables
from bot.storage import Database, HistoryRow, StatsRow, TableRecord
from bot.translator import CatalogueTranslator
from cogs.history._cog import HistoryCog, HistoryHandlers
from cogs.history._components import REPLAY_CONTROLS, ReplayControl, ReplayJump, ReplayOpen
from cogs.history._views import history_view, jump_steps, replay_view
from cogs.kit.components import declared, is_known
from cogs.render.games import seat_lines
from cogs.render.limits import EMBED_TOTAL, SELECT_OPTIONS
from cogs.render.replay import HAND_MARK, history_embed, replay_embed, stats_embed
from cogs.render.text import card_face, poker_card_face
from engines import registry
from tests.bot.services.replay_support import (
    FIRST_USER,
    GUILD,
    NAMES,
    actions_of,
    playout,
    record_of,
    store_playout,
)
from tests.cogs.fake_interactions import FakeInteraction
from tests.cogs.render.test_typography import embed_texts, text_problems, view_texts
from tests.cogs.render_support import longest_card_emojis
from tests.support.databases import open_new_sqlite
from tools.standin.limits import commands_problems, message_problems

LARGEST = 2**63 - 1
SAMPLES = 24  # steps of a long game rendered in the limits test (its first and last among them)


@pytest.fixture(autouse=True)
def text_faces() -> Iterator[None]:
    emojis.reset()
    yield
    emojis.reset()


def install_all_emojis() -> None:
    """An emoji for every card face: the longest faces there are (`<:name:1300…>` for each card)."""
    emojis.install(longest_card_emojis())


def problems(embed: discord.Embed | None = None, view: discord.ui.View | None = None, **fields: Any) -> list[str]:
    """What Discord would refuse in a message with `embed`, `view` and `fields` (the stand-in's own checks)."""
    payload: dict[str, Any] = dict(fields)
    if embed is not None:
        payload["embeds"] = [embed.to_dict()]
    if view is not None:
        payload["components"] = view.to_components()
    return message_problems(json.loads(json.dumps(payload)))


def children(view: discord.ui.View) -> list[dict[str, Any]]:
    return [child for row in view.to_components() for child in row["components"]]


def custom_ids(view: discord.ui.View) -> list[str]:
    return [str(child.get("custom_id", "")) for child in children(view)]


@functools.cache
def finished_table(game: str, seed: int, *, players: int | None = None) -> tuple[Table, Replay]:
    """A seeded random game played to its end, as a finished table and its replay: played once per process for every
    test that reads it (none changes it)."""
    played = playout(game, seed, players=players)
    engine: Any = registry.get(game)
    record = record_of(game, played)
    return Table(record=record, engine=engine, state=played.states[-1]), Replay(engine, record, actions_of(played))


def sampled(steps: int) -> list[int]:
    return sorted({*range(0, steps + 1, max(1, steps // SAMPLES)), steps})


def typography(lang: str, embed: discord.Embed, view: discord.ui.View | None = None) -> list[str]:
    """French or English typography problems of every text of a message (`tests/cogs/render/test_typography.py`)."""
    texts = [*embed_texts(embed), *view_texts(view)]
    return [f"{where}: {problem}" for where, text in texts for problem in text_problems(text, lang)]


def hand_fields_of(embed: discord.Embed) -> list[Any]:
    return [field for field in embed.fields if (field.name or "").startswith(HAND_MARK)]


def hides_something(table: Table, step: Any, lang: str) -> bool:
    """Whether a replay step has seat fields: always, unless the game's `seat_lines` hook says no seat hides
    anything then (every card face up)."""
    private = [
        seat_lines(table.record.game, table.engine.perspective(step.state, seat), table.names, lang)
        for seat in range(step.state.players)
    ]
    return any(lines is None or lines for lines in private)


# ----- the replay embed -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", sorted(registry.names()))
@pytest.mark.parametrize("faces", ["text", "emojis"])
def test_every_step_fits_discord_and_shows_every_hand(game: str, lang: str, faces: str) -> None:
    """At the most players, with the longest card faces: every step within Discord's limits, one hand per seat."""
    if faces == "emojis":
        install_all_emojis()
    table, replay = finished_table(game, 21, players=registry.get(game).max_players)
    for number in sampled(replay.steps):
        step = replay.step(number)
        embed = replay_embed(table, step, lang)
        view = replay_view(table, step, replay.mover, lang)
        assert problems(embed, view) == [], (game, number)
        if faces == "text":
            assert typography(lang, embed, view) == [], (game, number)
        assert len(embed) <= EMBED_TOTAL
        hands = hand_fields_of(embed)
        assert len(hands) == (step.state.players if hides_something(table, step, lang) else 0), (game, number)
        for seat, field in enumerate(hands):
            assert NAMES[seat] in (field.name or "")
            assert field.value and field.value != "\u200b"
        text = embed.description or ""
        assert (f"{step.number}" in text) and (str(step.steps) in text)
        if number == replay.steps:
            assert t(lang, "table.over") in text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_hidden_hands_are_revealed_at_each_step(lang: str) -> None:
    """Dead Money and Hawthorn deal secret hands: the replay shows each seat's cards as they were at that step."""
    table, replay = finished_table("deadmoney", 4, players=4)
    for number in sampled(replay.steps):
        step = replay.step(number)
        hands = hand_fields_of(replay_embed(table, step, lang))
        for seat, cards in enumerate(step.state.hands):  # type: ignore[attr-defined]
            value = hands[seat].value or ""
            assert all(poker_card_face(card, lang=lang) in value for card in cards), (number, seat)
    table, replay = finished_table("hawthorn", 4, players=3)
    dealt = 0
    for number in sampled(replay.steps):
        step = replay.step(number)
        hands = hand_fields_of(replay_embed(table, step, lang))
        for seat, cards in enumerate(step.state.hands):  # type: ignore[attr-defined]
            dealt += len(cards)
            assert all(card_face(card) in (hands[seat].value or "") for card in cards), (number, seat)
    assert dealt > 0


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_step_names_its_move_and_the_last_shows_the_standings(lang: str) -> None:
    table, replay = finished_table("pairs", 2, players=3)
    deal = replay_embed(table, replay.step(0), lang)
    assert t(lang, "replay.deal") in (deal.description or "")
    first = replay.step(1)
    assert first.seat is not None
    text = replay_embed(table, first, lang).description or ""
    assert NAMES[first.seat] in text and t(lang, "replay.step", step=1, steps=replay.steps) in text
    last = replay_embed(table, replay.step(replay.steps), lang)
    assert last.fields[0].name == t(lang, "table.standings")
    assert f"#{table.id}" in (last.title or "") or f"nº {table.id}" in (last.title or "")


def test_a_replay_of_an_aborted_game_ends_where_it_stopped() -> None:
    played = playout("pairs", 6, withdrawals=False)
    engine: Any = registry.get("pairs")
    stopped = played._replace(log=played.log[:3], states=played.states[:4])
    record = replace(record_of("pairs", stopped), status="aborted")
    table = Table(record=record, engine=engine, state=played.states[3])
    replay = Replay(engine, record, actions_of(played)[:3])
    last = replay_embed(table, replay.step(3), "en")
    assert t("en", "table.aborted") in (last.description or "")
    assert t("en", "table.standings") not in [field.name for field in last.fields]


# ----- the replay controls ----------------------------------------------------------------------------------------
def test_the_controls_lead_to_their_steps_and_the_ends_are_disabled() -> None:
    table, replay = finished_table("pairs", 3, players=3)
    last = replay.steps
    assert last > 25
    for number, expected in (
        (0, {"f": 0, "b": 0, "p": 0, "n": 1, "a": 10, "l": last}),
        (12, {"f": 0, "b": 2, "p": 11, "n": 13, "a": 22, "l": last}),
        (last, {"f": 0, "b": last - 10, "p": last - 1, "n": last, "a": last, "l": last}),
    ):
        view = replay_view(table, replay.step(number), replay.mover, "en")
        buttons = {}
        for child in children(view):
            match = ReplayControl.pattern.fullmatch(str(child.get("custom_id", "")))
            if match:
                buttons[match["control"]] = (int(match["step"]), bool(child.get("disabled")))
        assert {control: step for control, (step, _) in buttons.items()} == expected
        assert all(disabled == (step == number) for step, disabled in buttons.values())
        ids = custom_ids(view)
        assert len(ids) == len(set(ids)) == 7  # six buttons and the menu: no two alike
        (menu,) = [item for item in view.children if isinstance(item, discord.ui.Select)]
        values = [int(option.value) for option in menu.options]
        assert values == jump_steps(last) and len(values) == SELECT_OPTIONS and values[0] == 0 and values[-1] == last
        assert menu.custom_id == ReplayJump(table.id, number).custom_id


def test_jump_steps_are_all_steps_or_25_spread_from_deal_to_end() -> None:
    assert jump_steps(0) == [0] and jump_steps(24) == list(range(25))
    for steps in (25, 26, 49, 100, 999, 10**6):
        spread = jump_steps(steps)
        assert len(spread) == len(set(spread)) == 25 and spread[0] == 0 and spread[-1] == steps
        assert spread == sorted(spread)


def test_replay_ids_are_ours_bounded_and_routed_to_one_item() -> None:
    ids = [
        ReplayOpen(LARGEST).custom_id,
        *(ReplayControl(LARGEST, 9_999_999_999, control).custom_id for control in REPLAY_CONTROLS),
        ReplayJump(LARGEST, 9_999_999_999).custom_id,
    ]
    for custom_id in ids:
        assert is_known(custom_id) and len(custom_id) <= 100, custom_id
        routed = [component for component in declared() if component.template.fullmatch(custom_id)]
        assert len(routed) == 1, custom_id
    for forged in (
        ReplayOpen(LARGEST + 1).custom_id,
        ReplayOpen(0).custom_id,
        ReplayControl(LARGEST + 1, 1, "n").custom_id,
        ReplayControl(1, 10**10, "n").custom_id,  # eleven digits
        ReplayControl(1, 1, "x").custom_id,
        "cr:Y:1:-1:n",  # the old form (still parsed) bounds its numbers too
        "cr:Y:1:1",
        "replay-step:1:-1:n",
        "replay-step:1:1",
        "replay-jump:1:1:j",
        ReplayJump(1, 10**10).custom_id,
    ):
        assert not is_known(forged), forged
        assert not any(component.template.fullmatch(forged) for component in declared())


# ----- /stats and /history embeds ---------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGUAGES)
def test_stats_lines_mark_provisional_ratings_and_ranks(lang: str) -> None:
    rows = [
        StatsRow("pairs", games=12, wins=5, mu=30.0, sigma=4.0, rated=12, rank=3, ranked=12),
        StatsRow("zombie", games=1, wins=1, mu=27.0, sigma=8.0, rated=1, rank=1, ranked=2),
    ]
    embed = stats_embed(rows, "Ann *Star*", lang)
    assert problems(embed) == [] and typography(lang, embed) == []
    first, second = (embed.description or "").split("\n")
    assert "18.0" in first or "18,0" in first  # 30 − 3 × 4
    assert t(lang, "stats.provisional") not in first and t(lang, "stats.provisional") in second
    assert ("#3 of 12" if lang == "en" else "rang 3 sur 12") in first
    assert ("1 game" if lang == "en" else "1 partie") in second
    assert "\\*Star\\*" in (embed.title or "")  # a name's markdown is shown, not applied
    assert stats_embed([], "Ann", lang).description == t(lang, "stats.empty")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_history_lists_games_with_a_replay_button_each(lang: str) -> None:
    rows = [
        HistoryRow(
            table_id=LARGEST - n,
            game=game,
            seat=0,
            players=8,
            place=1 + n % 8,
            won=n % 3 == 0,
            measure=n,
            finished_at=1_800_000_000.0 - n,
        )
        for n, game in zip(range(12), [*sorted(registry.names())] * 3, strict=False)
    ]
    embed = history_embed(rows, "W" * 32, lang)
    view = history_view(rows, lang)
    assert view is not None and problems(embed, view) == [] and typography(lang, embed, view) == []
    lines = (embed.description or "").split("\n")
    assert len(lines) == 10 == len(custom_ids(view))  # the ten latest
    assert custom_ids(view) == [ReplayOpen(row.table_id).custom_id for row in rows[:10]]
    command = "`/replay table:" if lang == "en" else "`/revoir table:"
    assert all(f"{command}{row.table_id}`" in line for row, line in zip(rows, lines, strict=False))
    assert all(re.search(r"<t:\d+:R>", line) for line in lines)
    assert "🏆" in lines[0] and "🏆" not in lines[1]
    assert history_view([], lang) is None
    assert history_embed([], "Ann", lang).description == t(lang, "history.empty")


# ----- the handlers -----------------------------------------------------------------------------------------------
@dataclass
class Command(FakeInteraction):
    """A slash command (or, with `type`, a click) just sent by `user_id` in a channel of server `guild_id`."""

    age: float = 0.05
    type: discord.InteractionType = discord.InteractionType.application_command
    user_id: int = FIRST_USER
    guild_id: int | None = GUILD

    def __post_init__(self) -> None:
        super().__post_init__()
        self.user = SimpleNamespace(id=self.user_id, display_name=NAMES[self.user_id - FIRST_USER])
        self.channel_id = 500

    def answer(self) -> tuple[str, dict[str, Any]]:
        """The one answer, within Discord's limits; a new message is private."""
        ((name, fields),) = self.calls
        if name == "send_message":
            assert fields["ephemeral"] is True
        assert problems(fields.get("embed"), fields.get("view"), content=fields.get("content")) == []
        return name, fields

    def text(self) -> str:
        _, fields = self.answer()
        embed = fields.get("embed")
        parts = [fields.get("content") or ""]
        if embed is not None:
            parts += [embed.title or "", embed.description or ""]
            parts += [f"{f.name}\n{f.value}" for f in embed.fields]
        return "\n".join(parts)


def click(**fields: Any) -> Command:
    return Command(type=discord.InteractionType.component, **fields)


class FakeBot:
    def __init__(self, db: Database) -> None:
        self.db = db
        self.tables = Tables(db)
        self.replays = ReplayService(self.tables)


@pytest.fixture
async def bot(tmp_path: Path) -> AsyncIterator[FakeBot]:
    db = await open_new_sqlite(tmp_path / "cardroom.sqlite3")
    yield FakeBot(db)
    await db.close()


async def finished(bot: FakeBot, seed: int = 2, players: int = 3) -> TableRecord:
    return await store_playout(bot.db, "pairs", playout("pairs", seed, players=players))


@pytest.mark.parametrize(("locale", "lang"), [("en-US", "en"), ("fr", "fr")])
async def test_stats_and_history_of_oneself_or_another(bot: FakeBot, locale: str, lang: str) -> None:
    record = await finished(bot)
    handlers = HistoryHandlers(bot)  # type: ignore[arg-type]
    mine = Command(locale=locale)
    await handlers.stats(mine, None)
    assert "Ann" in mine.text() and t(lang, "stats.games", count=1) in mine.text()
    other = Command(locale=locale)
    await handlers.history(other, SimpleNamespace(id=FIRST_USER + 1, display_name="Bob"))
    name, fields = other.answer()
    assert name == "send_message" and "Bob" in other.text() and f"{record.id}" in other.text()
    assert custom_ids(fields["view"]) == [ReplayOpen(record.id).custom_id]
    nobody = Command(locale=locale)
    await handlers.history(nobody, SimpleNamespace(id=77, display_name="Zed"))
    assert t(lang, "history.empty") in nobody.text() and "view" not in nobody.answer()[1]
    elsewhere = Command(locale=locale, guild_id=GUILD + 1)
    await handlers.stats(elsewhere, None)
    assert t(lang, "stats.empty") in elsewhere.text()


async def test_a_replay_opens_privately_and_steps_in_place(bot: FakeBot) -> None:
    record = await finished(bot)
    handlers = HistoryHandlers(bot)  # type: ignore[arg-type]
    command = Command()
    await handlers.replay_command(command, record.id)
    name, fields = command.answer()
    assert name == "send_message" and t("en", "replay.deal") in command.text()
    assert ReplayControl(record.id, 1, "n").custom_id in custom_ids(fields["view"])

    button = click()
    await handlers.open_replay(button, record.id)  # the /history button: a new private message
    assert button.answer()[0] == "send_message"

    step = click(locale="fr")
    await handlers.replay_step(step, record.id, 1, "n", [])
    name, fields = step.answer()
    assert name == "edit_message" and "Coup 1 sur" in step.text()
    assert ReplayControl(record.id, 2, "n").custom_id in custom_ids(fields["view"])

    jump = click()
    await handlers.replay_step(jump, record.id, 1, "j", ["5"])
    assert jump.answer()[0] == "edit_message" and "Move 5 of" in jump.text()


async def test_forged_steps_are_answered_politely_and_change_nothing(bot: FakeBot) -> None:
    record = await finished(bot)
    handlers = HistoryHandlers(bot)  # type: ignore[arg-type]
    steps = len(await bot.db.tables.actions(record.id))
    for control, step, values in (("n", steps + 1, []), ("l", 9_999_999_999, []), ("j", 0, [str(steps + 5)])):
        forged = click()
        await handlers.replay_step(forged, record.id, step, control, values)
        name, fields = forged.answer()
        assert name == "send_message" and "embed" not in fields  # the replay's message is left as it was
        assert fields["content"].startswith("⚠️") and f"it has {steps} moves" in fields["content"]
    for values in ([], ["x"], ["1", "2"], ["12345678901"]):
        forged = click()
        await handlers.replay_step(forged, record.id, 0, "j", values)
        assert forged.answer()[0] == "send_message" and "not valid" in forged.text()


@pytest.mark.parametrize(("locale", "words"), [("en-US", "still running"), ("fr", "en cours")])
async def test_nothing_of_an_open_game_is_shown(bot: FakeBot, locale: str, words: str) -> None:
    running = await store_playout(bot.db, "pairs", playout("pairs", 5, withdrawals=False), moves=2)
    handlers = HistoryHandlers(bot)  # type: ignore[arg-type]
    for call in (
        lambda i: handlers.replay_command(i, running.id),
        lambda i: handlers.open_replay(i, running.id),
        lambda i: handlers.replay_step(i, running.id, 1, "n", []),
    ):
        interaction = Command(locale=locale)
        await call(interaction)
        name, fields = interaction.answer()
        assert name == "send_message" and "embed" not in fields and "view" not in fields
        assert words in fields["content"]


async def test_a_game_of_another_server_or_none_is_refused(bot: FakeBot) -> None:
    record = await finished(bot)
    handlers = HistoryHandlers(bot)  # type: ignore[arg-type]
    for guild_id, table_id in ((GUILD + 1, record.id), (GUILD, record.id + 100), (None, record.id)):
        interaction = Command(guild_id=guild_id)
        await handlers.replay_command(interaction, table_id)
        name, fields = interaction.answer()
        assert name == "send_message" and "embed" not in fields and fields["content"].startswith("⚠️")


async def test_the_commands_are_localised_and_within_discords_limits() -> None:
    client = commands.Bot(command_prefix="!", intents=discord.Intents.none())
    await client.add_cog(HistoryCog(client))  # type: ignore[arg-type]
    translator = CatalogueTranslator()
    await client.tree.set_translator(translator)
    payload = [await command.get_translated_payload(client.tree, translator) for command in client.tree.get_commands()]
    assert commands_problems(payload) == []
    by_name = {command["name"]: command for command in payload}
    assert set(by_name) == {"stats", "history", "replay"}
    assert by_name["history"]["name_localizations"] == {"fr": "historique"}
    assert by_name["replay"]["name_localizations"] == {"fr": "revoir"}
    assert by_name["replay"]["options"][0]["name_localizations"] == {"fr": "table"}
    assert by_name["replay"]["options"][0]["required"] is True
    for name in ("stats", "history"):
        (user,) = by_name[name]["options"]
        assert user["type"] == discord.AppCommandOptionType.user.value and not user.get("required", False)
        assert user["name_localizations"] == {"fr": "membre"}
    assert all(command["contexts"] == [0] for command in payload)  # servers only
