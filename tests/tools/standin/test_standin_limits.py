"""Unit tests of the pure Discord-limits checker (tools/standin/limits.py)."""

from __future__ import annotations

import json
from typing import Any

import discord
import pytest

from tools.standin.limits import (
    callback_problems,
    choices_problems,
    command_problems,
    commands_problems,
    message_problems,
    modal_problems,
    valid_command_name,
)


def button(custom_id: str = "b", label: str = "Go", **extra: Any) -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": label, "custom_id": custom_id, **extra}


def row(*components: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(components)}


def has(problems: list[str], *needles: str) -> bool:
    return any(all(n in p for n in needles) for p in problems)


def test_discord_py_view_payload_is_clean() -> None:
    view = discord.ui.View()
    for i in range(5):
        view.add_item(discord.ui.Button(label=f"Seat {i}", custom_id=f"seat:{i}"))
    view.add_item(discord.ui.Button(label="Rules", url="https://example.com/rules"))
    view.add_item(
        discord.ui.Select(custom_id="game", options=[discord.SelectOption(label=g) for g in ("Poker", "Rummy")])
    )
    embed = discord.Embed(title="Table", description="Waiting for players", colour=0x2F3136)
    embed.add_field(name="Seats", value="2/4").set_footer(text="Cardroom")
    body = json.loads(json.dumps({"content": "hi", "embeds": [embed.to_dict()], "components": view.to_components()}))
    assert message_problems(body, require_content=True) == []


def test_content_length() -> None:
    assert message_problems({"content": "x" * 2000}) == []
    assert has(message_problems({"content": "x" * 2001}), "content", "2001", "2000")


def test_oversize_embeds() -> None:
    assert has(message_problems({"embeds": [{"title": "t" * 257}]}), "embeds[0].title", "256")
    assert has(message_problems({"embeds": [{"description": "d" * 4097}]}), "embeds[0].description")
    fields = [{"name": "n", "value": "v"}] * 26
    assert has(message_problems({"embeds": [{"fields": fields}]}), "26 fields")
    assert has(message_problems({"embeds": [{"fields": [{"name": "n" * 257, "value": "v"}]}]}), "fields[0].name")
    assert has(message_problems({"embeds": [{"fields": [{"name": "n", "value": "v" * 1025}]}]}), "fields[0].value")
    assert has(message_problems({"embeds": [{"fields": [{"name": "n", "value": ""}]}]}), "fields[0].value", "< 1")
    assert has(message_problems({"embeds": [{"footer": {"text": "f" * 2049}}]}), "footer.text")
    assert has(message_problems({"embeds": [{"author": {"name": "a" * 257}}]}), "author.name")
    assert has(message_problems({"embeds": [{"title": "t"}] * 11}), "11 embeds")
    # each embed within its limits, but more than 6000 characters together
    big = [{"description": "d" * 4000}, {"description": "d" * 2001}]
    assert has(message_problems({"embeds": big}), "6001", "6000")


def test_too_many_buttons_and_rows() -> None:
    assert message_problems({"components": [row(*(button(f"b{i}") for i in range(5)))]}) == []
    assert has(message_problems({"components": [row(*(button(f"b{i}") for i in range(6)))]}), "6 buttons")
    rows = [row(button(f"r{i}")) for i in range(6)]
    assert has(message_problems({"components": rows}), "6 action rows")
    select = {"type": 3, "custom_id": "s", "options": [{"label": "a", "value": "a"}]}
    assert has(message_problems({"components": [row(select, button())]}), "alone")
    assert has(message_problems({"components": [button()]}), "not allowed at top level")


def test_custom_ids() -> None:
    assert has(message_problems({"components": [row(button("x" * 101))]}), "custom_id", "101", "100")
    assert message_problems({"components": [row(button("x" * 100))]}) == []
    dupes = {"components": [row(button("same")), row(button("same"))]}
    assert has(message_problems(dupes), "not unique")
    assert has(message_problems({"components": [row({"type": 2, "style": 1, "label": "x"})]}), "needs a custom_id")
    link = {"type": 2, "style": 5, "label": "x", "url": "https://e.x", "custom_id": "nope"}
    assert has(message_problems({"components": [row(link)]}), "link button must not have a custom_id")
    assert has(message_problems({"components": [row({"type": 2, "style": 5, "label": "x"})]}), "needs a url")
    assert has(message_problems({"components": [row(button(label="l" * 81))]}), "label", "81")


