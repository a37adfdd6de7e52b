"""Component declarations (`cogs.kit.components`): every custom_id round-trips, fits, and is bounded.

Every number a custom_id carries is bounded by its pattern to the range of the column it names; a forged id (a
number out of range, a word or a character a part does not take) matches no declaration, so discord.py routes it
to nothing. The ids messages carried before the prefixes became words (`cr:` and a letter, some differing only by
case) are still routed, to the same handler with the same values.
"""

from __future__ import annotations

import re
from types import SimpleNamespace
from typing import Any, cast

import discord
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.storage import Database, TableNotFoundError
from cogs.history import _components as history
from cogs.kit.components import BUTTON, Component, declared, identify, is_known, route
from cogs.kit.ids import LIMIT, MAX_TABLE_ID, Part, up_to
from cogs.tables import _components as tables
from cogs.tables import _next as onward
from cogs.tables import _premoves as premoves

LARGEST = 2**63 - 1  # SQLite's INTEGER, PostgreSQL's BIGINT
COMPONENTS = [*declared()]
OURS = {
    *(item.__name__ for item in vars(tables).values() if isinstance(item, type) and issubclass(item, Component)),
    *(item.__name__ for item in vars(history).values() if isinstance(item, type) and issubclass(item, Component)),
} - {"Button", "Select", "Component"}

# The ids messages posted before the rename carry, each with the id its declaration writes now for the same values.
OLD_AND_NEW = [
    ("cr:l:7:join", "lobby:7:join"),
    ("cr:o:7:ending", "option:7:ending"),
    ("cr:L:7", "language:7"),
    ("cr:c:7:pace", "clock:7:pace"),
    ("cr:k:7:remove", "computer:7:remove"),
    ("cr:h:7", "hand:7"),
    ("cr:r:7", "refresh:7"),
    ("cr:a:7:31:2:0badc0de", "move:7:31:2:0badc0de"),
    ("cr:a:7:31:2:0badc0de:y", "move:7:31:2:0badc0de:y"),
    ("cr:q:7", "leave:7"),
    ("cr:Q:7", "leave-confirm:7"),
    ("cr:z:7:resume", "pause:7:resume"),
    ("cr:R:7", "rematch:7"),
    ("cr:T:pairs", "thread:pairs"),
    ("cr:g:7:12", "log:7:12"),
    ("cr:p:7:31:0badc0de:1:2:KS*2.9D", "pick:7:31:0badc0de:1:2:KS*2.9D"),
    ("cr:P:7:31:0badc0de:KS*2.9D", "pick-done:7:31:0badc0de:KS*2.9D"),
    ("cr:n:7:31:0badc0de:1:", "browse:7:31:0badc0de:1:"),
    ("cr:y:7", "replay:7"),
    ("cr:Y:7:12:n", "replay-step:7:12:n"),
    ("cr:Y:7:12:j", "replay-jump:7:12"),
]


def name(component: type[Component]) -> str:
    return component.__name__


@given(st.integers(min_value=1, max_value=10**6), st.integers(min_value=0, max_value=10**7))
def test_up_to_matches_exactly_one_to_its_limit(limit: int, number: int) -> None:
    pattern = re.compile(up_to(limit))
    assert bool(pattern.fullmatch(str(number))) == (1 <= number <= limit)
    assert not pattern.fullmatch("0" + str(number))  # no leading zeros


def test_every_component_of_the_cogs_is_declared_once_with_its_own_readable_word() -> None:
    assert {name(component) for component in COMPONENTS} >= OURS
    words = [component.word for component in COMPONENTS]
    assert len({word.casefold() for word in words}) == len(words)  # none differs from another only by case
    assert all(re.fullmatch(r"[a-z]+(?:-[a-z]+)*", word) for word in words)


@pytest.mark.parametrize("component", COMPONENTS, ids=name)
def test_the_longest_id_fits_and_round_trips(component: type[Component]) -> None:
    longest = component.longest()
    custom_id = longest.custom_id
    assert len(custom_id) <= LIMIT and component.pattern.fullmatch(custom_id)
    assert component.parse(custom_id) == longest and identify(custom_id) is component


def values(part: Part[Any]) -> st.SearchStrategy[Any]:
    """Any value `part` takes: a number within its bounds, a text its pattern allows."""
    if part.flag:
        return st.booleans()
    if isinstance(part.longest, int):
        return st.integers(min_value=0 if re.fullmatch(part.pattern, "0") else 1, max_value=part.longest)
    return st.from_regex(part.pattern, fullmatch=True).map(part.read)


@pytest.mark.parametrize("component", COMPONENTS, ids=name)
@settings(max_examples=30)
@given(data=st.data())
def test_any_id_a_declaration_writes_is_parsed_back_to_the_same_values(
    component: type[Component], data: st.DataObject
) -> None:
    ids = component(**{field: data.draw(values(part)) for field, part in component.parts})
    assert len(ids.custom_id) <= LIMIT
    assert component.parse(ids.custom_id) == ids and identify(ids.custom_id) is component


