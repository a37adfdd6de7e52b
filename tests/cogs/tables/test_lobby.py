"""The lobby, the host's table options, the end of a game and its rematch, as rendered, in both languages.

Tables are built from records, as the bot loads them: a lobby of Dead Money (3 to 6 players), finished and
aborted games of every engine from random playouts.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import discord
import pytest

from bot.errors import UnknownGameError
from bot.i18n import LANGUAGES, t
from bot.services.tables import Table
from bot.storage import Seat, TableRecord
from cogs.kit.components import declared, is_known
from cogs.kit.errors import error_text
from cogs.render.frame import lobby_embed, round_lines, stopped_view, table_embed
from cogs.render.limits import CONTENT
from cogs.render.rating import short_decimal as average
from cogs.tables._components import Clock, Computers, Language, Lobby, Rematch, Thread
from cogs.tables._endings import end_announcement
from cogs.tables._views import LANGUAGE_ROW, clock_panel, computers_panel, lobby_view, options_panel, table_view
from engines import registry
from engines.core import Result
from engines.core.result import Round
from tests.cogs.fake_interactions import FakeInteraction
from tests.conformance.playout import random_playout
from tools.standin.limits import message_problems

NAMES = ["Ada", "Bea", "Cyd", "Dov", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lou"]
HOST = 1000


def record(game: str, players: int, status: str = "lobby", *, state: str | None = None, **extra: Any) -> TableRecord:
    engine = registry.get(game)
    fields: dict[str, Any] = {
        "id": 77,
        "guild_id": 1,
        "channel_id": 2,
        "game": game,
        "status": status,
        "host_id": HOST,
        "options": engine.options_model().model_dump(mode="json"),
        "seats": [Seat(HOST + seat, NAMES[seat]) for seat in range(players)],
        "seed": 1,
        "state": state,
        "version": 12,
        "table_message_id": 3,
        "locale": "en",
        "created_at": 0.0,
        "updated_at": 0.0,
    }
    fields.update(extra)
    return TableRecord(**fields)


def lobby(game: str, players: int, **extra: Any) -> Table:
    return Table(record=record(game, players, **extra), engine=registry.get(game), state=None)


def text_of(embed: discord.Embed) -> str:
    parts = [embed.title or "", embed.description or "", embed.footer.text or ""]
    for field in embed.fields:
        parts += [field.name or "", field.value or ""]
    return "\n".join(parts)


def components(view: discord.ui.View | None) -> list[dict[str, Any]]:
    if view is None:
        return []
    return [child for row in view.to_components() for child in row["components"]]


def payload(content: str | None, embed: discord.Embed | None, view: discord.ui.View | None) -> dict[str, Any]:
    body: dict[str, Any] = {}
    if content is not None:
        body["content"] = content
    if embed is not None:
        body["embeds"] = [embed.to_dict()]
    if view is not None:
        body["components"] = view.to_components()
    return json.loads(json.dumps(body))


# ----- the lobby ----------------------------------------------------------------------------------------------
def test_the_lobby_says_plainly_how_many_players_the_game_takes_and_how_many_sit() -> None:
    alone = lobby("deadmoney", 1)
    assert "3–6 players · 1 seated" in text_of(lobby_embed(alone, "en"))
    assert "De 3 à 6 places · 1 occupée" in text_of(lobby_embed(alone, "fr"))
    two = lobby("deadmoney", 2)
    assert "De 3 à 6 places · 2 occupées" in text_of(lobby_embed(two, "fr"))
    assert "Start unlocks when 1 more player joins." in text_of(lobby_embed(two, "en"))
    assert "Start unlocks when 2 more players join." in text_of(lobby_embed(alone, "en"))
    full = text_of(lobby_embed(lobby("deadmoney", 3), "en"))
    assert "3–6 players · 3 seated" in full and "Start unlocks" not in full


def test_a_lobby_shows_no_move_counter() -> None:
    table = lobby("pairs", 2)
    for lang, shown in (("en", "Table #77"), ("fr", "Table nº\u00a077")):
        footer = lobby_embed(table, lang).footer.text or ""
        assert footer == shown
        assert "12" not in footer  # the record's version
    started_footer = t("en", "table.footer", table_id=77, version=12)
    assert "move 12" in started_footer  # a running table still has one


def test_the_lobby_shows_the_table_language() -> None:
    table = lobby("pairs", 2, locale="fr")
    assert "Langue de la table\u00a0: **Français**" in text_of(lobby_embed(table, "fr"))
    assert "Table language: **Français**" in text_of(lobby_embed(table, "en"))


def test_start_is_enabled_only_with_enough_players_and_options_are_one_button() -> None:
    for players, enabled in ((1, False), (2, False), (3, True), (6, True)):
        buttons = {c["custom_id"]: c for c in components(lobby_view(lobby("deadmoney", players), "en"))}
        assert bool(buttons["lobby:77:start"].get("disabled")) is not enabled
        assert not buttons["lobby:77:join"].get("disabled") and not buttons["lobby:77:options"].get("disabled")
    items = components(lobby_view(lobby("pairs", 2), "fr"))
    assert all(item["type"] == discord.ComponentType.button.value for item in items)  # no select anyone can click
    ids = [item["custom_id"] for item in items]
    assert ids == [f"lobby:77:{op}" for op in ("join", "leave", "start", "cancel", "options", "clock", "computers")]
    labels = {item["custom_id"]: item["label"] for item in items}
    assert labels["lobby:77:options"] == "Options de la table" and labels["lobby:77:start"] == "Lancer"


@pytest.mark.parametrize("engine", registry.all_engines(), ids=lambda e: e.name)
def test_the_table_options_panel_holds_every_option_and_the_language(engine: Any) -> None:
    table = lobby(engine.name, engine.max_players, locale="fr")
    for lang in LANGUAGES:
        content, view = options_panel(table, lang)
        assert message_problems(payload(content, None, view)) == []
        selects = components(view)
        fields = [item["custom_id"].split(":")[-1] for item in selects[:-1]]
        assert fields == list(engine.options_model.model_fields)[: len(fields)] and len(fields) >= 1
        language = selects[-1]
        assert language["custom_id"] == "language:77"
        assert [(o["value"], o.get("default", False)) for o in language["options"]] == [("en", False), ("fr", True)]
        assert [o["label"] for o in language["options"]] == ["English", "Français"]
        rows = view.to_components()
        assert len(rows) <= LANGUAGE_ROW + 1 and rows[-1]["components"] == [language]
    english, _ = options_panel(table, "en")
    assert "you host this table" in english  # the panel speaks the host's language, whatever the table's


def test_every_option_select_shows_the_current_choice() -> None:
    table = lobby("pairs", 2, options={"ending": "norland", "games": 5, "chips": 20})
    _, view = options_panel(table, "en")
    chosen = {item["custom_id"]: [o["value"] for o in item["options"] if o.get("default")] for item in components(view)}
    assert chosen == {
        "option:77:ending": ["norland"],
        "option:77:games": ["5"],
        "option:77:chips": ["20"],
        "language:77": ["en"],
    }


# ----- the end --------------------------------------------------------------------------------------------------
def played_out(game: str, seed: int) -> tuple[Table, Any]:
    """A finished game of `game` from a random playout, as its final table."""
    engine = registry.get(game)
    playout = random_playout(engine, random.Random(seed))
    state = playout.states[-1]
    assert engine.is_over(state)
    rec = record(game, playout.players, "finished", state=engine.dump_state(state))
    return Table(record=rec, engine=engine, state=state), engine


@pytest.mark.parametrize("engine", registry.all_engines(), ids=lambda e: e.name)
def test_a_finished_table_offers_a_rematch_and_an_aborted_one_nothing(engine: Any) -> None:
    table, _ = played_out(engine.name, 5)
    assert [c["custom_id"] for c in components(table_view(table, "en"))] == ["rematch:77"]
    assert [c["label"] for c in components(table_view(table, "fr"))] == ["Revanche"]
    aborted = Table(record=record(engine.name, 2, "aborted"), engine=engine, state=None)
    assert table_view(aborted, "en") is None


@pytest.mark.parametrize("engine", registry.all_engines(), ids=lambda e: e.name)
def test_an_aborted_table_shows_nobody_to_act(engine: Any) -> None:
    rng = random.Random(11)
    playout = random_playout(engine, rng)
    state = next(s for s in playout.states if engine.to_act(s) and not engine.is_over(s))
    rec = record(engine.name, playout.players, "aborted", state=engine.dump_state(state))
    table = Table(record=rec, engine=engine, state=state)
    view = stopped_view(engine.perspective(state, None))
    assert view.to_act == () and view.finished and getattr(view, "to_move", None) is None
    for lang in LANGUAGES:
        shown = text_of(table_embed(table, lang))
        assert "▶️" not in shown, shown  # no seat marked as the one to play
        assert t(lang, "table.aborted") in shown
    live = Table(record=record(engine.name, playout.players, "active", state=rec.state), engine=engine, state=state)
    assert "Waiting for" in text_of(table_embed(live, "en"))  # the same state, running, says whose turn it is


def announcement_of(winners: tuple[int, ...], players: int, lang: str) -> tuple[str, discord.AllowedMentions]:
    engine = registry.get("pairs")
    table, _ = played_out("pairs", 3)
    result = Result(
        places=tuple(1 if seat in winners else 2 for seat in range(players)),
        winners=winners,
        measure=(0,) * players,
        measure_key="pairs.measure.chips",
    )
    rec = record("pairs", players, "finished", state=table.record.state, locale=lang)
    finished = Table(record=rec, engine=engine, state=table.state)
    finished.__dict__["result"] = result  # the result under test, whatever the state's own
    return end_announcement(finished)


def test_the_end_is_told_with_the_winners_and_every_player_mentioned() -> None:
    one, mentions = announcement_of((1,), 3, "en")
    assert one.startswith("🏁 **Pairs** is over. Winner: <@1001>.")
    assert "Well played, <@1000>, <@1001> and <@1002>!" in one and "https://discord.com/channels/1/2/3" in one
    assert mentions.to_dict() == {"parse": [], "users": [1000, 1001, 1002]}  # the players only: no role, nobody else
    several, _ = announcement_of((0, 2), 3, "en")
    assert "Winners: <@1000> and <@1002>." in several
    french, _ = announcement_of((0, 2), 3, "fr")
    assert "Victoire partagée entre <@1000> et <@1002>." in french and "Bien joué" in french
    alone, _ = announcement_of((0,), 2, "fr")
    assert "Victoire de <@1000>." in alone
    nobody, _ = announcement_of((), 2, "en")
    assert "with no winner" in nobody and "<@1000> and <@1001>" in nobody


def test_the_end_fits_in_a_message_with_the_most_players() -> None:
    text, _ = announcement_of(tuple(range(8)), 8, "fr")
    assert len(text) <= CONTENT and text.count("<@") == 16


def match_result(rounds: tuple[Round, ...]) -> Result:
    return Result(places=(1, 2, 3), winners=(0,), measure=(3, 0, -3), measure_key="pairs.measure.chips", rounds=rounds)


def test_a_match_lists_its_games_at_the_end() -> None:
    rounds = (
        Round(number=1, winners=(0, 2), losers=(1,)),
        Round(number=2, winners=(0,)),
        Round(number=3, winners=(1,), key="pairs.event.game_over", params={"seat": 2, "score": 21, "game": 3}),
    )
    names = NAMES[:3]
    lines = round_lines(match_result(rounds), names, "en")
    assert lines[0] == "Game 1: won by **Ada** and **Cyd**, lost by **Bea**"
    assert lines[1] == "Game 2: won by **Ada**"
    assert lines[2].startswith("Game 3: ") and "**Cyd**" in lines[2] and "21" in lines[2]
    french = round_lines(match_result(rounds), names, "fr")
    assert french[0] == "Partie 1\u00a0: victoire de **Ada** et **Cyd**, défaite de **Bea**"

    table, _ = played_out("pairs", 3)
    rec = record("pairs", 3, "finished", state=table.record.state)
    finished = Table(record=rec, engine=table.engine, state=table.state)
    finished.__dict__["result"] = match_result(rounds)
    shown = {field.name: field.value for field in table_embed(finished, "en").fields}
    assert shown["Games of the match"].splitlines() == lines
    single = Table(record=rec, engine=table.engine, state=table.state)
    single.__dict__["result"] = match_result(rounds[:1])  # one game: no summary, the standings say it all
    assert "Games of the match" not in text_of(table_embed(single, "en"))


def test_a_round_names_only_seats_at_the_table() -> None:
    with pytest.raises(ValueError, match="round 2"):
        match_result((Round(number=1, winners=(0,)), Round(number=2, winners=(5,))))


# ----- long input and numbers ---------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en-US", "fr"])
def test_an_echoed_game_name_is_clipped_and_the_answer_fits(lang: str) -> None:
    typed = "pairs!" * 400  # 2,400 characters
    text = error_text(FakeInteraction(locale=lang), UnknownGameError(game=typed))  # type: ignore[arg-type]
    assert len(text) <= CONTENT and typed not in text
    echoed = re.search(r"[“«]\u00a0?(.*?)\u00a0?[”»]", text)
    assert echoed is not None and len(echoed[1]) <= 100 and echoed[1].endswith("…")


def test_a_leaderboard_average_is_written_the_way_each_language_writes_numbers() -> None:
    assert (average(3.5, "en"), average(3.5, "fr"), average(12.0, "en"), average(-4.25, "en")) == (
        "3.5",
        "3,5",
        "12",
        "-4.2",
    )


# ----- custom ids ---------------------------------------------------------------------------------------------------
def test_the_new_ids_are_ours_bounded_and_routed() -> None:
    largest = 2**63 - 1
    ids = [
        Lobby(largest, "options").custom_id,
        Language(largest).custom_id,
        Rematch(largest).custom_id,
        Lobby(largest, "computers").custom_id,
        Computers(largest, "add").custom_id,
        Computers(largest, "remove").custom_id,
        Clock(largest, "auto").custom_id,
        *(Thread(game).custom_id for game in registry.names()),
    ]
    for custom_id in ids:
        assert is_known(custom_id) and len(custom_id) <= 100
        routed = [component for component in declared() if component.template.fullmatch(custom_id)]
        assert len(routed) == 1, custom_id
    for forged in (
        Rematch(largest + 1).custom_id,
        Language(0).custom_id,
        "thread:Pairs",
        "thread:" + "a" * 41,
        "lobby:1:settings",
        "computer:1:swap",
        "cr:T:Pairs",  # the old forms, still parsed, refuse the same
        "cr:T:" + "a" * 41,
        "cr:l:1:settings",
        "cr:k:1:swap",
    ):
        assert not is_known(forged)


# ----- computer seats ----------------------------------------------------------------------------------------------
def with_computers(game: str, people: int, levels: tuple[int, ...], **extra: Any) -> Table:
    seats = [Seat(HOST + seat, NAMES[seat]) for seat in range(people)]
    seats += [Seat(level, f"🤖 {NAMES[people + index]} (Normal)") for index, level in enumerate(levels)]
    return Table(record=record(game, len(seats), seats=seats, **extra), engine=registry.get(game), state=None)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_computers_panel_adds_a_level_and_takes_away_only_computers(lang: str) -> None:
    table = with_computers("pairs", 2, (-2, -1), locale=lang)
    content, view = computers_panel(table, lang)
    selects = {item["custom_id"]: item for item in components(view)}
    assert set(selects) == {"computer:77:add", "computer:77:remove"}
    assert [option["value"] for option in selects["computer:77:add"]["options"]] == ["easy", "normal", "hard"]
    assert [option["value"] for option in selects["computer:77:remove"]["options"]] == ["2", "3"]  # never a person
    assert "2" in content and message_problems(payload(content, None, view)) == []
    _, alone_view = computers_panel(with_computers("pairs", 1, ()), lang)
    assert [item["custom_id"] for item in components(alone_view)] == ["computer:77:add"]


def test_a_full_table_offers_no_more_computers() -> None:
    engine = registry.get("pairs")
    table = with_computers("pairs", 1, (-1,) * (engine.max_players - 1))
    content, view = computers_panel(table, "en")
    assert [item["custom_id"] for item in components(view)] == ["computer:77:remove"]
    assert "full" in content


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_clock_panel_chooses_who_plays_a_late_move(lang: str) -> None:
    _, view = clock_panel(lobby("pairs", 2), lang)
    auto = next(item for item in components(view) if item["custom_id"] == "clock:77:auto")
    assert [(option["value"], option.get("default", False)) for option in auto["options"]] == [
        ("computer", True),
        ("default", False),
    ]


def test_the_end_names_computers_and_mentions_only_people() -> None:
    engine = registry.get("pairs")
    *_, states = random_playout(engine, random.Random(3), players=3)
    seats = [Seat(HOST, "Ada"), Seat(-2, "🤖 Bea (Normal)"), Seat(-1, "🤖 Cyd (Easy)")]
    rec = record("pairs", 3, "finished", state=engine.dump_state(states[-1]), seats=seats)
    finished = Table(record=rec, engine=engine, state=states[-1])
    finished.__dict__["result"] = Result(
        places=(2, 1, 3), winners=(1,), measure=(0, 1, 0), measure_key="pairs.measure.chips"
    )
    text, mentions = end_announcement(finished)
    assert "Winner: 🤖 Bea (Normal)." in text and "<@1000>" in text and "<@-" not in text
    assert mentions.to_dict() == {"parse": [], "users": [1000]}
