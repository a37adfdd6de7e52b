"""The hand's shared conventions: colours that mean something, costly moves that ask first, one live hand,
secret news since the last look, the newest move first on the table, and the paged public log."""

from __future__ import annotations

import asyncio
import random
from types import SimpleNamespace
from typing import Any

import discord

from bot.services.log import LogCache, public_log
from bot.services.tables import Table
from cogs.render.frame import RECENT_EVENTS, recent_lines, secret_events
from cogs.tables._components import LogPage, Move, Refresh
from cogs.tables._hands import TOKEN_LIFETIME, LiveHands
from cogs.tables._views import LOG_LINES, confirm_question, hand_message, log_message
from engines import registry
from engines.core import Consequence, Event
from tests.cogs import render_support
from tests.conformance.playout import random_playout
from tests.conformance.toy_engine import Stand, ToyEngine, ToyOptions, ToyState

NAMES = ["Ada", "Bea", "Cyd"]


class CostlyToy(ToyEngine):
    """The toy game, where standing is declared to cost its player (a stand-in for Hawthorn's 10)."""

    def consequence(self, state: ToyState, seat: int, action: Any) -> Consequence | None:
        return Consequence(key="toy.consequence.stand") if isinstance(action, Stand) else None


ENGINE = CostlyToy()


def table_of(state: ToyState, *, actions: int = 0) -> Table:
    return render_support.table_of(ENGINE, state, table_id=41, version=3 + actions, names=NAMES)


def new_state() -> ToyState:
    return ENGINE.new(2, ToyOptions(ranks=6, copies=2, pair_wins=False, pass_round=False, stake=0), 5)


def buttons(view: discord.ui.View) -> list[dict[str, Any]]:
    return [c for row in view.to_components() for c in row["components"] if c["type"] == 2]


def test_a_costly_move_is_red_labelled_with_its_cost_and_asks_first() -> None:
    state = new_state()
    table = table_of(state)
    seat = state.current
    _, view = hand_message(table, seat, "en")
    by_id = {b["custom_id"]: b for b in buttons(view) if b["custom_id"].startswith("move:")}
    index = list(ENGINE.candidate_actions(state, seat)).index(Stand())
    token = ENGINE.decision_token(state, seat)
    stand = by_id[Move(41, table.record.version, index, token).custom_id]
    assert stand["style"] == discord.ButtonStyle.danger.value
    assert "toy.consequence.stand" in stand["label"]  # the consequence is on the label (no catalogue: its key)
    draw = by_id[Move(41, table.record.version, 0, token).custom_id]
    assert draw["style"] == discord.ButtonStyle.primary.value  # an ordinary choice
    # The click asks first: the question names the move and its cost, "Yes" is the same move confirmed.
    question = confirm_question(table, seat, index, "en")
    assert question is not None and question.startswith("⚠️") and "toy.consequence.stand" in question
    assert confirm_question(table, seat, 0, "en") is None  # drawing costs nothing: no question
    _, asking = hand_message(table, seat, "en", confirm=index)
    yes, no = buttons(asking)
    assert yes["custom_id"] == Move(41, table.record.version, index, token, confirmed=True).custom_id
    assert yes["style"] == discord.ButtonStyle.danger.value
    assert no["custom_id"] == Refresh(41).custom_id
    confirmed, plain = Move.parse(yes["custom_id"]), Move.parse(stand["custom_id"])
    assert confirmed is not None and confirmed.confirmed and plain is not None and not plain.confirmed


def test_a_button_drawn_disabled_is_not_valid_when_the_turn_comes() -> None:
    state = new_state()
    waiting = 1 - state.current
    drawn = ENGINE.decision_token(state, waiting)  # its buttons were drawn disabled
    after = ENGINE.apply(state, state.current, Stand())
    assert waiting in ENGINE.to_act(after) and after.moves[waiting] == 0  # it has not moved either time
    assert ENGINE.decision_token(after, waiting) != drawn


def test_the_table_lists_the_newest_move_first_and_marks_it() -> None:
    events = [Event(key=f"toy.event.e{n}") for n in range(RECENT_EVENTS + 2)]
    lines = recent_lines(events, NAMES, "en")
    assert len(lines) == RECENT_EVENTS
    assert lines[0].startswith("▶") and lines[0].endswith(f"e{RECENT_EVENTS + 1}")
    assert all(line.startswith("·") for line in lines[1:])
    assert lines[-1].endswith("e2")


class Deleting:
    """An interaction whose original response can be deleted (the calls are counted)."""

    def __init__(self) -> None:
        self.deleted = 0
        self.followup = SimpleNamespace(delete_message=self._delete_followup)
        self.followups: list[int] = []

    async def delete_original_response(self) -> None:
        self.deleted += 1

    async def _delete_followup(self, message_id: int) -> None:
        self.followups.append(message_id)


