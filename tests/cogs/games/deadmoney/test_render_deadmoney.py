"""Dead Money on Discord: the table and every hand render in both languages at random states, within Discord's
limits, with every card of a hand shown (even 60+ cards) and no card that the viewer may not know."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import discord
import pytest

from bot import i18n
from bot.i18n import LANGUAGES
from bot.services.tables import Table
from bot.storage import Seat, TableRecord
from cogs.games.deadmoney import render as render_dm
from cogs.render.fields import CONTINUED, chunk_lines
from cogs.render.frame import hand_embed, secret_events, table_embed
from cogs.render.games import renderer_for, worded_refusal
from cogs.render.limits import BUTTON_LABEL, OPTION_TEXT
from cogs.render.text import message, poker_card_face, poker_card_label, render_params
from cogs.tables._views import confirm_question, hand_view
from engines import registry
from engines.deadmoney import Bid, DeadMoneyPerspective, DeadMoneyState, EndTurn, Pass, Play, Target
from engines.deadmoney.state import Arrange, PickCards, Showdown
from tests.cogs.render_support import lines, moves, plain
from tests.conformance.playout import sampled_states
from tests.engines.deadmoney.deadmoney_rig import act, rig, with_rolls
from tools.standin.limits import message_problems

ENGINE: Any = registry.get("deadmoney")
RENDERER: Any = renderer_for("deadmoney")
NAMES = ["Ada", "Bea", "Cyd", "Dov", "Eli", "Fay"]
LOCALES = Path(__file__).resolve().parents[4] / "data" / "locales"
# A card face as rendered (text faces: no emojis are installed in tests) or labelled: "K♠️", "10♦", "🧠♥️", and in
# French "R♠️" (roi), "D♦️" (dame), "V♣️" (valet).
FACE = re.compile("(?:🧠|(?P<rank>10|[2-9AJQKRDV]))(?P<suit>[♣♦♥♠])\ufe0f?")
SUIT_LETTERS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}
FRENCH_RANKS = {"R": "K", "D": "Q", "V": "J"}
PLACEHOLDER = re.compile(r"\{[a-z_]+\}")


def record(players: int, state: DeadMoneyState, status: str = "active") -> TableRecord:
    return TableRecord(
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
    """The cards shown in `text`, as card ids ("KS", "BRAIN-H"), whatever the language of their faces."""
    found: Counter[str] = Counter()
    for match in FACE.finditer(text):
        suit = SUIT_LETTERS[match["suit"]]
        rank = match["rank"]
        found["BRAIN-" + suit if rank is None else FRENCH_RANKS.get(rank, rank) + suit] += 1
    return found


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


def hand_field_text(embed: discord.Embed, lang: str, count: int) -> str:
    """The cards of the "Your hand" field and the fields that continue it (without the line about the Brains in
    front of the player, which starts with "🧠 ")."""
    title = message(lang, "deadmoney.hand.yours", {"count": count}, NAMES)
    values: list[str] = []
    inside = False
    for field in embed.fields:
        if field.name == title:
            inside = True
        elif field.name != CONTINUED:
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
    return [RENDERER.action_label(action, view, lang) for action in ENGINE.candidate_actions(state, seat)]


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
            leaked = set(faces(text)) - known_cards(state, None)
            assert not leaked, f"{where} ({lang}): the table shows {leaked}, which a spectator can't know"
            for seat in range(state.players):
                embed = hand_embed(table, seat, lang)
                text = embed_text(embed)
                check_rendered(text, f"{where} hand {seat} ({lang})")
                assert message_problems(payload(embed)) == [], where
                hand = state.hands[seat]
                shown = faces(hand_field_text(embed, lang, len(hand)))
                assert shown == Counter(hand), f"{where}: hand {seat} not whole"
                buttons = labels(state, seat, lang)
                for label in buttons:
                    check_rendered(label, f"{where} button of {seat} ({lang})")
                    assert 0 < len(label) <= BUTTON_LABEL
                leaked = set(faces(text + "\n".join(buttons))) - known_cards(state, seat)
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
        assert shown == Counter(hand)
        text = embed_text(embed)
        check_rendered(text, f"huge hand ({lang})")
        playable = message(lang, "deadmoney.hand.playable", {"cards": ""}, NAMES)
        # The playable cards on a line of their own, on the player's turn only.
        assert (playable in hand_field_text(embed, lang, len(hand))) == (active == 0)
        # The other players see none of it.
        for viewer in (1, 2):
            other = embed_text(hand_embed(table, viewer, lang))
            assert set(faces(other)) <= known_cards(state, viewer)
        spectator = embed_text(table_embed(table, lang))
        assert set(faces(spectator)) <= known_cards(state, None)
        assert message_problems(payload(table_embed(table, lang))) == []


def test_chunk_lines_never_drops_text() -> None:
    lines = [" ".join(["**10♦**"] * 300), "short", "x" * 3000]
    values = chunk_lines(lines, 1024)
    assert all(len(value) <= 1024 for value in values)
    assert "".join(values).replace("\n", "").replace(" ", "") == "".join(lines).replace(" ", "")


# ----- texts ----------------------------------------------------------------------------------------------------------
def test_card_faces_and_params() -> None:
    # Text faces (no emojis in tests), suits in emoji presentation (U+FE0F), French court cards R, D, V.
    assert poker_card_face("KS") == "K♠\ufe0f"
    assert poker_card_face("10D") == "10♦\ufe0f"
    assert poker_card_face("BRAIN-H") == "🧠♥\ufe0f"
    assert poker_card_face("QC", lang="fr") == "D♣\ufe0f"
    assert poker_card_face("hello") == "hello"
    assert faces("K♠\ufe0f R♥\ufe0f 🧠♣ 10♦") == Counter(["KS", "KH", "BRAIN-C", "10D"])
    params = render_params({"card": "QH", "cards": "KS,9H,BRAIN-C", "seat": 1, "other_card": 7}, NAMES, "en")
    assert params == {
        "card": poker_card_face("QH"),
        "cards": " ".join(poker_card_face(card) for card in ("KS", "9H", "BRAIN-C")),
        "seat": "**Bea**",
        "other_card": 7,
    }
    assert render_params({"card": 7, "cards": "7,8"}, NAMES, "en") == {"card": 7, "cards": "7,8"}
    line = message("en", "deadmoney.event.bid", {"seat": 0, "cards": "KS,KH,9D", "hand": "pair"}, NAMES)
    assert line == "**Ada** bids K♠\ufe0f K♥\ufe0f 9♦\ufe0f: pair."
    line = message("fr", "deadmoney.event.bid", {"seat": 0, "cards": "KS,KH,9D", "hand": "two_pair"}, NAMES)
    assert line == "**Ada** mise R♠\ufe0f R♥\ufe0f 9♦\ufe0f\u00a0: double paire."


def test_catalogues_match() -> None:
    """Both languages hold the same Dead Money keys, with the same placeholders."""
    texts = {lang: json.loads((LOCALES / lang / "deadmoney.json").read_text(encoding="utf-8")) for lang in LANGUAGES}
    assert set(texts["en"]) == set(texts["fr"])

    for key in texts["en"]:
        assert i18n.fields(texts["en"][key]) == i18n.fields(texts["fr"][key]), key  # a text or a plural object
    for lang in LANGUAGES:
        assert len(texts[lang]["deadmoney.rules"]) < 4000  # /rules shows it in one embed description
        for category in ("high_card", "pair", "two_pair", "full_house", "straight_flush", "five_of_a_kind"):
            assert f"deadmoney.hand.{category}" in texts[lang]


def test_pick_options_fit() -> None:
    for card in sorted(render_dm.card_specs()):
        for lang in LANGUAGES:
            label, description = render_dm.pick_option_text(card, lang)
            assert label == poker_card_label(card, lang)  # plain text: a select option shows no emoji markup
            assert 0 < len(label) <= OPTION_TEXT
            assert 0 < len(description) <= OPTION_TEXT
    label, description = render_dm.pick_option_text("JC", "en")
    assert description.startswith("1 action · 2 coins — ")
    assert render_dm.pick_option_text("2C", "en")[1].startswith("1 action · 2 coins · 🧠 — ")  # needs a Brain
    two_hands = message("fr", "deadmoney.card.hands.2", {}, NAMES)
    assert render_dm.pick_option_text("BRAIN-S", "fr")[1].startswith(f"{two_hands} — ")  # a Brain has no coins
    assert RENDERER.pick_option("KS", "en")[0] == "K♠"
    assert RENDERER.pick_option("KS", "fr")[0] == "R♠"


def test_end_turn_label_says_whether_you_draw() -> None:
    state: DeadMoneyState = ENGINE.new(3, ENGINE.options_model(), 5)
    view: DeadMoneyPerspective = ENGINE.perspective(state, state.active)
    assert RENDERER.action_label(EndTurn(), view, "en") == "Draw & end turn"
    played = view.model_copy(update={"played": 1})
    assert RENDERER.action_label(EndTurn(), played, "en") == "End turn"
    assert RENDERER.action_label(EndTurn(), played, "fr") == "Finir le tour"


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


# ----- a hand reads like the real table ---------------------------------------------------------------------------
def lines_of(embed: discord.Embed) -> list[str]:
    """The lines a hand shows before its controls: the description, then each field's name and value."""
    lines = (embed.description or "").splitlines()
    for field in embed.fields:
        lines += [field.name or "", *(field.value or "").splitlines()]
    return lines


