"""Dead Money on Discord: the table and every hand render in both languages at random states, within Discord's
limits, with every card of a hand shown (even 60+ cards) and no card that the viewer may not know."""

from __future__ import annotations

import json
import random
import re
import string
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.i18n import LANGUAGES
from bot.services.tables import Table
from bot.storage import GameRecord, Seat
from cogs.render import deadmoney as render_dm
from cogs.render.frame import hand_embed, table_embed
from cogs.render.games import renderer_for
from cogs.render.limits import BUTTON_LABEL, OPTION_TEXT
from cogs.render.text import message, poker_card_face, render_params
from engines import registry
from engines.deadmoney import DeadMoneyPerspective, DeadMoneyState, EndTurn
from engines.deadmoney.state import Arrange, PickCards, Showdown
from tests.conformance.playout import sampled_states
from tests.standin.limits import message_problems

ENGINE: Any = registry.get("deadmoney")
RENDERER: Any = renderer_for("deadmoney")
NAMES = ["Ada", "Bea", "Cyd", "Dov", "Eli", "Fay"]
LOCALES = Path(__file__).resolve().parents[2] / "data" / "locales"
# A card face as rendered: "K♠", "10♦", "🧠♥".
FACE = re.compile(r"🧠[♣♦♥♠]|(?:10|[2-9AJQK])[♣♦♥♠]")
PLACEHOLDER = re.compile(r"\{[a-z_]+\}")


def record(players: int, state: DeadMoneyState, status: str = "active") -> GameRecord:
    return GameRecord(
        id=77,
        guild_id=1,
        channel_id=2,
        game="deadmoney",
        status=status,  # type: ignore[arg-type]
        host_id=1000,
        options=state.options.model_dump(mode="json"),
        seats=[Seat(1000 + seat, NAMES[seat]) for seat in range(players)],
        seed=1,
        state=ENGINE.dump_state(state),
        version=12,
        table_message_id=3,
        locale="en",
        created_at=0.0,
        updated_at=0.0,
    )


def table_of(state: DeadMoneyState) -> Table:
    status = "finished" if ENGINE.is_over(state) else "active"
    return Table(record=record(state.players, state, status), engine=ENGINE, state=state)


def embed_text(embed: discord.Embed) -> str:
    parts = [embed.title or "", embed.description or "", embed.footer.text or ""]
    for field in embed.fields:
        parts += [field.name or "", field.value or ""]
    return "\n".join(parts)


def faces(text: str) -> Counter[str]:
    return Counter(FACE.findall(text))


def card_ids(value: object) -> list[str]:
    return [part for part in value.split(",") if part] if isinstance(value, str) else []


def known_cards(state: DeadMoneyState, viewer: int | None) -> set[str]:
    """Every card id `viewer` may know of: the public zones, the public events and, for a player, their own
    secrets (hand, pick, held card, the hand looked at, the cards arranged) and their private events."""
    known = set(state.discard) | set(state.in_play)
    for brains in state.brains:
        known |= set(brains)
    if state.last_roll is not None:
        known.add(state.last_roll.card)
    for step in state.stack:
        card = getattr(step, "card", None)
        if card is not None:
            known.add(card)
        if isinstance(step, Showdown):
            known.add(step.brain)
            known |= set(step.pot)
            for bid in step.bids:
                known |= set(bid.cards)
        if viewer is None:
            continue
        if isinstance(step, Arrange) and step.chooser == viewer:
            known |= set(step.remaining) | set(step.placed)
        if isinstance(step, PickCards) and viewer in step.choosers:
            known |= set(step.submitted[viewer] or [])
            if step.source == "peek" and step.peek_seat is not None:
                known |= set(state.hands[step.peek_seat])
    for event in state.events:
        if event.visible_to(viewer):
            for key, value in event.params.items():
                if key in ("card", "cards") or key.endswith(("_card", "_cards")):
                    known |= set(card_ids(value))
    if viewer is not None:
        known |= set(state.hands[viewer])
        if state.held is not None and viewer == state.active:
            known.add(state.held)
    return known