async def test_opening_the_hand_again_deletes_the_previous_one_through_its_own_interaction() -> None:
    now = [1000.0]
    hands = LiveHands(clock=lambda: now[0])
    first, second, third, late = Deleting(), Deleting(), Deleting(), Deleting()
    any_: Any = first
    hands.drawn(41, 7, any_, message_id=501, original=True, secrets=[])
    any_ = second
    hands.drawn(41, 7, any_, message_id=502, original=True, secrets=[])
    await hands.settle()
    assert first.deleted == 1 and second.deleted == 0
    # Acting on the live hand redraws the same message in place: nothing is deleted.
    any_ = third
    hands.drawn(41, 7, any_, message_id=502, original=True, secrets=[])
    await hands.settle()
    assert second.deleted == 0 and third.deleted == 0
    # A hand another player opens, or another table, is someone else's.
    any_ = Deleting()
    hands.drawn(41, 8, any_, message_id=503, original=True, secrets=[])
    hands.drawn(42, 7, any_, message_id=504, original=True, secrets=[])
    await hands.settle()
    assert third.deleted == 0
    # Past the token's life Discord would refuse: the old hand stays, nothing is tried.
    now[0] += TOKEN_LIFETIME - 1
    any_ = late
    hands.drawn(41, 7, any_, message_id=505, original=False, secrets=[])
    await hands.settle()
    assert third.deleted == 0
    # A follow-up hand is deleted by its id.
    any_ = Deleting()
    hands.drawn(41, 7, any_, message_id=506, original=True, secrets=[])
    await hands.settle()
    assert late.followups == [505]


def test_news_are_the_secret_events_not_told_yet() -> None:
    state = new_state()
    seat = state.current
    secrets = secret_events(ENGINE.perspective(state, seat))
    assert secrets and all(event.audience == (seat,) for event in secrets)
    assert LiveHands.news(secrets, None) == []  # a first look tells nothing: the cards are on the hand
    assert LiveHands.news(secrets, []) == secrets
    assert LiveHands.news(secrets, secrets) == []
    embed, _ = hand_message(table_of(state), seat, "en", news=secrets)
    assert "toy.event.you_were_dealt" in (embed.description or "")


def test_the_public_log_is_rebuilt_move_by_move_and_paged() -> None:
    pairs = registry.get("pairs")
    playout = random_playout(pairs, random.Random(3))  # a whole game, long enough for several pages
    log = [(number, seat, action.model_dump_json()) for number, (seat, action) in enumerate(playout.log, 1)]
    final = playout.states[len(playout.log)]
    table = render_support.table_of(
        pairs, final, table_id=41, version=len(log) + 1, status="finished", seed=playout.seed
    )
    entries = public_log(pairs, table.record, log)
    assert entries[0].move == 0 and entries[0].seat is None  # the deal
    assert all(event.audience is None for entry in entries for event in entry.events)  # nothing secret
    assert [entry.move for entry in entries] == sorted(entry.move for entry in entries)
    lines = sum(len(entry.events) for entry in entries)
    assert entries[-1].move == len(log)
    embed, view = log_message(table, entries, None, "en")
    pages = -(-lines // LOG_LINES)
    assert embed.footer.text is not None and str(pages) in embed.footer.text
    assert pages > 1, "the game is long enough to need several pages"
    if pages > 1:
        back, forward = buttons(view)
        assert back["custom_id"] == LogPage(41, pages - 2).custom_id and forward.get("disabled")
        assert len((embed.description or "").split("\n")) == LOG_LINES  # the latest page is a full one
        first, _ = log_message(table, entries, 0, "en")
        assert (first.description or "").startswith("`0`")
    cache = LogCache(size=1)
    cache.put(41, 3, entries)
    cache.put(42, 3, [])
    assert cache.get(41, 3) is None and cache.get(42, 3) == []


def test_hands_registry_is_bounded_by_the_tokens_life() -> None:
    now = [0.0]
    hands = LiveHands(clock=lambda: now[0])

    async def fill() -> None:
        for user in range(50):
            any_: Any = Deleting()
            hands.drawn(1, user, any_, message_id=user, original=True, secrets=[])
        now[0] += TOKEN_LIFETIME
        any_ = Deleting()
        hands.drawn(1, 999, any_, message_id=999, original=True, secrets=[])

    asyncio.run(fill())
    assert len(hands) == 1


def test_a_hand_drawn_again_lives_a_whole_token_from_its_new_drawing() -> None:
    """The registry forgets the oldest drawings first: a hand drawn again starts a new token's life, and stays while
    a hand drawn once before it expires."""
    now = [0.0]
    hands = LiveHands(clock=lambda: now[0])

    async def draw() -> None:
        first: Any = Deleting()
        hands.drawn(1, 1, first, message_id=1, original=True, secrets=[])
        hands.drawn(1, 2, Deleting(), message_id=2, original=True, secrets=[])  # type: ignore[arg-type]
        now[0] += TOKEN_LIFETIME / 2
        hands.drawn(1, 1, first, message_id=1, original=True, secrets=[])  # player 1 again, in place
        now[0] += TOKEN_LIFETIME / 2 + 1  # player 2's token has expired, player 1's new drawing has not
        hands.drawn(1, 3, Deleting(), message_id=3, original=True, secrets=[])  # type: ignore[arg-type]

    asyncio.run(draw())
    assert hands.seen(1, 2) is None and hands.seen(1, 1) == [] and hands.seen(1, 3) == []
    assert len(hands) == 2