def showdown_state() -> DeadMoneyState:
    """Ada (seat 0) plays the A♥ and drops her only Brain, 🧠♠; Bea bids a pair of Kings, Cyd three 3s: Dov bids."""
    hands = {
        0: ["AH", "2C", "3C"],
        1: ["KS", "KH", "9C", "4D"],
        2: ["3D", "3H", "3S", "5D"],
        3: ["7H", "8H", "JD", "JH", "JS"],
    }
    state = act(rig(hands=hands, brains={0: ["BRAIN-S"]}), 0, Play(card="AH"))
    state = act(state, 1, Bid(cards=("KS", "KH")))
    return act(state, 2, Bid(cards=("3D", "3H", "3S")))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_showdown_hand_starts_with_the_decision_and_stays_short(lang: str) -> None:
    state = showdown_state()
    assert ENGINE.to_act(state) == (3,)
    embed = hand_embed(table_of(state), 3, lang)
    brain = poker_card_face("BRAIN-S", lang=lang)
    expected = {
        "en": f"**Showdown for {brain}: beat three 3s (Cyd) with 1 to 5 cards, or pass**",
        "fr": f"**Enchères pour {brain}\u00a0: battez brelan de 3 (Cyd) avec 1 à 5 cartes, ou passez**",
    }
    assert (embed.description or "").splitlines()[0] == expected[lang]
    # Your cards first, then one compact table field (not the whole showdown again).
    yours = message(lang, "deadmoney.hand.yours", {"count": 5}, NAMES)
    assert [field.name for field in embed.fields] == [yours, message(lang, "deadmoney.table.summary", {}, NAMES)]
    assert faces(embed.fields[0].value or "") == Counter(state.hands[3])
    table = embed.fields[1].value or ""
    high = " ".join(poker_card_face(card, lang=lang) for card in ("3D", "3H", "3S"))
    assert high in table and "**Cyd**" in table
    assert message(lang, "deadmoney.showdown.order", {"players": ""}, NAMES).strip() not in table
    assert len(table.splitlines()) <= 7
    assert len(lines_of(embed)) < 20


