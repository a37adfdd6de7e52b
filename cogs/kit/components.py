"""Restart-proof components, each declared once: its custom_id, parsing, drawing and routing all follow.

A component is a small frozen dataclass of typed parts (`cogs.kit.ids`), declared
with a readable word and the id form it had before (its alias)::

    class Hand(Button, word="hand", old="cr:h"):
        game: int = part(GAME)

From that one declaration: `Hand(game=7).custom_id` is `hand:7`, `Hand.parse(...)`
reads either `hand:7` or the old `cr:h:7` back into a `Hand` (None for anything
else: a number out of its bounds, a word not among its own), `.button(...)`
draws it (a select: `.menu(...)`), and `route(Hand, handler)` builds the
discord.ui.DynamicItem that hands a click's `Hand` to `handler`. The whole state
lives in the custom_id, so a component works after a restart (discord.py's
examples/views/dynamic_counter.py), and a message posted before the ids were
renamed keeps working through the alias.

Each cog declares its own components and routes them to its own handlers when
it is set up (`bot.add_dynamic_items(*routes)`): the handler is bound there, so
no click looks its cog up by name. The declarations are known here, so that a
click no route takes can be told apart: forged, of the wrong type, or no longer
on its message (`is_known`, `expected_type`, `mismatched`).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Awaitable, Callable
from typing import Any, ClassVar, Self, TypeVar, dataclass_transform

import discord

from cogs.kit.ids import LIMIT, Part
from cogs.kit.layout import ButtonLook

Interaction = discord.Interaction[Any]
BUTTON = discord.ComponentType.button.value
SELECT = discord.ComponentType.string_select.value
WORD = re.compile(r"[a-z]+(?:-[a-z]+)*")  # a readable word, lower case: no two differ only by case

T = TypeVar("T")
C = TypeVar("C", bound="Component")

_DECLARED: dict[str, type[Component]] = {}


def part(kind: Part[T], *, default: Any = dataclasses.MISSING) -> T:
    """A field of a component: a typed part of its custom_id, in the order of the fields."""
    field: Any = dataclasses.field(default=default, metadata={"part": kind})
    return field  # type: ignore[no-any-return]


def _form(head: str, parts: tuple[tuple[str, Part[Any]], ...], *, named: bool) -> str:
    """`head` then each part, `:`-separated (a flag: an optional `:<word>`)."""
    text = head
    for name, kind in parts:
        group = f"(?P<{name}>{kind.pattern})" if named else f"(?:{kind.pattern})"
        text += f"(?::{group})?" if kind.flag else f":{group}"
    return text


def _old_form(old: str, parts: tuple[tuple[str, Part[Any]], ...], *, named: bool) -> str:
    """The alias: `old` is the old prefix of the same parts, or a whole template naming them `{part}`."""
    if "{" not in old:
        return _form(re.escape(old), parts, named=named)
    kinds = dict(parts)
    pieces = re.split(r"\{(\w+)\}", old)
    text = ""
    for position, piece in enumerate(pieces):
        if position % 2 == 0:
            text += re.escape(piece)
        else:
            text += f"(?P<{piece}>{kinds[piece].pattern})" if named else f"(?:{kinds[piece].pattern})"
    return text


@dataclass_transform(frozen_default=True, field_specifiers=(part,))
class Component:
    """The declaration of one kind of component (subclass `Button` or `Select`, with `word=` and `old=`)."""

    word: ClassVar[str]  # the readable prefix of its custom_id
    old: ClassVar[str]  # its former id form (an alias, still parsed): an old prefix, or a template
    kind: ClassVar[int]  # BUTTON or SELECT
    parts: ClassVar[tuple[tuple[str, Part[Any]], ...]]
    forms: ClassVar[tuple[re.Pattern[str], ...]]  # the current form, then the alias; named groups
    pattern: ClassVar[re.Pattern[str]]  # the current form (`forms[0]`)
    template: ClassVar[re.Pattern[str]]  # either form: what discord.py routes a click by

    def __init_subclass__(cls, *, word: str = "", old: str = "", **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if not word:  # `Button`, `Select`: kinds, not components
            return
        if not WORD.fullmatch(word) or word in _DECLARED:
            raise ValueError(f"{word!r} is not a new readable word")
        dataclasses.dataclass(frozen=True)(cls)
        cls.word, cls.old = word, old
        cls.parts = tuple((field.name, field.metadata["part"]) for field in dataclasses.fields(cls))  # type: ignore[arg-type]
        new = _form(re.escape(word), cls.parts, named=True)
        forms = [new] + ([_old_form(old, cls.parts, named=True)] if old else [])
        cls.forms = tuple(re.compile(form) for form in forms)
        cls.pattern = cls.forms[0]
        bare = [_form(re.escape(word), cls.parts, named=False)]
        bare += [_old_form(old, cls.parts, named=False)] if old else []
        cls.template = re.compile("(?:" + "|".join(bare) + ")")
        longest = cls.longest().custom_id
        if len(longest) > LIMIT:
            raise ValueError(f"{cls.__name__}'s longest custom_id has {len(longest)} characters")
        _DECLARED[word] = cls

    @property
    def custom_id(self) -> str:
        text = self.word
        for name, kind in self.parts:
            value = getattr(self, name)
            if not kind.flag or value:
                text += ":" + kind.write(value)
        return text

    @classmethod
    def parse(cls, custom_id: str) -> Self | None:
        """The component a custom_id names, in its current form or its alias; None if it is not one."""
        for form in cls.forms:
            match = form.fullmatch(custom_id)
            if match is not None:
                values = {
                    name: (match[name] is not None) if kind.flag else kind.read(match[name]) for name, kind in cls.parts
                }
                return cls(**values)
        return None

    @classmethod
    def longest(cls) -> Self:
        """The component with every part at its bound: its longest custom_id."""
        return cls(**{name: kind.longest for name, kind in cls.parts})


class Button(Component):
    """A button: drawn by `button`, as our one way to emit a button (`ButtonLook`)."""

    kind = BUTTON
    STYLE: ClassVar[discord.ButtonStyle] = discord.ButtonStyle.secondary
    EMOJI: ClassVar[str | None] = None

    def button(
        self,
        label: str = "",
        *,
        style: discord.ButtonStyle | None = None,
        emoji: discord.PartialEmoji | str | None = None,
        disabled: bool = False,
    ) -> ButtonLook:
        """How it shows: `style` and `emoji` default to the component's own."""
        return ButtonLook(
            self.custom_id, label, style or self.STYLE, emoji if emoji is not None else self.EMOJI, disabled
        )