def forgeries(component: type[Component]) -> list[str]:
    """Ids like `component`'s longest, with one part replaced by what it does not take."""
    longest = component.longest()
    texts = {field: part.write(getattr(longest, field)) for field, part in component.parts}
    found = []
    for field, part in component.parts:
        if part.flag:
            bad = ["n", "yy"]
        elif part.pattern == up_to(MAX_TABLE_ID):
            bad = [str(MAX_TABLE_ID + 1), str(2**64), "0", "01", "-1", "x"]
        elif isinstance(part.longest, int):
            bad = [str(part.longest + 1), "-1", "x", "1.5", ""]  # one digit too many, a sign, not a number
        else:
            bad = ["!", "é", part.write(part.longest) + "x" * 60]
        for text in bad:
            parts = {**texts, field: text}
            forged = component.word + "".join(":" + parts[other] for other, _ in component.parts)
            found.append(forged)
    return found


@pytest.mark.parametrize("component", COMPONENTS, ids=name)
def test_a_forged_id_is_refused_by_every_declaration(component: type[Component]) -> None:
    for forged in forgeries(component):
        assert component.parse(forged) is None, forged
        assert not is_known(forged), forged


@pytest.mark.parametrize("table_id", [LARGEST + 1, 2**64, 10**19 - 1, 10**30])
def test_a_table_id_beyond_the_column_matches_no_template(table_id: int) -> None:
    """discord.py routes a click to a DynamicItem by its template: an id out of range never reaches a callback."""
    forged = [
        tables.Hand(table_id).custom_id,
        tables.Move(table_id, 1, 0, "0badc0de").custom_id,
        tables.Lobby(table_id, "join").custom_id,
        f"cr:h:{table_id}",
        f"cr:a:{table_id}:1:0:0badc0de",
    ]
    for custom_id in forged:
        assert not is_known(custom_id)
        assert not any(component.template.fullmatch(custom_id) for component in COMPONENTS)


@pytest.mark.parametrize(("old", "new"), OLD_AND_NEW)
def test_an_old_id_names_the_same_component_as_the_new_one(old: str, new: str) -> None:
    component = identify(new)
    assert component is not None and identify(old) is component
    parsed = component.parse(old)
    assert parsed is not None and parsed == component.parse(new) and parsed.custom_id == new


def test_the_old_forms_bound_their_numbers_too() -> None:
    for forged in (f"cr:h:{LARGEST + 1}", "cr:h:0", "cr:a:7:12345678901:0:0badc0de", "cr:g:7:12345", "cr:Y:7:1:x"):
        assert not is_known(forged), forged


class Recorder:
    """Stands in for a cog's handlers: every call is recorded as (handler, arguments after the interaction)."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = []

    def __getattr__(self, handler: str) -> Any:
        async def record(interaction: Any, *args: Any, **kwargs: Any) -> None:
            self.calls.append((handler, args, kwargs))

        return record


async def click(items: dict[re.Pattern[str], Any], custom_id: str) -> None:
    """Route a click on `custom_id` as discord.py does: the first template that matches builds the item."""
    (item,) = [item for template, item in items.items() if template.fullmatch(custom_id)]
    component = identify(custom_id)
    assert component is not None
    base: discord.ui.Item[Any] = (
        discord.ui.Button(custom_id=custom_id)
        if component.kind == BUTTON
        else discord.ui.Select(custom_id=custom_id, options=[discord.SelectOption(label="x")])
    )
    interaction = SimpleNamespace(data={"custom_id": custom_id, "values": ["3"]})
    match = item.__discord_ui_compiled_template__.fullmatch(custom_id)
    built = await item.from_custom_id(interaction, base, match)
    await built.callback(interaction)


async def test_an_old_id_is_routed_to_the_same_handler_with_the_same_values() -> None:
    recorder = Recorder()
    routed = [*tables.routes(cast(Any, recorder)), *history.routes(cast(Any, recorder))]
    routed += onward.routes(cast(Any, recorder))
    routed += premoves.routes(cast(Any, recorder))
    items = {item.__discord_ui_compiled_template__: item for item in routed}
    assert len(items) == len(routed) == len(COMPONENTS)  # one route per declaration
    for old, new in OLD_AND_NEW:
        await click(items, old)
        await click(items, new)
        assert len(recorder.calls) == 2 and recorder.calls[0] == recorder.calls[1], (old, recorder.calls)
        recorder.calls.clear()


async def test_a_route_hands_its_handler_the_typed_values() -> None:
    seen: list[tables.Move] = []

    async def handler(interaction: Any, move: tables.Move) -> None:
        seen.append(move)

    item = route(tables.Move, handler)
    await click({item.__discord_ui_compiled_template__: item}, "cr:a:7:31:2:0badc0de:y")
    assert seen == [tables.Move(7, 31, 2, "0badc0de", confirmed=True)]
    assert isinstance(seen[0].version, int) and seen[0].confirmed is True


async def test_storage_treats_an_id_beyond_its_column_as_unknown() -> None:
    db = await Database.open(":memory:")
    try:
        for table_id in (2**63, -(2**63) - 1, 10**40):
            with pytest.raises(TableNotFoundError):
                await db.tables.get(table_id)
    finally:
        await db.close()
