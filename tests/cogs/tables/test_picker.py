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
from typing import Any, cast

import discord
import pytest

from bot.i18n import LANGUAGES
from bot.services.players import PlayerService
from bot.services.tables import Table, Tables
from bot.storage import Seat
from cogs.kit.components import declared, is_known
from cogs.render.frame import hand_embed
from cogs.tables import _draft, _picker
from cogs.tables._components import Move, Pick, PickConfirm, PickPage, Refresh, routes
from cogs.tables._handlers import TableHandlers
from cogs.tables._views import hand_view
from engines.core import CardPick
from tests.cogs.pick_states import ENGINE, LONG_GAME_ID, LONG_VERSION, find, showdown, sized, table, with_hand
from tests.support.databases import open_new_sqlite
from tools.standin.limits import message_problems

SIZES = (1, 25, 26, 75, 76, 120)
TYPES = {
    "pick": Pick.pattern,
    "pick-done": PickConfirm.pattern,
    "browse": PickPage.pattern,
    "move": Move.pattern,
    "refresh": Refresh.pattern,
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
        assert len(custom_id) <= 100 and is_known(custom_id), custom_id
        assert TYPES[custom_id.split(":")[0]].fullmatch(custom_id), custom_id
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
    return [candidates[int(Move.pattern.fullmatch(b["custom_id"])["index"])].kind for b in by_prefix(view, "move")]


# ----- layout -----------------------------------------------------------------


# A single pick (playing a card) lists each distinct card once, so at most the 56 distinct cards;
# a bid lists every physical card, so a hand of 120 needs two pages.
LAYOUTS = [("play", count) for count in SIZES if count <= 52] + [("bid", count) for count in SIZES]


@pytest.mark.parametrize(("kind", "count"), LAYOUTS)
def test_layout_is_bounded_and_reaches_every_card(kind: str, count: int) -> None:
    state, seat, pick = sized(kind, count)
    tab = table(state)
    pages = _picker.page_count(pick)
    # A bid keeps every copy of a rank in one select: these hands hold 8 of each rank (16 of the first ranks
    # past 104 cards), so a select takes three ranks (24 cards) and a page 72 cards.
    assert pages == (2 if count > (75 if kind == "play" else 72) else 1)
    for lang in LANGUAGES:
        offered: list[str] = []
        for page in range(pages):
            view = hand_view(tab, seat, lang, page=page)
            check_bounds(tab, seat, view, lang)
            found = selects(view)
            if kind == "play":
                assert len(found) == min(3, -(-(count - page * 75) // 25))
            else:
                assert 1 <= len(found) <= 3
            offered += [option["value"] for select in found for option in select["options"]]
            kinds = candidate_kinds(state, seat, view)
            assert pick.kind not in kinds  # the picker replaces those buttons
            assert ("end_turn" if kind == "play" else "pass") in kinds  # the others stay
            arrows = by_prefix(view, "browse")
            assert len(arrows) == (2 if pages > 1 else 0)
            if pages > 1:
                assert [a["disabled"] for a in arrows] == [page == 0, page == pages - 1]
            confirm = by_prefix(view, "pick-done")
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
        confirm = by_prefix(view, "pick-done")[0]
        assert not confirm["disabled"] and confirm["custom_id"].endswith(":10C*2.10D*2.10H")
        assert len(by_prefix(view, "browse")) == 3  # Clear and the arrows
        chosen = [o["value"] for s in selects(view) for o in s["options"] if o.get("default")]
        assert chosen == (["10C", "10C~2", "10D", "10D~2", "10H"] if page == 1 else [])  # the 10s are on page 2


def test_worst_case_ids_fit() -> None:
    eight_brains = ["BRAIN-C", "BRAIN-C", "BRAIN-D", "BRAIN-D", "BRAIN-H", "BRAIN-H", "BRAIN-S", "BRAIN-S"]
    mixed = ["10C", "10D", "10H", "10S", "BRAIN-C", "BRAIN-D", "BRAIN-H", "BRAIN-S"]
    for draft in (eight_brains, mixed):
        text = _draft.encode_draft(draft)
        for custom_id in (
            Pick(LONG_GAME_ID, LONG_VERSION, "ffffffff", 99, 2, text).custom_id,
            PickConfirm(LONG_GAME_ID, LONG_VERSION, "ffffffff", text).custom_id,
            PickPage(LONG_GAME_ID, LONG_VERSION, "ffffffff", 99, text).custom_id,
        ):
            assert len(custom_id) < 100 and is_known(custom_id)
    longest = Pick(LONG_GAME_ID, LONG_VERSION, "ffffffff", 99, 2, "x" * _draft.DRAFT_CHARS).custom_id
    assert len(longest) < 100 and Pick.pattern.fullmatch(longest)
    assert not is_known(longest + "x")


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
    text = _draft.encode_draft(cards)
    assert _draft.decode_draft(text) == cards
    assert re.fullmatch(_draft.DRAFT.pattern, text)


def test_copies_are_written_once_with_a_count() -> None:
    assert _draft.encode_draft(["KS", "KS", "9D"]) == "KS*2.9D"
    assert _draft.decode_draft("KS.KS.9D") == ["KS", "KS", "9D"]  # also readable unmerged


@pytest.mark.parametrize(
    "text",
    [".", "KS.", ".KS", "KS..9D", "KS*1", "KS*", "*2", "KS~2", "K S", "KS*9", "2C.3C.4C.5C.6C.7C.8C.9C.10C", "x" * 49],
)
def test_malformed_or_oversized_drafts_are_refused(text: str) -> None:
    with pytest.raises(_draft.DraftError):
        _draft.decode_draft(text)


def test_uncarriable_drafts_are_refused() -> None:
    for cards in (["2C"] * 9, ["K~S"], ["K.S"], [""], ["X" * 17]):
        with pytest.raises(_draft.DraftError):
            _draft.encode_draft(cards)


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
    guild_id: int | None = None
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

    def mark(self, table_id: int, drawn: object = None) -> None:
        self.marked.append(table_id)

    def edits_at_once(self, table_id: int) -> bool:
        return False  # a busy table: only the hand is drawn while a move commits


CHANNEL = 700


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[Tables]:
    db = await open_new_sqlite(tmp_path / "cardroom.sqlite3")
    yield Tables(db)
    await db.close()


async def table_at(service: Tables, state: Any) -> tuple[Tables, Table]:
    """A running Dead Money game whose state is `state` (started with it), and a service that has not seen its lobby."""
    seats = [Seat(100 + seat, f"P{seat}") for seat in range(state.players)]
    lobby = await service.lobby.open_lobby(guild_id=9, channel_id=CHANNEL, game="deadmoney", host=seats[0], locale="en")
    for seat in seats[1:]:
        lobby = await service.lobby.join(lobby.id, seat)
    await service.store.db.tables.start(lobby.id, lobby.record.version, state=ENGINE.dump_state(state))
    fresh = Tables(service.store.db)
    return fresh, await fresh.store.get(lobby.id)


def handlers_for(service: Tables) -> tuple[TableHandlers, FakeRefresher]:
    refresher = FakeRefresher()
    bot = SimpleNamespace(tables=service, players=PlayerService(service.store.db, service))
    return TableHandlers(bot, refresher), refresher  # type: ignore[arg-type]


def view_of(interaction: FakeInteraction) -> tuple[str | None, discord.ui.View]:
    (name, fields), *_ = interaction.calls
    assert name == "edit_message", interaction.calls
    return fields.get("content"), fields["view"]


def parse(view: discord.ui.View, prefix: str) -> list[re.Match[str]]:
    return [m for c in by_prefix(view, prefix) if (m := TYPES[prefix].fullmatch(c["custom_id"]))]


async def test_a_single_pick_plays_at_once(service: Tables) -> None:
    state, seat, pick = find("play", lambda state, seat, pick: len(pick.cards) >= 2)
    service, tab = await table_at(service, state)
    handlers, refresher = handlers_for(service)
    user = tab.record.seats[seat].user_id
    view = hand_view(tab, seat, "en")
    select = parse(view, "pick")[0]
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
    log = await service.store.db.tables.actions(tab.id)
    assert [(s, json.loads(a)) for _, s, a in log] == [(seat, {"kind": "play", "card": pick.cards[1]})]


async def test_a_multi_pick_drafts_then_confirms_the_right_action(service: Tables) -> None:
    def two_card_bid(state: Any, seat: int, pick: CardPick) -> bool:
        return any(a.kind == "bid" and len(a.cards) >= 2 for a in ENGINE.legal_actions(state, seat))

    state, seat, pick = find("bid", two_card_bid)
    bid = next(a for a in ENGINE.legal_actions(state, seat) if a.kind == "bid" and len(a.cards) >= 2)
    service, tab = await table_at(service, state)
    handlers, refresher = handlers_for(service)
    user = tab.record.seats[seat].user_id
    select = parse(hand_view(tab, seat, "en"), "pick")[0]
    values = _picker.option_values(pick.cards)
    wanted = [values[i] for i, f in enumerate(_picker.chosen_flags(pick.cards, list(bid.cards))) if f]
    # Choosing cards redraws the hand with the draft: nothing is played yet.
    interaction = FakeInteraction(user, CHANNEL)
    args = (int(select["version"]), select["token"], int(select["page"]), int(select["select"]), select["draft"])
    await handlers.pick_select(interaction, tab.id, *args, wanted)  # type: ignore[arg-type]
    content, view = view_of(interaction)
    assert content is not None and str(len(bid.cards)) in content
    assert sorted(o["value"] for s in selects(view) for o in s["options"] if o.get("default")) == sorted(wanted)
    assert await service.store.db.tables.actions(tab.id) == [] and refresher.marked == []
    confirm = parse(view, "pick-done")[0]
    assert _draft.decode_draft(confirm["draft"]) == sorted(bid.cards, key=list(pick.cards).index)
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
    (_, acted, action), *_ = await service.store.db.tables.actions(tab.id)
    assert acted == seat and json.loads(action)["kind"] == "bid"
    assert sorted(json.loads(action)["cards"]) == sorted(bid.cards)


async def test_forged_and_stale_picker_clicks_change_nothing(service: Tables) -> None:
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
    calls = await click("pick_confirm", version - 1, "00000000", _draft.encode_draft([pick.cards[0]]))
    assert calls[0][0] == "edit_message" and "out of date" in calls[0][1]["content"]
    record = await service.store.db.tables.get(tab.id)
    assert record.version == version and await service.store.db.tables.actions(tab.id) == []


async def test_turning_pages_keeps_the_draft(service: Tables) -> None:
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
    assert [m["page"] for m in parse(view, "pick")] == ["1"]  # 80 cards: the second page holds the last 5
    confirm = parse(view, "pick-done")[0]
    assert confirm["draft"] == "2C*2"


def test_every_picker_component_is_declared_and_routed() -> None:
    routed = {item.__discord_ui_compiled_template__ for item in routes(cast(Any, None))}
    for component in (Pick, PickConfirm, PickPage):
        assert component in declared() and component.template in routed


# ----- groups, and a bid in a few clicks ------------------------------------


def test_a_group_is_never_split_across_two_selects() -> None:
    ranks = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
    cards = tuple(f"{rank}{suit}" for rank in ranks for suit in "CDHS" for _ in range(2))  # 8 of each rank
    grouped = CardPick(kind="bid", field="cards", cards=cards, min=1, max=5, prompt="p", groups=(8,) * 13)
    plain = grouped.model_copy(update={"groups": ()})
    assert [len(span) for span in _picker.page_spans(plain, 0)] == [25, 25, 25]  # without groups: the 4s are cut
    spans = [span for page in range(_picker.page_count(grouped)) for span in _picker.page_spans(grouped, page)]
    assert [len(span) for span in spans] == [24, 24, 24, 24, 8]  # three ranks a select, the Aces alone
    assert _picker.page_count(grouped) == 2
    for rank in ranks:
        positions = {position for position, card in enumerate(cards) if card[:-1] == rank}
        assert sum(1 for span in spans if positions & set(span)) == 1, rank
    assert [position for span in spans for position in span] == list(range(len(cards)))  # every card, in order
    # A group longer than a select is cut (it cannot be helped); the next group still stays whole.
    long = CardPick(kind="bid", field="cards", cards=cards[:40], min=1, max=5, prompt="p", groups=(30, 10))
    assert [len(span) for span in _picker.page_spans(long, 0)] == [25, 15]
    with pytest.raises(ValueError):
        CardPick(kind="bid", field="cards", cards=cards[:10], min=1, max=5, prompt="p", groups=(4, 4))


def test_groups_give_way_rather_than_leave_cards_out_of_reach() -> None:
    # 7,500 cards in groups of 13: one group a select would need 193 pages, more than a custom_id can name.
    cards = tuple(f"C{index}" for index in range(_picker.MAX_PAGES * _picker.PAGE_SIZE))
    pick = CardPick(kind="bid", field="cards", cards=cards, min=1, max=5, prompt="p", groups=(13,) * 576 + (12,))
    assert _picker.page_count(pick) == _picker.MAX_PAGES
    last = _picker.page_spans(pick, _picker.MAX_PAGES - 1)
    assert last[-1].stop == len(cards)


async def choose(
    handlers: TableHandlers, tab: Table, user: int, view: discord.ui.View, select: int, values: list[str]
) -> tuple[str | None, discord.ui.View]:
    """One click: `values` chosen in select number `select` of `view`; the hand redrawn with its notice."""
    found = parse(view, "pick")[select]
    interaction = FakeInteraction(user, CHANNEL)
    await handlers.pick_select(
        interaction,  # type: ignore[arg-type]
        tab.id,
        int(found["version"]),
        found["token"],
        int(found["page"]),
        int(found["select"]),
        found["draft"],
        values,
    )
    return view_of(interaction)


async def confirm_click(handlers: TableHandlers, tab: Table, user: int, view: discord.ui.View) -> list[Any]:
    confirm = parse(view, "pick-done")[0]
    interaction = FakeInteraction(user, CHANNEL)
    await handlers.pick_confirm(
        interaction,  # type: ignore[arg-type]
        tab.id,
        int(confirm["version"]),
        confirm["token"],
        confirm["draft"],
    )
    return interaction.calls


def confirm_enabled(view: discord.ui.View) -> bool:
    return not by_prefix(view, "pick-done")[0].get("disabled", False)


async def test_three_of_a_kind_is_bid_in_two_clicks_and_confirm_waits_for_a_winning_draft(
    service: Tables,
) -> None:
    # The high bid is three 3s (Cyd). Dov's three Jacks sit together in one menu.
    state, seat = showdown(["7H", "8H", "JD", "JH", "JS"])
    service, tab = await table_at(service, state)
    handlers, refresher = handlers_for(service)
    user = tab.record.seats[seat].user_id
    view = hand_view(tab, seat, "en")
    [menu] = selects(view)
    assert [option["label"] for option in menu["options"]] == ["7♥", "8♥", "J♦", "J♥", "J♠"]
    assert {option["description"] for option in menu["options"]} <= {"1 coin", "2 coins"}  # coins, no effect text
    assert not confirm_enabled(view)
    # A pair of Jacks does not beat three 3s: the draft says so and Confirm stays off (nothing is played).
    notice, pair = await choose(handlers, tab, user, view, 0, ["JD", "JH"])
    assert notice is not None and "❌ pair of Jacks does not beat three 3s" in notice
    assert not confirm_enabled(pair) and await service.store.db.tables.actions(tab.id) == []
    # The typical bid: click 1, the three Jacks in the one menu; click 2, Confirm.
    notice, trips = await choose(handlers, tab, user, view, 0, ["JD", "JH", "JS"])
    assert notice is not None and "✅ three Jacks beats three 3s" in notice
    assert confirm_enabled(trips)
    await confirm_click(handlers, tab, user, trips)
    [(_, acted, action)] = await service.store.db.tables.actions(tab.id)
    assert acted == seat and json.loads(action) == {"kind": "bid", "cards": ["JD", "JH", "JS"]}
    assert refresher.marked == [tab.id]


async def test_a_full_house_from_two_menus_is_bid_in_three_clicks(service: Tables) -> None:
    # 48 cards: every copy of the 6s, 7s, 8s, 10s, Jacks and Queens, three ranks a menu.
    hand = [f"{rank}{suit}" for rank in ("6", "7", "8", "10", "J", "Q") for suit in "CDHS" for _ in range(2)]
    state, seat = showdown(hand)
    service, tab = await table_at(service, state)
    handlers, _ = handlers_for(service)
    user = tab.record.seats[seat].user_id
    view = hand_view(tab, seat, "en")
    menus = selects(view)
    assert [sorted({option["label"][:-1] for option in menu["options"]}) for menu in menus] == [
        ["6", "7", "8"],
        ["10", "J", "Q"],
    ]
    _, first = await choose(handlers, tab, user, view, 0, ["6C", "6C~2", "6D"])  # click 1: three 6s
    notice, second = await choose(handlers, tab, user, first, 1, ["QC", "QC~2"])  # click 2: two Queens
    assert notice is not None and "✅ full house, 6s over Queens beats three 3s" in notice
    await confirm_click(handlers, tab, user, second)  # click 3
    [(_, _, action)] = await service.store.db.tables.actions(tab.id)
    assert json.loads(action) == {"kind": "bid", "cards": ["6C", "6C", "6D", "QC", "QC"]}


async def test_a_bid_refused_through_the_picker_names_both_hands(service: Tables) -> None:
    state, seat = showdown(["7H", "8H", "JD", "JH", "JS"])
    service, tab = await table_at(service, state)
    handlers, _ = handlers_for(service)
    user = tab.record.seats[seat].user_id
    token = ENGINE.decision_token(state, seat)
    interaction = FakeInteraction(user, CHANNEL, locale="fr")
    await handlers.pick_confirm(interaction, tab.id, tab.record.version, token, "JD.JH")  # type: ignore[arg-type]
    (_, fields), *_ = interaction.calls
    assert fields["content"] == (
        "⚠️ Votre enchère\u00a0: paire de Valets ne bat pas brelan de 3. Misez une combinaison plus forte, ou passez."
    )
    assert await service.store.db.tables.actions(tab.id) == []