class Select(Component):
    """A select menu: drawn by `menu`."""

    kind = SELECT

    def menu(
        self,
        options: list[discord.SelectOption],
        *,
        row: int,
        placeholder: str | None = None,
        min_values: int = 1,
        max_values: int = 1,
    ) -> discord.ui.Select[Any]:
        return discord.ui.Select(
            custom_id=self.custom_id,
            options=options,
            placeholder=placeholder,
            min_values=min_values,
            max_values=max_values,
            row=row,
        )


Routed = type[discord.ui.DynamicItem[discord.ui.Item[Any]]]


def route(component: type[C], handler: Callable[[Interaction, C], Awaitable[None]]) -> Routed:
    """The DynamicItem discord.py routes `component`'s clicks to: it parses the custom_id and calls `handler`.

    Register it with `bot.add_dynamic_items`. It wraps the item discord.py built from the clicked message, so
    nothing is drawn again to route a click.
    """

    class Item(discord.ui.DynamicItem[discord.ui.Item[Any]], template=component.template):
        def __init__(self, item: discord.ui.Item[Any], ids: C) -> None:
            super().__init__(item)
            self.ids = ids

        @classmethod
        async def from_custom_id(
            cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
        ) -> Self:
            ids = component.parse(match.string)
            if ids is None:  # the template is the forms': it cannot match what they refuse
                raise ValueError(f"{match.string!r} is not a {component.__name__}")
            return cls(item, ids)

        async def callback(self, interaction: Interaction) -> None:
            await handler(interaction, self.ids)

    Item.__name__ = Item.__qualname__ = f"{component.__name__}Item"
    return Item


def declared() -> tuple[type[Component], ...]:
    """Every component declared (by the cogs imported)."""
    return tuple(_DECLARED.values())


def identify(custom_id: str) -> type[Component] | None:
    """The declaration whose current form or alias `custom_id` is, None if it is none of ours."""
    for component in _DECLARED.values():
        if component.template.fullmatch(custom_id):
            return component
    return None


def is_known(custom_id: str) -> bool:
    """True when `custom_id` is one of ours, well formed."""
    return identify(custom_id) is not None


def expected_type(custom_id: str) -> int | None:
    """The component type our components of `custom_id`'s format are (a button or a select), None if not ours."""
    component = identify(custom_id)
    return None if component is None else component.kind


def carried(message: discord.Message | None) -> set[tuple[int, str]]:
    """(component type, custom_id) of every component `message` carries."""
    found: set[tuple[int, str]] = set()
    for row in message.components if message else []:
        for child in getattr(row, "children", [row]):
            custom_id = getattr(child, "custom_id", None)
            if custom_id:
                found.add((int(child.type.value), custom_id))
    return found


def mismatched(message: discord.Message | None, custom_id: str, component_type: int) -> bool:
    """Whether a component interaction of `component_type` names a component of another type: one `message`
    carries under that id, or the type our components of that id's format are (a button's click on a menu's id)."""
    carried_as = {kind for kind, carried_id in carried(message) if carried_id == custom_id}
    expected = expected_type(custom_id)
    return bool(carried_as - {component_type}) or (expected is not None and expected != component_type)


def chosen(interaction: Interaction) -> list[str]:
    """The values picked in a select menu, as Discord sent them."""
    data: dict[str, Any] = dict(interaction.data or {})
    return [str(value) for value in data.get("values", [])]
