"""Every text a player can see reads as typeset French or plain English: checked over every catalogue text and over
the lobby, the table and every seat's hand of every game, in both languages, at every state of seeded random
playouts (their ends included), with and without a clock. The checks are here; the lobbies and the playouts' states
are drawn in `test_rendered_states.py` (`test_every_rendered_text`), whose playouts every check of what the tables
and hands show shares.

What is checked (`problems`):

* French: a no-break space (U+00A0) before ":", a narrow no-break space (U+202F) before ";", "!" and "?" wherever
  the mark follows text; no ASCII apostrophe; no K/Q/J court letter (French shows R, D, V).
* English: no space before ":", ";", "!" or "?".
* Both: no "(s)" plural hack, no `{placeholder}` left unfilled, no raw catalogue key (`deadmoney.hand.pair`).

Discord markup is not text and is left out first: timestamps `<t:…>`, custom emojis `<:name:id>`, mentions and
channels `<@…>`, `<#…>`, links and URLs, emoji shortcodes `:name:`, times such as 10:30, and inline code (literal
syntax such as a command with its options, read as one word). In rendered text a lone
"?" (an unknown card or seat shown as "?") is a symbol, not a question mark; catalogue texts get no such leeway.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from typing import Any

import discord

from bot.i18n import LANGUAGES, NBSP, NNBSP, catalogue, forms
from bot.services.clock import TableClock
from bot.services.tables import Table
from bot.storage import Seat, TableRecord
from cogs.render.frame import secret_events, standings
from cogs.tables._views import (
    clock_panel,
    confirm_question,
    hand_message,
    leave_confirm_view,
    options_panel,
    pick_notice,
    picker_pick,
    table_message,
)
from engines.core import Engine
from tests.conformance.playout import Playout

AnyEngine = Engine[Any, Any, Any, Any]
NAMES = ["Ada", "Bea", "Cyd", "Dov", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lou"]
# Whole playouts whose states are checked (`test_rendered_states.py`): Dead Money games are long, fewer of them.
PLAYOUTS = {"deadmoney": 2}
PLAYOUTS_DEFAULT = 3
# Steps of a playout whose texts are checked: every one with CARDROOM_LONG_FUZZ=1, else at most this many, spread
# evenly from the first to the last (a long game, as Zombie's, repeats the same texts at most of its steps).
LONG_FUZZ = os.environ.get("CARDROOM_LONG_FUZZ", "") not in ("", "0")
STEPS_CHECKED = 40
NOW = 1_800_000_000.0

MARKUP = re.compile(
    r"<t:\d+(?::[a-zA-Z])?>"  # timestamps
    r"|<a?:\w+:\d+>"  # custom emojis
    r"|<(?:@[!&]?|#)\d+>"  # mentions, channels
    r"|\]\([^)]*\)"  # the target of a markdown link
    r"|https?://\S+"  # URLs
    r"|(?<![\w:]):[a-z0-9_+-]+:(?![\w:])"  # emoji shortcodes
    r"|\b\d{1,2}:\d{2}\b"  # times
    r"|`[^`\n]*`"  # inline code: literal syntax (a command with its options, "seed:salt"), not prose
)
MARK = re.compile(r"[:;!?]")
# "?" standing for an unknown card or seat: alone, after an opening bracket or a mark, not after a word
LONE_QUESTION = re.compile(r"(?:^|(?<=\()|(?<=[^\w\s][ \u00a0\u202f]))\?(?=$|[\s),.·])")
PLACEHOLDER = re.compile(r"\{[a-z_][a-z0-9_]*\}")
KEY = re.compile(r"^[a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+$")
COURT_LETTER = re.compile(r"(?<![\w-])[KQJ](?=[♣♦♥♠]|[\s,)-]|$)")


# ----- the checks ---------------------------------------------------------------------------------------------------
def text_problems(text: str, lang: str, *, rendered: bool = True) -> list[str]:
    """What is wrong with one text a player sees (empty if nothing)."""
    problems = []
    if "(s)" in text:
        problems.append('"(s)" plural hack')
    unfilled = PLACEHOLDER.search(text) if rendered else None
    if unfilled:
        problems.append(f"placeholder left unfilled: {unfilled.group()}")
    if rendered:
        for line in text.splitlines():
            bare = line.strip().strip("*_`")
            if KEY.match(bare):
                problems.append(f"raw catalogue key: {bare}")
    # Markup becomes a space; inline code a word (it stands where a word would: "drew a `6`: …").
    plain = MARKUP.sub(lambda found: "code" if found.group().startswith("`") else " ", text)
    if rendered:
        plain = LONE_QUESTION.sub(" ", plain)
    if lang == "fr":
        problems += _french_problems(plain)
    else:
        problems += _english_problems(plain)
    return problems


def _french_problems(plain: str) -> list[str]:
    problems = []
    if "'" in plain:
        problems.append("ASCII apostrophe (French uses ’)")
    for match in MARK.finditer(plain):
        start = match.start()
        before = plain[:start]
        if not before.strip() or before.endswith("\n"):
            continue  # nothing to space from
        wanted = NBSP if match.group() == ":" else NNBSP
        if not before.endswith(wanted):
            name = "U+00A0" if wanted == NBSP else "U+202F"
            problems.append(f"no {name} before {match.group()!r}: …{plain[max(0, start - 25) : start + 2]!r}")
    court = COURT_LETTER.search(plain)
    if court:
        context = plain[max(0, court.start() - 15) : court.end() + 15]
        problems.append(f"court letter {court.group()!r} (French uses R, D, V): …{context!r}")
    return problems


def _english_problems(plain: str) -> list[str]:
    problems = []
    for match in MARK.finditer(plain):
        start = match.start()
        before = plain[:start]
        if before.strip() and before[-1] in (" ", NBSP, NNBSP) and not before.endswith("\n"):
            problems.append(f"space before {match.group()!r}: …{plain[max(0, start - 25) : start + 2]!r}")
    return problems


def test_the_checks_catch_what_they_should() -> None:
    """The checker itself: each rule catches its fault and lets typeset text and Discord markup through."""
    assert text_problems(f"Pioche{NBSP}: 3 cartes{NNBSP}; à vous{NNBSP}! Vraiment{NNBSP}?", "fr") == []
    assert text_problems("Pioche : 3", "fr") and text_problems("Pioche: 3", "fr")
    assert text_problems(f"Fin{NBSP}; non", "fr") and text_problems("Vraiment ?", "fr")
    assert text_problems("l'hôte", "fr") and text_problems(f"Joue K♠{NBSP}!", "fr")
    assert text_problems(f"Joue R♠️ et 10♦️ (V, D, R){NNBSP}!", "fr") == []
    assert text_problems("2 carte(s)", "en") and text_problems("Deck : 3", "en")
    assert text_problems("Deck: {deck}", "en") and text_problems("deadmoney.hand.pair", "en")
    assert (
        text_problems("⏰ <t:1800000000:R> <:cr_KS_a1b2:123> <@42> <#7> [ouvrir](https://x.y/a?b=1) 10:30", "fr") == []
    )
    assert text_problems("Ensuite : ?", "fr") and text_problems(f"Ensuite{NBSP}: ?", "fr") == []
    assert text_problems(f"Ensuite{NBSP}: ? (?)", "fr") == []  # lone "?": an unknown card
    assert text_problems("Jouer ? (?)", "fr")  # after a word, a "?" is a question mark
    assert text_problems("Vous confirmez ?", "fr", rendered=False)


# ----- every catalogue text ------------------------------------------------------------------------------------------
def test_every_catalogue_text() -> None:
    found = []
    for lang in LANGUAGES:
        for key, message in catalogue().messages[lang].items():
            for text in forms(message):
                found += [
                    f"{lang} {key}: {problem}\n    {text!r}" for problem in text_problems(text, lang, rendered=False)
                ]
    assert not found, f"{len(found)} catalogue problems:\n" + "\n".join(found)


def test_french_names_no_court_card_by_its_english_letter() -> None:
    for key, message in catalogue().messages["fr"].items():
        for text in forms(message):
            assert not re.search(r"\b[KQJ]-|-[KQJ]\b|\([KQJ],", text), (key, text)


# ----- every rendered text -------------------------------------------------------------------------------------------
def record(engine: AnyEngine, playout: Playout, step: int, lang: str, clock: TableClock | None) -> TableRecord:
    state = playout.states[step]
    over = engine.result(state) is not None
    return TableRecord(
        id=4242,
        guild_id=1,
        channel_id=2,
        game=engine.name,
        status="finished" if over else "active",
        host_id=1000,
        options=playout.options.model_dump(mode="json"),
        seats=[Seat(1000 + seat, NAMES[seat]) for seat in range(playout.players)],
        seed=playout.seed,
        state=engine.dump_state(state),
        version=100 + step,
        table_message_id=3,
        locale=lang,
        created_at=NOW,
        updated_at=NOW,
        clock=None if clock is None else clock.model_dump_json(),
    )


def clock_for(engine: AnyEngine, playout: Playout, step: int) -> TableClock | None:
    """No clock, a running one that just played for seat 0 (and, now and then, withdrew it), or a paused one."""
    kind = step % 3
    if kind == 0:
        return None
    state = playout.states[step]
    version = 100 + step
    clock = TableClock.preset("daily").begin(playout.players, list(engine.to_act(state)), NOW, version, {})
    if kind == 2:
        return clock.pause(NOW + 60)
    clock.seats[0].timeouts = 1
    clock.timed_out = (0, version)
    if step % 2:
        clock.clocked_out = [0]
    return clock


def embed_texts(embed: discord.Embed) -> Iterator[tuple[str, str]]:
    data = embed.to_dict()
    for part in ("title", "description"):
        if data.get(part):
            yield part, str(data[part])
    for number, field in enumerate(data.get("fields", [])):
        yield f"field {number} name", str(field["name"])
        yield f"field {number} value", str(field["value"])
    for part in ("footer", "author"):
        text = (data.get(part) or {}).get("text") or (data.get(part) or {}).get("name")
        if text:
            yield part, str(text)


def view_texts(view: discord.ui.View | None) -> Iterator[tuple[str, str]]:
    if view is None:
        return
    for row in view.to_components():
        for component in row.get("components", []):
            if component.get("label"):
                yield "button", str(component["label"])
            if component.get("placeholder"):
                yield "select placeholder", str(component["placeholder"])
            for option in component.get("options", []):
                yield "option label", str(option["label"])
                if option.get("description"):
                    yield "option description", str(option["description"])


def rendered_texts(engine: AnyEngine, playout: Playout, step: int, lang: str) -> Iterator[tuple[str, str]]:
    """(where, text) of everything the table and each seat's hand show at this step."""
    clock = clock_for(engine, playout, step)
    table = Table(record=record(engine, playout, step, lang, clock), engine=engine, state=playout.states[step])
    embed, view = table_message(table)
    for where, text in [*embed_texts(embed), *view_texts(view)]:
        yield f"table {where}", text
    if table.result is not None:
        yield "standings", standings(table, lang)
    for seat in range(playout.players):
        perspective = engine.perspective(table.state, seat)
        embed, view = hand_message(table, seat, lang, news=secret_events(perspective), perspective=perspective)
        for where, text in [*embed_texts(embed), *view_texts(view)]:
            yield f"hand of seat {seat} {where}", text
        costly = first_costly_move(table, seat)
        if costly is not None:
            question = confirm_question(table, seat, costly, lang)
            if question:
                yield f"confirmation asked of seat {seat}", question
            _, view = hand_message(table, seat, lang, confirm=costly, perspective=perspective)
            for where, text in view_texts(view):
                yield f"confirmation of seat {seat} {where}", text
        pick = picker_pick(table, seat)
        if pick is not None:
            notice = pick_notice(table, seat, lang, list(pick.cards[: max(pick.min, 1)]))
            if notice:
                yield f"pick notice of seat {seat}", notice
    for where, text in view_texts(leave_confirm_view(table, lang)):
        yield f"leave confirmation {where}", text


