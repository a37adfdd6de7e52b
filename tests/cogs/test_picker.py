"""The card picker: bounded layouts for any hand size, drafts carried in custom_ids, and the click paths.

States are Dead Money's (a hand can hold dozens of cards); the worst case is
checked throughout: a 19-digit game id, a 10-digit version, long drafts.
"""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.i18n import LANGUAGES
from bot.services.tables import Table, TableService
from bot.storage import Database, Seat
from cogs.render.frame import hand_embed
from cogs.tables import _ids, _picker
from cogs.tables._components import DYNAMIC_ITEMS
from cogs.tables._handlers import TableHandlers
from cogs.tables._views import hand_view
from engines.core import CardPick
from tests.cogs.pick_states import ENGINE, LONG_GAME_ID, LONG_VERSION, find, sized, table, with_hand
from tests.standin.limits import message_problems

SIZES = (1, 25, 26, 75, 76, 120)
TYPES = {
    "cr:p": _ids.PICK,
    "cr:P": _ids.PICK_CONFIRM,
    "cr:n": _ids.PICK_PAGE,
    "cr:a": _ids.ACTION,
    "cr:r": _ids.REFRESH,
}


def components(view: discord.ui.View) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = json.loads(json.dumps(view.to_components()))
    return rows


def children(view: discord.ui.View) -> list[dict[str, Any]]:
    return [child for row in components(view) for child in row["components"]]


def selects(view: discord.ui.View) -> list[dict[str, Any]]:
    return [child for child in children(view) if child["type"] == 3]


def by_prefix(view: discord.ui.View, prefix: str) -> list[dict[str, Any]]:
    return [child for child in children(view) if child.get("custom_id", "").startswith(prefix + ":")]


def check_bounds(tab: Table, seat: int, view: discord.ui.View, lang: str) -> None:
    body = {"embeds": [hand_embed(tab, seat, lang).to_dict()], "components": components(view)}
    assert message_problems(json.loads(json.dumps(body))) == []
    rows = components(view)
    assert len(rows) <= 5
    for row in rows:
        assert len(row["components"]) <= 5
        if any(child["type"] == 3 for child in row["components"]):
            assert len(row["components"]) == 1  # a select fills its row
    for child in children(view):
        custom_id = child["custom_id"]
        assert len(custom_id) <= 100 and _ids.is_known(custom_id), custom_id
        assert TYPES[custom_id[:4]].fullmatch(custom_id), custom_id
        if child["type"] == 3:
            assert 1 <= len(child["options"]) <= 25
            assert len({option["value"] for option in child["options"]}) == len(child["options"])
            assert len(child.get("placeholder", "")) <= 150
            for option in child["options"]:
                assert 1 <= len(option["label"]) <= 100 and len(option.get("description") or "") <= 100
                assert len(option["value"]) <= 100
        else:
            assert len(child.get("label") or "") <= 80
    assert len({child["custom_id"] for child in children(view)}) == len(children(view))


def candidate_kinds(state: Any, seat: int, view: discord.ui.View) -> list[str]:
    candidates = list(ENGINE.candidate_actions(state, seat))
    return [candidates[int(_ids.ACTION.fullmatch(b["custom_id"])["index"])].kind for b in by_prefix(view, "cr:a")]


# ----- layout -----------------------------------------------------------------


# A single pick (playing a card) lists each distinct card once, so at most the 56 distinct cards;
# a bid lists every physical card, so a hand of 120 needs two pages.
LAYOUTS = [("play", count) for count in SIZES if count <= 52] + [("bid", count) for count in SIZES]