def known_faces(state: DeadMoneyState, viewer: int | None) -> set[str]:
    return {poker_card_face(card) for card in known_cards(state, viewer)}


def hand_field_text(embed: discord.Embed, lang: str, count: int) -> str:
    """The cards of the "Your hand" field and the fields that continue it (without the line about the Brains in
    front of the player, which starts with "🧠 ")."""
    title = message(lang, "deadmoney.hand.yours", {"count": count}, NAMES)
    values: list[str] = []
    inside = False
    for field in embed.fields:
        if field.name == title:
            inside = True
        elif field.name != render_dm.CONTINUED:
            inside = False
        if inside:
            values.append(field.value or "")
    assert values, f"no field {title!r}"
    return "\n".join(line for line in "\n".join(values).splitlines() if not line.startswith("🧠 "))


def check_rendered(text: str, where: str) -> None:
    assert "deadmoney." not in text, f"{where}: a catalogue key is missing: {text}"
    assert not PLACEHOLDER.search(text), f"{where}: a placeholder is left unfilled: {text}"


def labels(state: DeadMoneyState, seat: int, lang: str) -> list[str]:
    view = ENGINE.perspective(state, seat)
    return [RENDERER.action_label("deadmoney", action, view, lang) for action in ENGINE.candidate_actions(state, seat)]


def payload(embed: discord.Embed) -> dict[str, Any]:
    result: dict[str, Any] = json.loads(json.dumps({"embeds": [embed.to_dict()]}))
    return result


# ----- random states ------------------------------------------------------------------------------------------------
def test_table_and_hands_at_random_states() -> None:
    rng = random.Random(4242)
    checked = 0
    kinds: set[str] = set()
    for playout, step in sampled_states(ENGINE, rng, playouts=24, per_playout=6, ends=True):
        state = playout.states[step]
        assert isinstance(state, DeadMoneyState)
        table = table_of(state)
        decision = state.top_decision()
        kinds.add(type(decision).__name__ if decision is not None else "turn")
        where = f"seed {playout.seed} step {step}"
        for lang in LANGUAGES:
            embed = table_embed(table, lang)
            text = embed_text(embed)
            check_rendered(text, f"{where} table ({lang})")
            assert message_problems(payload(embed)) == [], where
            leaked = set(faces(text)) - known_faces(state, None)
            assert not leaked, f"{where} ({lang}): the table shows {leaked}, which a spectator can't know"
            for seat in range(state.players):
                embed = hand_embed(table, seat, lang)
                text = embed_text(embed)
                check_rendered(text, f"{where} hand {seat} ({lang})")
                assert message_problems(payload(embed)) == [], where
                hand = state.hands[seat]
                shown = faces(hand_field_text(embed, lang, len(hand)))
                assert shown == Counter(poker_card_face(card) for card in hand), f"{where}: hand {seat} not whole"
                buttons = labels(state, seat, lang)
                for label in buttons:
                    check_rendered(label, f"{where} button of {seat} ({lang})")
                    assert 0 < len(label) <= BUTTON_LABEL
                leaked = set(faces(text + "\n".join(buttons))) - known_faces(state, seat)
                assert not leaked, f"{where} ({lang}): seat {seat} is shown {leaked}, which they can't know"
            checked += 1
    assert checked > 100
    assert {"turn", "ChooseSeat", "ChooseBrain", "PickCards", "Showdown"} <= kinds