def test_the_table_keeps_every_bid_of_the_showdown_in_sight() -> None:
    state = act(act(showdown_state(), 3, Pass()), 0, Pass())  # Dov and Ada pass: Bea is asked again
    view = ENGINE.perspective(state, None)
    fields = {field.name: field.value for field in RENDERER.table_fields(view, NAMES, "en")}
    showdown = fields[f"⚔️ Showdown for {poker_card_face('BRAIN-S')}"]
    threes = " ".join(poker_card_face(card) for card in ("3D", "3H", "3S"))
    kings = " ".join(poker_card_face(card) for card in ("KS", "KH"))
    assert f"High bid: {threes} (three 3s) by **Cyd**" in showdown
    assert f"**Bea**: {kings} (pair of Kings)" in showdown
    assert "Passed since: **Dov** and **Ada**" in showdown
    assert "To bid: **Bea**" in showdown
    # The table's events come after, newest first: the bids stay in their own field whatever happens.
    embed = table_embed(table_of(state), "en")
    names = [field.name for field in embed.fields]
    assert names.index(f"⚔️ Showdown for {poker_card_face('BRAIN-S')}") < len(names) - 1


@pytest.mark.parametrize("lang", LANGUAGES)
def test_targets_list_opponents_first_and_yourself_last_in_red(lang: str) -> None:
    # 4♠: "Un joueur de votre choix pioche 2 cartes." Naming yourself is legal, and costs you 2 cards.
    state = act(rig(hands={0: ["4S", "QC"]}, brains={0: ["BRAIN-S"]}), 0, Play(card="4S"))
    table = table_of(state)
    embed = hand_embed(table, 0, lang)
    decision = {"en": "4♠\ufe0f: name a player who draws 2 cards", "fr": "4♠\ufe0f\u00a0: désignez qui pioche 2 cartes"}
    assert (embed.description or "").startswith(f"**{decision[lang]}**")
    buttons = [child for row in hand_view(table, 0, lang).to_components() for child in row["components"]]
    moves = [button for button in buttons if button["custom_id"].startswith("move:")]
    you = {"en": "🎯 Ada (you) (you draw 2 cards)", "fr": "🎯 Ada (vous) (vous piochez 2 cartes)"}
    assert [button["label"] for button in moves] == ["🎯 Bea", "🎯 Cyd", "🎯 Dov", you[lang]]
    danger, choice = discord.ButtonStyle.danger.value, discord.ButtonStyle.primary.value
    assert [button["style"] for button in moves] == [choice, choice, choice, danger]
    question = {
        "en": "⚠️ 🎯 Ada (you): you draw 2 cards. Are you sure?",
        "fr": message("fr", "hand.confirm", {"move": "🎯 Ada (vous)", "consequence": "vous piochez 2 cartes"}, NAMES),
    }
    assert confirm_question(table, 0, 3, lang) == question[lang]
    assert confirm_question(table, 0, 0, lang) is None  # naming Bea costs you nothing