@pytest.mark.parametrize(("kind", "count"), LAYOUTS)
def test_layout_is_bounded_and_reaches_every_card(kind: str, count: int) -> None:
    state, seat, pick = sized(kind, count)
    tab = table(state)
    pages = _picker.page_count(pick)
    assert pages == (2 if count > 75 else 1)
    for lang in LANGUAGES:
        offered: list[str] = []
        for page in range(pages):
            view = hand_view(tab, seat, lang, page=page)
            check_bounds(tab, seat, view, lang)
            found = selects(view)
            assert len(found) == min(3, -(-(count - page * 75) // 25))
            offered += [option["value"] for select in found for option in select["options"]]
            kinds = candidate_kinds(state, seat, view)
            assert pick.kind not in kinds  # the picker replaces those buttons
            assert ("end_turn" if kind == "play" else "pass") in kinds  # the others stay
            arrows = by_prefix(view, "cr:n")
            assert len(arrows) == (2 if pages > 1 else 0)
            if pages > 1:
                assert [a["disabled"] for a in arrows] == [page == 0, page == pages - 1]
            confirm = by_prefix(view, "cr:P")
            if _picker.is_single(pick):
                assert confirm == [] and all(s["min_values"] == s["max_values"] == 1 for s in found)
            else:
                assert len(confirm) == 1 and confirm[0]["disabled"]  # nothing chosen yet
                assert all(s["min_values"] == 0 and s["max_values"] <= pick.max for s in found)
        assert offered == _picker.option_values(pick.cards)  # every card offered, once, in order
        assert len(set(offered)) == count


def test_a_long_draft_keeps_every_id_within_limits() -> None:
    state, seat, _ = sized("bid", 120)
    # Five cards with copies and two-digit ranks: the longest bid draft.
    draft = ["10C", "10C", "10D", "10D", "10H"]
    tab = table(state)
    for page in range(2):
        view = hand_view(tab, seat, "fr", page=page, draft=draft)
        check_bounds(tab, seat, view, "fr")
        confirm = by_prefix(view, "cr:P")[0]
        assert not confirm["disabled"] and confirm["custom_id"].endswith(":10C*2.10D*2.10H")
        assert len(by_prefix(view, "cr:n")) == 3  # Clear and the arrows
        chosen = [o["value"] for s in selects(view) for o in s["options"] if o.get("default")]
        assert chosen == (["10C", "10C~2", "10D", "10D~2", "10H"] if page == 1 else [])  # the 10s are on page 2


def test_worst_case_ids_fit() -> None:
    eight_brains = ["BRAIN-C", "BRAIN-C", "BRAIN-D", "BRAIN-D", "BRAIN-H", "BRAIN-H", "BRAIN-S", "BRAIN-S"]
    mixed = ["10C", "10D", "10H", "10S", "BRAIN-C", "BRAIN-D", "BRAIN-H", "BRAIN-S"]
    for draft in (eight_brains, mixed):
        text = _ids.encode_draft(draft)
        for custom_id in (
            _ids.pick(LONG_GAME_ID, LONG_VERSION, "ffffffff", 99, 2, text),
            _ids.pick_confirm(LONG_GAME_ID, LONG_VERSION, "ffffffff", text),
            _ids.pick_page(LONG_GAME_ID, LONG_VERSION, "ffffffff", 99, text),
        ):
            assert len(custom_id) < 100 and _ids.is_known(custom_id)
    longest = _ids.pick(LONG_GAME_ID, LONG_VERSION, "ffffffff", 99, 2, "x" * _ids.DRAFT_CHARS)
    assert len(longest) < 100 and _ids.PICK.fullmatch(longest)
    assert not _ids.is_known(longest + "x")


def test_a_single_pick_offers_each_card_once_and_a_bid_every_copy() -> None:
    state, seat, _ = find("play")
    playable = ENGINE.card_pick(state, seat).cards[0]
    state = with_hand(state, seat, [playable, playable, "BRAIN-C"])
    values = [o["value"] for s in selects(hand_view(table(state), seat, "en")) for o in s["options"]]
    assert values.count(playable) == 1 and f"{playable}~2" not in values  # two copies play the same way
    state, seat, _ = find("bid")
    state = with_hand(state, seat, ["KS", "KS", "9D"])
    values = [o["value"] for s in selects(hand_view(table(state), seat, "en")) for o in s["options"]]
    assert values == ["9D", "KS", "KS~2"]  # a pair of K♠ from the two decks can be bid


# ----- drafts -----------------------------------------------------------------


@pytest.mark.parametrize(
    "cards",
    [[], ["KS"], ["KS", "KS"], ["2C", "KS", "KS", "10D"], ["BRAIN-C", "BRAIN-C", "AS"], ["KS", "9D", "KS"]],
)
def test_drafts_round_trip(cards: list[str]) -> None:
    text = _ids.encode_draft(cards)
    assert _ids.decode_draft(text) == cards
    assert re.fullmatch(_ids.DRAFT, text)


def test_copies_are_written_once_with_a_count() -> None:
    assert _ids.encode_draft(["KS", "KS", "9D"]) == "KS*2.9D"
    assert _ids.decode_draft("KS.KS.9D") == ["KS", "KS", "9D"]  # also readable unmerged


@pytest.mark.parametrize(
    "text",
    [".", "KS.", ".KS", "KS..9D", "KS*1", "KS*", "*2", "KS~2", "K S", "KS*9", "2C.3C.4C.5C.6C.7C.8C.9C.10C", "x" * 49],
)
def test_malformed_or_oversized_drafts_are_refused(text: str) -> None:
    with pytest.raises(_ids.DraftError):
        _ids.decode_draft(text)


def test_uncarriable_drafts_are_refused() -> None:
    for cards in (["2C"] * 9, ["K~S"], ["K.S"], [""], ["X" * 17]):
        with pytest.raises(_ids.DraftError):
            _ids.encode_draft(cards)


def test_a_draft_must_be_a_choice_of_the_pick() -> None:
    pick = CardPick(kind="bid", field="cards", cards=("9D", "KS", "KS"), min=1, max=2, prompt="p")
    assert _picker.canonical(pick, ["KS", "9D"]) == ["9D", "KS"]
    assert _picker.canonical(pick, ["KS", "KS"]) == ["KS", "KS"]
    for bad in (["KS", "KS", "9D"], ["9D", "9D"], ["AS"]):
        with pytest.raises(ValueError):
            _picker.canonical(pick, bad)


def test_choosing_in_a_select_replaces_only_its_share() -> None:
    cards = tuple(f"{rank}{suit}" for rank in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J") for suit in "CDH")
    pick = CardPick(kind="cards", field="cards", cards=cards, min=3, max=3, prompt="p")
    assert len(_picker.page_spans(pick, 0)) == 2  # 30 cards: 25 + 5
    first = _picker.merge(pick, [], 0, 0, ["2C", "3D"])
    assert first == ["2C", "3D"]
    second = _picker.merge(pick, first, 0, 1, ["JH"])
    assert second == ["2C", "3D", "JH"]
    assert _picker.merge(pick, second, 0, 0, ["4C"]) == ["4C", "JH"]  # select 0's share replaced
    assert _picker.merge(pick, second, 0, 1, []) == ["2C", "3D"]  # emptied select 1
    # Over the maximum: this choice wins, the earliest other cards go.
    assert _picker.merge(pick, ["2C", "3D", "JH"], 0, 0, ["9C", "9D"]) == ["9C", "9D", "JH"]
    with pytest.raises(ValueError):
        _picker.merge(pick, [], 0, 1, ["2C"])  # not offered by select 1
    with pytest.raises(ValueError):
        _picker.merge(pick, [], 0, 0, ["2C", "2C"])


# ----- clicks through the handlers ------------------------------------------


@dataclass
class FakeResponse:
    calls: list[tuple[str, dict[str, Any]]]
    done: bool = False

    def is_done(self) -> bool:
        return self.done

    async def edit_message(self, **fields: Any) -> None:
        assert not self.done
        self.done = True
        self.calls.append(("edit_message", fields))

    async def send_message(self, **fields: Any) -> None:
        assert not self.done
        self.done = True
        self.calls.append(("send_message", fields))

    async def defer(self, **fields: Any) -> None:
        self.done = True


@dataclass
class FakeInteraction:
    user_id: int
    channel_id: int
    locale: str = "en-US"
    id: int = field(default_factory=lambda: discord.utils.time_snowflake(discord.utils.utcnow()))  # just created
    type: discord.InteractionType = discord.InteractionType.component
    calls: list[tuple[str, dict[str, Any]]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.user = SimpleNamespace(id=self.user_id, display_name="P")
        self.response = FakeResponse(self.calls)

    async def edit_original_response(self, **fields: Any) -> None:
        self.calls.append(("edit_original_response", fields))


class FakeRefresher:
    def __init__(self) -> None:
        self.marked: list[int] = []

    def mark(self, game_id: int) -> None:
        self.marked.append(game_id)


CHANNEL = 700


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[TableService]:
    db = await Database.open(tmp_path / "cardroom.sqlite3")
    yield TableService(db)
    await db.close()


async def table_at(service: TableService, state: Any) -> tuple[TableService, Table]:
    """A running Dead Money game whose state is `state` (started with it), and a service that has not seen its lobby."""
    seats = [Seat(100 + seat, f"P{seat}") for seat in range(state.players)]
    lobby = await service.open_lobby(guild_id=9, channel_id=CHANNEL, game="deadmoney", host=seats[0], locale="en")
    for seat in seats[1:]:
        lobby = await service.join(lobby.id, seat)
    await service.db.start(lobby.id, lobby.record.version, state=ENGINE.dump_state(state))
    fresh = TableService(service.db)
    return fresh, await fresh.get(lobby.id)


def handlers_for(service: TableService) -> tuple[TableHandlers, FakeRefresher]:
    refresher = FakeRefresher()
    return TableHandlers(SimpleNamespace(tables=service), refresher), refresher  # type: ignore[arg-type]


def view_of(interaction: FakeInteraction) -> tuple[str | None, discord.ui.View]:
    (name, fields), *_ = interaction.calls
    assert name == "edit_message", interaction.calls
    return fields.get("content"), fields["view"]


def parse(view: discord.ui.View, prefix: str) -> list[re.Match[str]]:
    return [m for c in by_prefix(view, prefix) if (m := TYPES[prefix].fullmatch(c["custom_id"]))]


async def test_a_single_pick_plays_at_once(service: TableService) -> None:
    state, seat, pick = find("play", lambda state, seat, pick: len(pick.cards) >= 2)
    service, tab = await table_at(service, state)
    handlers, refresher = handlers_for(service)
    user = tab.record.seats[seat].user_id
    view = hand_view(tab, seat, "en")
    select = parse(view, "cr:p")[0]
    value = _picker.option_values(pick.cards)[1]
    interaction = FakeInteraction(user, CHANNEL)
    await handlers.pick_select(
        interaction,  # type: ignore[arg-type]
        tab.id,
        int(select["version"]),
        select["token"],
        int(select["page"]),
        int(select["select"]),
        select["draft"],
        [value],
    )
    view_of(interaction)  # the hand, redrawn in place
    assert refresher.marked == [tab.id]
    log = await service.db.actions(tab.id)
    assert [(s, json.loads(a)) for _, s, a in log] == [(seat, {"kind": "play", "card": pick.cards[1]})]


async def test_a_multi_pick_drafts_then_confirms_the_right_action(service: TableService) -> None:
    def two_card_bid(state: Any, seat: int, pick: CardPick) -> bool:
        return any(a.kind == "bid" and len(a.cards) >= 2 for a in ENGINE.legal_actions(state, seat))

    state, seat, pick = find("bid", two_card_bid)
    bid = next(a for a in ENGINE.legal_actions(state, seat) if a.kind == "bid" and len(a.cards) >= 2)
    service, tab = await table_at(service, state)
    handlers, refresher = handlers_for(service)
    user = tab.record.seats[seat].user_id
    select = parse(hand_view(tab, seat, "en"), "cr:p")[0]
    values = _picker.option_values(pick.cards)
    wanted = [values[i] for i, f in enumerate(_picker.chosen_flags(pick.cards, list(bid.cards))) if f]
    # Choosing cards redraws the hand with the draft: nothing is played yet.
    interaction = FakeInteraction(user, CHANNEL)
    args = (int(select["version"]), select["token"], int(select["page"]), int(select["select"]), select["draft"])
    await handlers.pick_select(interaction, tab.id, *args, wanted)  # type: ignore[arg-type]
    content, view = view_of(interaction)
    assert content is not None and str(len(bid.cards)) in content
    assert sorted(o["value"] for s in selects(view) for o in s["options"] if o.get("default")) == sorted(wanted)
    assert await service.db.actions(tab.id) == [] and refresher.marked == []
    confirm = parse(view, "cr:P")[0]
    assert _ids.decode_draft(confirm["draft"]) == sorted(bid.cards, key=list(pick.cards).index)
    # Confirm plays the bid.
    interaction = FakeInteraction(user, CHANNEL)
    await handlers.pick_confirm(
        interaction,  # type: ignore[arg-type]
        tab.id,
        int(confirm["version"]),
        confirm["token"],
        confirm["draft"],
    )
    view_of(interaction)
    assert refresher.marked == [tab.id]
    (_, acted, action), *_ = await service.db.actions(tab.id)
    assert acted == seat and json.loads(action)["kind"] == "bid"
    assert sorted(json.loads(action)["cards"]) == sorted(bid.cards)


async def test_forged_and_stale_picker_clicks_change_nothing(service: TableService) -> None:
    state, seat, pick = find("bid", lambda state, seat, pick: len(pick.cards) >= 3 and pick.max >= 2)
    service, tab = await table_at(service, state)
    handlers, _ = handlers_for(service)
    user = tab.record.seats[seat].user_id
    version, token = tab.record.version, ENGINE.decision_token(state, seat)

    async def click(coro_name: str, *args: Any) -> list[tuple[str, dict[str, Any]]]:
        interaction = FakeInteraction(user, CHANNEL)
        await getattr(handlers, coro_name)(interaction, tab.id, *args)
        return interaction.calls

    forged = "⚠️ " + "That button is not valid here. Nothing was changed."
    # A card the pick does not offer, a malformed draft, a page that does not exist.
    calls = await click("pick_select", version, token, 0, 0, "", ["AS~9"])
    assert calls[0][1]["content"] == forged
    calls = await click("pick_confirm", version, token, "KS..")
    assert calls[0][1]["content"] == forged
    calls = await click("pick_page", version, token, 5, "")
    assert calls[0][1]["content"] == forged
    calls = await click("pick_confirm", version, token, "BRAIN-C")
    assert calls[0][1]["content"] == forged
    # An old version with another decision's token: the hand is redrawn with the stale notice.
    calls = await click("pick_confirm", version - 1, "00000000", _ids.encode_draft([pick.cards[0]]))
    assert calls[0][0] == "edit_message" and "out of date" in calls[0][1]["content"]
    record = await service.db.get(tab.id)
    assert record.version == version and await service.db.actions(tab.id) == []


async def test_turning_pages_keeps_the_draft(service: TableService) -> None:
    state, seat, _ = find("bid")
    ranks = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J")
    state = with_hand(state, seat, [f"{rank}{suit}" for rank in ranks for suit in "CDHS" for _ in range(2)])
    service, tab = await table_at(service, state)
    handlers, _ = handlers_for(service)
    user = tab.record.seats[seat].user_id
    version, token = tab.record.version, ENGINE.decision_token(state, seat)
    interaction = FakeInteraction(user, CHANNEL)
    await handlers.pick_page(interaction, tab.id, version, token, 1, "2C*2")  # type: ignore[arg-type]
    content, view = view_of(interaction)
    assert content is not None
    assert [m["page"] for m in parse(view, "cr:p")] == ["1"]  # 80 cards: the second page holds the last 5
    confirm = parse(view, "cr:P")[0]
    assert confirm["draft"] == "2C*2"


def test_every_new_format_has_a_dynamic_item() -> None:
    templates = {item.__discord_ui_compiled_template__.pattern for item in DYNAMIC_ITEMS}  # type: ignore[attr-defined]
    for pattern in (_ids.PICK, _ids.PICK_CONFIRM, _ids.PICK_PAGE):
        assert pattern.pattern in templates
        assert pattern in _ids.ALL
