"""Shared by the render tests: a running table of any engine, a hand's moves and lines, French spacing made plain."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

import discord

from bot.emojis import CardEmoji, card_key, load_manifest
from bot.i18n import LANGUAGES
from bot.services.tables import Table
from bot.storage import Seat, TableRecord
from cogs.render.frame import hand_embed, table_embed
from cogs.tables._components import Move
from cogs.tables._views import hand_view, table_view
from engines.core import GameState
from tests.conformance.playout import sampled_states
from tools.standin.limits import message_problems

NAMES = ["Ann", "Bob", "Cyd", "Dov", "Eli", "Fay", "Gus", "Hal"]
NB, NN = "\u00a0", "\u202f"  # French no-break space (before ":") and narrow no-break space (before ";!?")


def table_of(
    engine: Any,
    state: GameState,
    *,
    table_id: int,
    version: int = 5,
    names: Sequence[str] = NAMES,
    status: str = "active",
    locale: str = "en",
    seed: int = 1,
) -> Table:
    """A table of `engine` in `state`, as the service would hold it (seat s is user 1000 + s)."""
    options: Any = getattr(state, "options", None)
    record = TableRecord(
        id=table_id,
        guild_id=1,
        channel_id=2,
        game=engine.name,
        status=status,  # type: ignore[arg-type]
        host_id=1000,
        options=options.model_dump(mode="json") if options is not None else {},
        seats=[Seat(1000 + seat, names[seat]) for seat in range(state.players)],
        seed=seed,
        state=engine.dump_state(state),
        version=version,
        table_message_id=3,
        locale=locale,
        created_at=0.0,
        updated_at=0.0,
    )
    return Table(record=record, engine=engine, state=state)


def plain(text: str) -> str:
    """French spacing as plain spaces, to compare texts whose typography another catalogue sets."""
    return text.replace(NB, " ").replace(NN, " ")


def buttons(view: discord.ui.View) -> list[dict[str, Any]]:
    """Every button of a layout, as Discord receives it."""
    return [child for row in view.to_components() for child in row["components"] if child["type"] == 2]


def moves(table: Table, seat: int, lang: str) -> list[tuple[str, discord.ButtonStyle]]:
    """The label (plain spacing) and colour of each move button of `seat`'s hand."""
    found = [button for button in buttons(hand_view(table, seat, lang)) if Move.pattern.fullmatch(button["custom_id"])]
    return [(plain(button.get("label", "")), discord.ButtonStyle(button["style"])) for button in found]


def lines(embed: discord.Embed) -> list[str]:
    """Every line of an embed: its description, then each field's name and value lines."""
    out = (embed.description or "").split("\n")
    for field in embed.fields:
        out += [field.name or "", *(field.value or "").split("\n")]
    return out


def payload(embed: discord.Embed, view: discord.ui.View | None) -> dict[str, Any]:
    """A message's body as Discord receives it (embeds and components, through JSON)."""
    body: dict[str, Any] = {"embeds": [embed.to_dict()]}
    if view is not None:
        body["components"] = view.to_components()
    loaded: dict[str, Any] = json.loads(json.dumps(body))
    return loaded


def limit_problems_in_playouts(
    engine: Any, rng: random.Random, *, playouts: int, per_playout: int, players: int
) -> tuple[list[str], int]:
    """Discord's limits checked on the table and every seat's hand, in both languages, with the longest names and
    game id, at states sampled from random playouts (their ends included): (problems, states checked)."""
    problems: list[str] = []
    checked = 0
    for playout, step in sampled_states(
        engine, rng, playouts=playouts, per_playout=per_playout, ends=True, players=players
    ):
        state = playout.states[step]
        for lang in LANGUAGES:
            tbl = table_of(engine, state, table_id=9_223_372_036_854_775_000, names=["W" * 32] * players, locale=lang)
            found = message_problems(payload(table_embed(tbl, lang), table_view(tbl, lang)))
            for seat in range(playout.players):
                found += message_problems(payload(hand_embed(tbl, seat, lang), hand_view(tbl, seat, lang)))
            problems += [f"seed {playout.seed} step {step} ({lang}): {problem}" for problem in found]
            checked += 1
    return problems, checked


def component_texts(table: Table, seat: int | None, lang: str) -> list[str]:
    """Every text of the components of the public table (`seat` None) or of a seat's hand: button labels, select
    placeholders, option labels and descriptions."""
    view = table_view(table, lang) if seat is None else hand_view(table, seat, lang)
    found: list[str] = []
    for row in view.to_components() if view is not None else []:
        for item in row["components"]:
            found += [item.get("label") or "", item.get("placeholder") or ""]
            for option in item.get("options", []):
                found += [option.get("label") or "", option.get("description") or ""]
    return found


def longest_card_emojis(*, without: Sequence[str] = ()) -> dict[str, CardEmoji]:
    """An emoji for every card face of the committed manifest (but the decks in `without`), with the longest ids
    Discord gives: the longest text each face can take (`<:name:1300…>`)."""
    return {
        card_key(entry.deck, entry.card): CardEmoji(name, 1_300_000_000_000_000_000 + index)
        for index, (name, entry) in enumerate(load_manifest().emojis.items())
        if entry.deck not in without
    }