def test_the_hand_sets_playable_and_new_cards_apart() -> None:
    state = rig(hands={0: ["KD", "2C", "QC"]})
    state.fresh[0] = ["QC"]  # the Q♣ reached Ada since her last move
    embed = hand_embed(table_of(state), 0, "en")
    assert (embed.description or "").startswith("**Play a card (2 actions to spend) or draw and end your turn**")
    hand = (embed.fields[0].value or "").splitlines()
    assert hand[0] == f"▶️ Playable: {poker_card_face('KD')} 🆕 {poker_card_face('QC')}"
    assert hand[1] == f"Not now: {poker_card_face('2C')}"
    # Not her turn: every card on one line, suit by suit, the new ones after the 🆕.
    state = act(rig(hands={0: ["2C", "3C", "8S"], 1: ["KD"]}, deck_top=["9D"]), 0, Play(card="8S"))
    state = act(state, 0, EndTurn()) if state.active == 0 else state
    embed = hand_embed(table_of(state), 0, "en")
    assert (embed.fields[0].value or "").splitlines()[0] == f"{poker_card_face('2C')} {poker_card_face('3C')}"


def test_what_reached_you_secretly_reads_in_the_second_person() -> None:
    # 4♥: Ada draws the 9♦ and passes it to Cyd; each is told in their own words, nobody else.
    state = rig(hands={0: ["4H", "KD"], 2: ["QS", "JC"]}, brains={0: ["BRAIN-H"]}, deck_top=["9D"])
    state = ENGINE.apply(act(with_rolls(state, [6]), 0, Play(card="4H")), 0, Target(seat=2))  # both moves' events
    table = table_of(state)
    nine = poker_card_face("9D")
    told = {
        0: f"🆕 Since your last look: you drew {nine} · you passed {nine} to **Cyd**",
        2: f"🆕 Since your last look: **Ada** passed you {nine}",
    }
    for seat, line in told.items():
        news = secret_events(ENGINE.perspective(state, seat))
        assert line in (hand_embed(table, seat, "en", news=news).description or "")
    assert secret_events(ENGINE.perspective(state, 1)) == []
    french = hand_embed(table, 2, "fr", news=secret_events(ENGINE.perspective(state, 2))).description or ""
    assert f"**Ada** vous a passé {poker_card_face('9D', lang='fr')}" in french