def test_selects() -> None:
    def select(**kw: Any) -> dict[str, Any]:
        return {"components": [row({"type": 3, "custom_id": "s", **kw})]}

    opts = [{"label": f"o{i}", "value": f"v{i}"} for i in range(25)]
    assert message_problems(select(options=opts, max_values=25)) == []
    assert has(message_problems(select(options=[])), "0 options")
    assert has(message_problems(select(options=[*opts, {"label": "x", "value": "x"}])), "26 options")
    assert has(message_problems(select(options=[{"label": "l" * 101, "value": "v"}])), "options[0].label")
    assert has(message_problems(select(options=[{"label": "l", "value": "v", "description": "d" * 101}])), "descr")
    assert has(message_problems(select(options=opts, placeholder="p" * 151)), "placeholder")
    assert has(message_problems(select(options=opts, min_values=3, max_values=2)), "min_values 3 > max_values 2")
    assert has(message_problems(select(options=opts[:2], max_values=3)), "number of options")
    assert has(message_problems(select(options=[opts[0], opts[0]])), "duplicate option value")


def test_components_v2() -> None:
    text = {"type": 10, "content": "hello"}
    assert message_problems({"flags": 1 << 15, "components": [{"type": 17, "components": [text]}]}) == []
    assert has(message_problems({"flags": 1 << 15, "content": "x", "components": [text]}), "content", "V2")
    many = [{"type": 10, "content": "x"}] * 41
    assert has(message_problems({"flags": 1 << 15, "components": many}), "41 components")


def test_empty_message_and_flags() -> None:
    assert has(message_problems({}, require_content=True), "empty message")
    assert message_problems({}) == []  # edits may omit everything
    assert has(message_problems({"content": "x", "flags": 1 << 7}), "flags")


def test_callbacks() -> None:
    assert callback_problems({"type": 4, "data": {"content": "hi", "flags": 64}}, 2) == []
    assert has(callback_problems({"type": 7, "data": {"content": "hi"}}, 2), "not valid for interaction type 2")
    assert has(callback_problems({"type": 6}, 4), "not valid")
    assert callback_problems({"type": 6}, 3) == []
    choices = [{"name": f"c{i}", "value": f"v{i}"} for i in range(26)]
    assert has(callback_problems({"type": 8, "data": {"choices": choices}}, 4), "26 choices")
    assert has(choices_problems([{"name": "n" * 101, "value": "v"}]), "choices[0].name")
    assert has(choices_problems([{"name": "n", "value": "v" * 101}]), "choices[0].value")
    assert choices_problems([{"name": "n", "value": 3}]) == []


def test_modals() -> None:
    text_input = {"type": 4, "custom_id": "bet", "style": 1, "label": "Bet"}
    modal = {"title": "Raise", "custom_id": "raise", "components": [row(text_input)]}
    assert modal_problems(modal) == []
    assert has(modal_problems({**modal, "title": "t" * 46}), "title")
    assert has(callback_problems({"type": 9, "data": modal}, 4), "not valid")


@pytest.mark.parametrize("name", ["play", "new-table", "mise_en_jeu", "café", "日本語", "नमस्ते", "ไพ่"])
def test_valid_command_names(name: str) -> None:
    assert valid_command_name(name) is None


@pytest.mark.parametrize("name", ["", "Play", "two words", "x" * 33, "emoji🃏", "slash/"])
def test_invalid_command_names(name: str) -> None:
    assert valid_command_name(name) is not None


def test_commands() -> None:
    good = {
        "name": "table",
        "description": "Tables",
        "name_localizations": {"fr": "table"},
        "description_localizations": {"fr": "Tables de jeu"},
        "options": [
            {
                "type": 1,
                "name": "open",
                "description": "Open one",
                "options": [{"type": 4, "name": "seats", "description": "Seats", "required": True}],
            }
        ],
    }
    assert command_problems(good) == []
    assert has(command_problems({**good, "description": "d" * 101}), "description", "101")
    assert has(command_problems({**good, "description": ""}), "description")
    assert has(command_problems({**good, "name_localizations": {"fr": "Table"}}), "lowercase")
    assert has(command_problems({**good, "name_localizations": {"xx": "t"}}), "not a Discord locale")
    assert has(command_problems({**good, "description_localizations": {"fr": "d" * 101}}), "description_loc")
    options = [{"type": 3, "name": f"o{i}", "description": "d"} for i in range(26)]
    assert has(command_problems({"name": "x", "description": "d", "options": options}), "26 options")
    order = [{"type": 3, "name": "a", "description": "d"}, {"type": 3, "name": "b", "description": "d", "required": 1}]
    assert has(command_problems({"name": "x", "description": "d", "options": order}), "required options")
    assert command_problems({"type": 3, "name": "Report Hand", "description": ""}) == []  # message context menu
    many = [{"name": f"c{i}", "description": "d"} for i in range(101)]
    assert has(commands_problems(many), "101 global")
    assert has(commands_problems([good, good]), "registered twice")