def test_every_decision_kind_renders() -> None:
    """Walk random games until every kind and purpose of pending decision has been rendered in both languages."""
    seen: set[tuple[str, str | None]] = set()
    for seed in range(60):
        rng = random.Random(seed)
        state = ENGINE.new(rng.randint(3, 6), ENGINE.options_model(), seed)
        for _ in range(600):
            if ENGINE.is_over(state):
                break
            view = ENGINE.perspective(state, None)
            pending = view.pending
            assert pending is not None
            key = (pending.kind, pending.purpose)
            if key not in seen:
                seen.add(key)
                table = table_of(state)
                for lang in LANGUAGES:
                    check_rendered(embed_text(table_embed(table, lang)), f"{key} table ({lang})")
                    for seat in pending.waiting:
                        check_rendered(embed_text(hand_embed(table, seat, lang)), f"{key} hand ({lang})")
            seat = rng.choice(ENGINE.to_act(state))
            state = ENGINE.apply(state, seat, rng.choice(ENGINE.legal_actions(state, seat)))
    kinds = {kind for kind, _ in seen}
    assert {"turn", "seat", "brain", "cards", "showdown", "arrange"} <= kinds
    assert len(seen) >= 20


# ----- a huge hand ------------------------------------------------------------------------------------------------
def huge_hand_state(active: int) -> DeadMoneyState:
    """A 3-player game where seat 0 holds every card but a few: 100 cards, more than Discord's 25 fields or
    select options could show one by one."""
    state: DeadMoneyState = ENGINE.new(3, ENGINE.options_model(), 99)
    state = ENGINE.load_state(ENGINE.dump_state(state))
    keep = 5
    state.hands[0] += state.deck[keep:]
    state.deck = state.deck[:keep]
    state.active = active
    state.brains[0] = []
    return state


@pytest.mark.parametrize("active", [0, 1])
def test_a_hand_of_100_cards_is_shown_whole(active: int) -> None:
    state = huge_hand_state(active)
    hand = state.hands[0]
    assert len(hand) >= 60
    table = table_of(state)
    for lang in LANGUAGES:
        embed = hand_embed(table, 0, lang)
        assert message_problems(payload(embed)) == []
        shown = faces(hand_field_text(embed, lang, len(hand)))
        assert shown == Counter(poker_card_face(card) for card in hand)
        text = embed_text(embed)
        check_rendered(text, f"huge hand ({lang})")
        if active == 0:
            assert "**" in hand_field_text(embed, lang, len(hand))  # the playable cards are in bold
        # The other players see none of it.
        for viewer in (1, 2):
            other = embed_text(hand_embed(table, viewer, lang))
            assert set(faces(other)) <= known_faces(state, viewer)
        spectator = embed_text(table_embed(table, lang))
        assert set(faces(spectator)) <= known_faces(state, None)
        assert message_problems(payload(table_embed(table, lang))) == []


def test_chunk_lines_never_drops_text() -> None:
    lines = [" ".join(["**10♦**"] * 300), "short", "x" * 3000]
    values = render_dm.chunk_lines(lines, 1024)
    assert all(len(value) <= 1024 for value in values)
    assert "".join(values).replace("\n", "").replace(" ", "") == "".join(lines).replace(" ", "")


# ----- texts ----------------------------------------------------------------------------------------------------------
def test_card_faces_and_params() -> None:
    assert poker_card_face("KS") == "K♠"
    assert poker_card_face("10D") == "10♦"
    assert poker_card_face("BRAIN-H") == "🧠♥"
    assert poker_card_face("AC") == "A♣"
    assert poker_card_face("hello") == "hello"
    params = render_params({"card": "QH", "cards": "KS,9H,BRAIN-C", "seat": 1, "other_card": 7}, NAMES, "en")
    assert params == {"card": "Q♥", "cards": "K♠ 9♥ 🧠♣", "seat": "**Bea**", "other_card": 7}
    assert render_params({"card": 7, "cards": "7,8"}, NAMES, "en") == {"card": 7, "cards": "7,8"}
    line = message("en", "deadmoney.event.bid", {"seat": 0, "cards": "KS,KH,9D", "hand": "pair"}, NAMES)
    assert line == "**Ada** bids K♠ K♥ 9♦: pair."
    line = message("fr", "deadmoney.event.bid", {"seat": 0, "cards": "KS,KH,9D", "hand": "two_pair"}, NAMES)
    assert line == "**Ada** mise K♠ K♥ 9♦ : double paire."