@pytest.mark.parametrize(
    ("cards", "english", "french"),
    [
        (["AS", "KD"], "Ace high", "hauteur As"),
        (["3C", "3D", "9S"], "pair of 3s", "paire de 3"),
        (["AS", "AH"], "pair of Aces", "paire d’As"),
        (["KS", "KH", "3C", "3D", "9S"], "two pair, Kings and 3s", "double paire de Rois et de 3"),
        (["KS", "KH", "KD"], "three Kings", "brelan de Rois"),
        (["9C", "10D", "JH", "QS", "KS"], "King-high straight", "suite hauteur Roi"),
        (["AS", "2D", "3C", "4H", "5S"], "5-high straight", "suite hauteur 5"),
        (["2H", "5H", "7H", "9H", "JH"], "Jack-high flush", "couleur hauteur Valet"),
        (["KS", "KH", "KD", "3C", "3D"], "full house, Kings over 3s", "full (brelan de Rois, paire de 3)"),
        (["7C", "7D", "7H", "7S"], "four 7s", "carré de 7"),
        (["9H", "10H", "JH", "QH", "KH"], "King-high straight flush", "quinte flush hauteur Roi"),
        (["8C", "8C", "8D", "8D", "8H"], "five 8s", "cinq 8"),
    ],
)
def test_bids_are_named_as_poker_hands(cards: list[str], english: str, french: str) -> None:
    assert render_dm.hand_words(cards, "en") == english
    assert render_dm.hand_words(cards, "fr") == french
    assert render_dm.hand_words(["BRAIN-C"], "en") is None