def first_costly_move(table: Table, seat: int) -> int | None:
    """The index of the seat's first legal move that costs it (the hand asks to confirm it), if any."""
    state = table.state
    if state is None or table.result is not None:
        return None
    for index, action in enumerate(table.engine.candidate_actions(state, seat)):
        legal = table.engine.refusal(state, seat, action) is None
        if legal and table.engine.consequence(state, seat, action) is not None:
            return index
    return None


def lobby_texts(engine: AnyEngine, lang: str) -> Iterator[tuple[str, str]]:
    options = engine.options_model().model_dump(mode="json")
    for status, ended_by in (("lobby", None), ("aborted", 1000), ("aborted", None), ("active", None)):
        rec = TableRecord(
            id=4242,
            guild_id=1,
            channel_id=2,
            game=engine.name,
            status=status,  # type: ignore[arg-type]
            host_id=1000,
            options=options,
            seats=[Seat(1000 + seat, NAMES[seat]) for seat in range(engine.max_players)],
            seed=1,
            state=None,
            version=3,
            table_message_id=3,
            locale=lang,
            created_at=NOW,
            updated_at=NOW,
            ended_by=ended_by,
            clock=TableClock.preset("daily").model_dump_json(),
        )
        table = Table(record=rec, engine=engine, state=None)
        embed, view = table_message(table)
        for where, text in [*embed_texts(embed), *view_texts(view)]:
            yield f"{status} lobby {where}", text
        for name, panel in (("clock panel", clock_panel), ("options panel", options_panel)):
            content, controls = panel(table, lang)
            yield name, content
            for where, text in view_texts(controls):
                yield f"{name} {where}", text


def checked_steps(count: int) -> list[int]:
    """The steps of a playout of `count` states whose texts are checked (`STEPS_CHECKED`)."""
    if LONG_FUZZ or count <= STEPS_CHECKED:
        return list(range(count))
    return sorted({round(index * (count - 1) / (STEPS_CHECKED - 1)) for index in range(STEPS_CHECKED)})