def test_catalogues_match() -> None:
    """Both languages hold the same Dead Money keys, with the same placeholders."""
    texts = {lang: json.loads((LOCALES / lang / "deadmoney.json").read_text(encoding="utf-8")) for lang in LANGUAGES}
    assert set(texts["en"]) == set(texts["fr"])

    def fields(text: str) -> set[str]:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name}

    for key in texts["en"]:
        assert fields(texts["en"][key]) == fields(texts["fr"][key]), key
    for lang in LANGUAGES:
        assert len(texts[lang]["deadmoney.rules"]) < 4000  # /rules shows it in one embed description
        for category in ("high_card", "pair", "two_pair", "full_house", "straight_flush", "five_of_a_kind"):
            assert f"deadmoney.hand.{category}" in texts[lang]


def test_pick_options_fit() -> None:
    for card in sorted(render_dm.card_specs()):
        for lang in LANGUAGES:
            label, description = render_dm.pick_option_text(card, lang)
            assert label == poker_card_face(card)
            assert 0 < len(label) <= OPTION_TEXT
            assert 0 < len(description) <= OPTION_TEXT
    label, description = render_dm.pick_option_text("JC", "en")
    assert description.startswith("1 hand · 2 coins — ")
    assert render_dm.pick_option_text("2C", "en")[1].startswith("1 hand · 2 coins · needs a Brain — ")
    assert render_dm.pick_option_text("BRAIN-S", "fr")[1].startswith("2 mains — ")
    assert RENDERER.pick_option("deadmoney", "KS", "en")[0] == "K♠"


def test_end_turn_label_says_whether_you_draw() -> None:
    state: DeadMoneyState = ENGINE.new(3, ENGINE.options_model(), 5)
    view: DeadMoneyPerspective = ENGINE.perspective(state, state.active)
    assert RENDERER.action_label("deadmoney", EndTurn(), view, "en") == "Draw & end turn"
    played = view.model_copy(update={"played": 1})
    assert RENDERER.action_label("deadmoney", EndTurn(), played, "en") == "End turn"
    assert RENDERER.action_label("deadmoney", EndTurn(), played, "fr") == "Finir le tour"


def all_texts(fields: Iterable[Any]) -> str:
    return "\n".join(f"{field.name}\n{field.value}" for field in fields)


def test_roll_and_showdown_are_shown() -> None:
    """The last Brain roll and a running showdown (Brain, high bid with its category, bidder, who bids now)."""
    for seed in range(100):
        rng = random.Random(seed)
        state = ENGINE.new(4, ENGINE.options_model(), seed)
        for _ in range(400):
            if ENGINE.is_over(state):
                break
            decision = state.top_decision()
            if isinstance(decision, Showdown) and decision.high is not None and state.last_roll is not None:
                view = ENGINE.perspective(state, None)
                text = all_texts(RENDERER.table_fields(view, NAMES, "en"))
                roll = state.last_roll
                assert f"{roll.die}" in text and f"vs {roll.target}" in text
                assert f"Showdown for {poker_card_face(decision.brain)}" in text
                high = " ".join(poker_card_face(card) for card in decision.high.cards)
                assert f"High bid: {high} (" in text
                assert f"by **{NAMES[decision.high.seat]}**" in text
                assert f"To bid: **{NAMES[decision.order[decision.at]]}**" in text
                return
            seat = rng.choice(ENGINE.to_act(state))
            state = ENGINE.apply(state, seat, rng.choice(ENGINE.legal_actions(state, seat)))
    pytest.fail("no showdown with a bid after a Brain roll found")