def test_a_drafted_bid_says_whether_it_beats_the_high_bid() -> None:
    state = showdown_state()
    view = ENGINE.perspective(state, 3)
    assert render_dm.bid_feedback(view, ["JD", "JH"], "en") == (
        "❌ pair of Jacks does not beat three 3s: choose other cards, or pass.",
        False,
    )
    coins = sum(ENGINE.specs[card].coins for card in ("JD", "JH", "JS"))
    assert render_dm.bid_feedback(view, ["JD", "JH", "JS"], "en") == (
        f"✅ three Jacks beats three 3s. If it wins, you draw {coins} cards.",
        True,
    )
    french, ready = render_dm.bid_feedback(view, ["JD", "JH"], "fr") or ("", True)
    assert (
        french == "❌ paire de Valets ne bat pas brelan de 3\u00a0: choisissez d’autres cartes, ou passez."
        and not ready
    )
    assert render_dm.bid_feedback(view, [], "en") == ("", False)
    assert render_dm.bid_feedback(ENGINE.perspective(state, 0), ["2C"], "en") is None  # not Ada's bid
    first = act(rig(hands={0: ["AH", "2C"], 1: ["KS", "KH"]}, brains={0: ["BRAIN-S"]}), 0, Play(card="AH"))
    coins = sum(ENGINE.specs[card].coins for card in ("KS", "KH"))
    assert render_dm.bid_feedback(ENGINE.perspective(first, 1), ["KS", "KH"], "en") == (
        f"✅ pair of Kings: the first bid. If it wins, you draw {coins} cards.",
        True,
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_refused_bid_names_both_hands(lang: str) -> None:
    refusal = ENGINE.refusal(showdown_state(), 3, Bid(cards=("JD", "JH")))
    assert refusal is not None
    worded = worded_refusal("deadmoney", refusal, lang)
    expected = {
        "en": "Your bid: pair of Jacks does not beat three 3s. Raise with a stronger poker hand, or pass.",
        "fr": "Votre enchère\u00a0: paire de Valets ne bat pas brelan de 3. "
        "Misez une combinaison plus forte, ou passez.",
    }
    assert message(lang, worded.key, dict(worded.params), NAMES) == expected[lang]


def test_bid_options_show_the_card_and_its_coins_only() -> None:
    state = showdown_state()
    pick = ENGINE.card_pick(state, 3)
    assert pick is not None and pick.kind == "bid"
    for lang in LANGUAGES:
        for card in pick.cards:
            label, description = RENDERER.pick_card_option(pick, card, lang)
            coins = message(lang, f"deadmoney.card.coins.{ENGINE.specs[card].coins}", {}, NAMES)
            assert (label, description) == (poker_card_label(card, lang), coins)
    play = ENGINE.card_pick(rig(hands={0: ["KD", "QC"]}), 0)
    assert play is not None and play.kind == "play"
    effect = render_dm.card_text("KD", "en")
    assert effect in (RENDERER.pick_card_option(play, "KD", "en")[1] or "")


def test_a_failed_roll_asks_which_of_your_brains_you_drop() -> None:
    state = rig(hands={0: ["4H", "KC"], 1: ["2D"]}, brains={0: ["BRAIN-C", "BRAIN-S"]})
    state = act(with_rolls(state, [1]), 0, Play(card="4H"))
    state = act(state, 0, Target(seat=1))
    embed = hand_embed(table_of(state), 0, "en")
    four = poker_card_face("4H")
    assert (embed.description or "").startswith(
        f"**Your roll for {four} failed: choose which of your Brains you drop; a showdown follows**"
    )


# ----- issue 28: no question for an ordinary choice, "actions" not "hands", one marker for who acts now -------------
def end_turn_index(table: Table, seat: int) -> int:
    candidates = list(table.decision(seat).candidates)
    return candidates.index(EndTurn())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_drawing_instead_of_playing_is_an_ordinary_choice_asked_nothing(lang: str) -> None:
    # Ada could play the K♦ or the Q♣: ending her turn and drawing instead is her choice, not a certain harm.
    state = rig(hands={0: ["KD", "QC"]})
    table = table_of(state)
    label = {"en": "Draw & end turn", "fr": "Piocher et finir le tour"}
    assert moves(table, 0, lang) == [(label[lang], discord.ButtonStyle.success)]  # the label says it, not in red
    assert confirm_question(table, 0, end_turn_index(table, 0), lang) is None
    # A certain harm is still asked about: naming yourself to draw 2 cards with the 4♠.
    state = act(rig(hands={0: ["4S", "QC"]}, brains={0: ["BRAIN-S"]}), 0, Play(card="4S"))
    assert confirm_question(table_of(state), 0, 3, lang) is not None


# "2 hands", "{left} hands", "one 2-hand card", "cost hands", "hands left": an action called a hand.
HANDS_AS_ACTIONS = re.compile(r"(?:\b\d|\{left\}|\{cost\}|\bone|\btwo) (?:[12]-)?hands?\b|\bcost hands|\bhands left")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_actions_are_called_actions_not_hands(lang: str) -> None:
    state = rig(hands={0: ["AC", "JC", "QC"]})
    embed = hand_embed(table_of(state), 0, lang)
    first = {
        "en": "**Play a card (2 actions to spend) or draw and end your turn**",
        "fr": "**Jouez une carte (2 actions à dépenser) ou piochez et finissez votre tour**",
    }
    assert plain((embed.description or "").splitlines()[0]) == first[lang]
    turn = {"en": "▶️ Turn 1: **Ada** · 2 actions left", "fr": "▶️ Tour 1 : **Ada** · 2 actions restantes"}
    assert turn[lang] in [plain(line) for line in lines(embed)]
    state = act(state, 0, Play(card="JC"))  # a 1-action card: 1 action left, counted in the singular
    embed = hand_embed(table_of(state), 0, lang)
    more = {
        "en": "**Play another card (1 action left) or end your turn**",
        "fr": "**Jouez une autre carte (il vous reste 1 action) ou finissez votre tour**",
    }
    assert plain((embed.description or "").splitlines()[0]) == more[lang]
    one_left = {"en": "▶️ Turn 1: **Ada** · 1 action left", "fr": "▶️ Tour 1 : **Ada** · 1 action restante"}
    assert one_left[lang] in [plain(line) for line in lines(table_embed(table_of(state), lang))]
    refusal = ENGINE.refusal(state, 0, Play(card="AC"))  # the A♣ costs 2 actions
    assert refusal is not None
    refused = {
        "en": "That card costs 2 actions and you have 1 left this turn.",
        "fr": "Cette carte coûte 2 actions et il vous en reste 1 ce tour-ci.",
    }
    assert plain(message(lang, refusal.key, dict(refusal.params), NAMES)) == refused[lang]
    pick = ENGINE.card_pick(state, 0)
    assert pick is not None
    prompt = {
        "en": "Play a card (1 action left), or end your turn.",
        "fr": "Jouez une carte (il vous reste 1 action), ou terminez votre tour.",
    }
    assert plain(message(lang, pick.prompt, dict(pick.params), NAMES)) == prompt[lang]
    cost = {"en": "1 action · 2 coins — ", "fr": "1 action · 2 pièces — "}
    assert render_dm.pick_option_text("JC", lang)[1].startswith(cost[lang])
    event = {"en": "**Ada**'s turn: 2 actions to spend.", "fr": "Au tour de **Ada** : 2 actions à jouer."}
    assert plain(message(lang, "deadmoney.event.turn", {"seat": 0}, NAMES)) == event[lang]
    # Nowhere in the catalogue is an action called a hand (the hand is the cards you hold).
    texts = json.loads((LOCALES / lang / "deadmoney.json").read_text(encoding="utf-8"))
    for key, value in texts.items():
        for text in value.values() if isinstance(value, dict) else [value]:
            assert not HANDS_AS_ACTIONS.search(text), f"{key}: {text}"
    rule = {"en": "Every card costs 1 or 2 actions", "fr": "Chaque carte coûte 1 ou 2 actions"}
    assert rule[lang] in plain(texts["deadmoney.rules"])


def marked(embed: discord.Embed) -> list[str]:
    return [plain(line) for line in lines(embed) if "▶️" in line]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_one_marker_for_who_must_act_now_during_a_showdown(lang: str) -> None:
    # Ada's turn, but Dov must bid: ▶️ and "Waiting for" both point at Dov; Ada's turn is said in words.
    state = showdown_state()
    assert state.active == 0 and ENGINE.to_act(state) == (3,)
    table = table_of(state)
    waiting = {"en": "Waiting for **Dov**.", "fr": "En attente de **Dov**."}
    turn = {"en": "Turn 1: **Ada**'s turn · 0 actions left", "fr": "Tour 1 : au tour de **Ada** · 0 action restante"}
    embed = table_embed(table, lang)
    assert plain((embed.description or "").splitlines()[0]) == waiting[lang]
    assert turn[lang] in [plain(line) for line in lines(embed)]
    assert marked(embed) == ["▶️ 4. Dov"]
    for seat in (0, 1):  # Ada (whose turn it is) and Bea wait for Dov too
        hand = hand_embed(table, seat, lang)
        assert plain((hand.description or "").splitlines()[0]) == waiting[lang]
        assert turn[lang] in [plain(line) for line in lines(hand)]
        assert [line.split(":")[0].strip() for line in marked(hand)] == ["▶️ 4. Dov"]
    # Dov's own hand: his decision first (in bold), and nobody else marked as acting.
    dov = hand_embed(table, 3, lang)
    assert (dov.description or "").startswith("**") and marked(dov) == []
    assert turn[lang] in [plain(line) for line in lines(dov)]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_one_marker_for_who_must_act_now_inside_a_turn(lang: str) -> None:
    # Q♣: Ada names Bea, who discards a card; then back to Ada's turn, and the marker with it.
    state = act(act(rig(hands={0: ["QC", "KD", "JC"], 1: ["8S", "9S"]}), 0, Play(card="QC")), 0, Target(seat=1))
    assert state.active == 0 and ENGINE.to_act(state) == (1,)
    embed = table_embed(table_of(state), lang)
    waiting = {"en": "Waiting for **Bea**.", "fr": "En attente de **Bea**."}
    turn = {"en": "Turn 1: **Ada**'s turn · 1 action left", "fr": "Tour 1 : au tour de **Ada** · 1 action restante"}
    assert plain((embed.description or "").splitlines()[0]) == waiting[lang]
    assert turn[lang] in [plain(line) for line in lines(embed)]
    assert marked(embed) == ["▶️ 2. Bea"]
    state = act(state, 1, ENGINE.legal_actions(state, 1)[0])
    assert ENGINE.to_act(state) == (0,)
    embed = table_embed(table_of(state), lang)
    now = {"en": "▶️ Turn 1: **Ada** · 1 action left", "fr": "▶️ Tour 1 : **Ada** · 1 action restante"}
    assert marked(embed) == [now[lang], "▶️ 1. Ada"]
