"""Full of Dollars playtest polish (issue 28), in both languages, on rigged tables played move by move:

1. one price per card in the Poker phase: the decision, the card menu and the draft say what the engine charges;
2. every count agrees with its noun ("1 uzi", "0 police", "1 police", "2 polices"), in events and on the table;
3. one verb for conceding (decision, button, table), and one defender is not "shared among the defenders".
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

import discord
import pytest

from cogs.games.fullofdollars.words import money_amount
from cogs.render.frame import hand_embed, table_embed
from cogs.render.games import draft_feedback
from cogs.render.text import event_line
from cogs.tables._views import hand_view
from engines.core import Event
from engines.fullofdollars import Abstain, Concede, Decline, Defend, Discard, FullOfDollarsState, HoldUp, Reveal, flow
from tests.cogs.render_support import lines, moves, plain, table_of
from tests.engines.fullofdollars.fod_rig import DECK, ENGINE, act, biz, dual, police, rig, uzi, valued

NAMES = ["Ann", "Bob", "Cyd", "Dov"]


def public(state: FullOfDollarsState, lang: str) -> str:
    return plain("\n".join(lines(table_embed(table_of(ENGINE, state, table_id=28, locale=lang, names=NAMES), lang))))


def hand(state: FullOfDollarsState, seat: int, lang: str) -> str:
    embed = hand_embed(table_of(ENGINE, state, table_id=28, locale=lang, names=NAMES), seat, lang)
    return plain("\n".join(lines(embed)))


def decision(state: FullOfDollarsState, seat: int, lang: str) -> str:
    return hand(state, seat, lang).split("\n")[0]


def menu(state: FullOfDollarsState, seat: int, lang: str) -> str:
    """The card picker's placeholder (what the menu says before anything is picked)."""
    view = hand_view(table_of(ENGINE, state, table_id=28, locale=lang, names=NAMES), seat, lang)
    select = next(item for item in view.children if isinstance(item, discord.ui.Select))
    return plain(select.placeholder or "")


def said(events: Sequence[Event], lang: str) -> str:
    return plain("\n".join(event_line(event, NAMES, lang) for event in events))


def poker(
    players: int, hands: Mapping[int, Sequence[str]], money: Mapping[int, int] | None = None
) -> FullOfDollarsState:
    """A rigged table whose Business phase ends now with Ann's call: she deals, Bob draws first."""
    state = rig(players, hands=hands, money=money, turn=0)
    state.window = None
    state.caller, state.stage = 0, "turn_end"
    state.events = []
    flow.settle(DECK, state)
    return state


def money(amount: int, lang: str) -> str:
    return plain(money_amount(amount, lang))


# ----- 1. one price per card ------------------------------------------------------------------------------------
def short_hand_poker() -> FullOfDollarsState:
    """Bob draws first with 3 cards (he played 2 in the Business phase); Cyd has no notes left."""
    hands = {
        0: [valued(code) for code in ("2D", "3D", "5S", "8C", "JC")],
        1: [valued("KC"), valued("KH"), valued("3C")],
        2: [valued(code) for code in ("6S", "9H", "4S", "2S", "7H")],
    }
    return poker(3, hands, money={2: 0})


@pytest.mark.parametrize(
    ("lang", "each"),
    [("en", "$50k each"), ("fr", "50 k$ la carte")],
)
def test_the_decision_the_card_menu_and_the_draft_give_the_price_the_engine_charges(lang: str, each: str) -> None:
    state = short_hand_poker()
    assert ENGINE.to_act(state) == (1,) and len(state.hands[1]) == 3
    assert each in decision(state, 1, lang)
    assert each in menu(state, 1, lang)  # was "150k each": the cost of refilling after one discard
    assert "150" not in menu(state, 1, lang)
    # Discarding one card of three buys three back: 3 × 50k, said before and charged after.
    draft = draft_feedback("fullofdollars", ENGINE.perspective(state, 1), [valued("3C")], lang)
    assert draft is not None and money(150, lang) in plain(draft[0])
    before = state.money[1]
    after = act(state, 1, Discard(cards=(valued("3C"),)))
    assert before - after.money[1] == 150 and len(after.hands[1]) == 5


@pytest.mark.parametrize(("lang", "free"), [("en", "for free"), ("fr", "gratuitement")])
def test_a_player_with_no_notes_is_told_free_in_the_decision_and_in_the_menu(lang: str, free: str) -> None:
    state = act(short_hand_poker(), 1, Discard())
    assert ENGINE.to_act(state) == (2,) and state.money[2] == 0
    assert free in decision(state, 2, lang) and free in menu(state, 2, lang)
    assert not re.search(r"\d", menu(state, 2, lang).replace("5", ""))  # no price at all, only the hand size


# ----- 2. counts agree with their nouns -------------------------------------------------------------------------
WRONG_PLURALS = re.compile(r"\b[01] (uzis|polices)\b")  # "1 uzis", "0 polices" (French 0 and 1 are singular)


def holdup_table() -> FullOfDollarsState:
    """Ann, Bob and Cyd; nobody runs a business, so Ann's turn starts at once."""
    hands = {
        0: [uzi(1), biz("casse")],
        1: [police(1), police(2), biz("video")],
        2: [uzi(2), police(3), biz("casino")],
    }
    return rig(3, hands=hands, turn=0)


@pytest.mark.parametrize(
    ("lang", "texts"),
    [
        (
            "en",
            [
                "**Ann** holds up **Bob** with 1 uzi.",
                "**1 uzi** against **0 police**",
                "Ann holds you up (1 uzi against 0 police)",
                "**Bob** plays 1 police (1 uzi against 1 police).",
                "Join the hold-up on Bob (1 uzi against 1 police)",
                "**Cyd** plays 3 police (1 uzi against 4 police).",
            ],
        ),
        (
            "fr",
            [
                "**Ann** braque **Bob** avec 1 uzi.",
                "**1 uzi** contre **0 police**",
                "Ann vous braque (1 uzi contre 0 police)",
                "**Bob** joue 1 police (1 uzi contre 1 police).",
                "Braquage de Bob (1 uzi contre 1 police)",
                "**Cyd** joue 3 polices (1 uzi contre 4 polices).",
            ],
        ),
    ],
)
def test_every_hold_up_count_agrees_with_its_noun(lang: str, texts: list[str]) -> None:
    seen: list[str] = []
    state = act(holdup_table(), 0, HoldUp(card=uzi(1), victim=1))
    seen += [said(state.events, lang), public(state, lang), hand(state, 1, lang)]
    state = act(state, 1, Defend(card=police(1)))
    seen += [said(state.events, lang), public(state, lang), hand(state, 2, lang)]
    state = act(state, 2, Defend(card=police(3)))
    seen += [said(state.events, lang), public(state, lang)]
    while state.holdup is not None:
        state = act(state, ENGINE.to_act(state)[0], Abstain())
        seen.append(said(state.events, lang))
    shown = "\n".join(seen)
    for text in texts:
        assert text in shown, text
    assert WRONG_PLURALS.findall(shown) == []


@pytest.mark.parametrize(
    ("lang", "one", "many"),
    [
        ("en", "a new draw pile of 1 card.", "a new draw pile of 12 cards."),
        ("fr", "une nouvelle pioche de 1 carte.", "une nouvelle pioche de 12 cartes."),
    ],
)
def test_a_reshuffle_counts_its_cards(lang: str, one: str, many: str) -> None:
    single = Event(key="fullofdollars.event.reshuffle", params={"cards": 1})
    several = Event(key="fullofdollars.event.reshuffle", params={"cards": 12})
    assert said([single], lang).endswith(one) and said([several], lang).endswith(many)


# ----- 3. one verb for conceding; one defender is not "shared" ----------------------------------------------------
def contest() -> FullOfDollarsState:
    """Ann shows a pair of aces (with a two-valued K♦/A♦ shown high), Bob a pair of kings: Bob concedes or accuses."""
    hands = {
        0: [dual("KD"), valued("AS"), valued("4H"), valued("7D"), valued("9C")],
        1: [valued("KC"), valued("KH"), valued("3D"), valued("5S"), valued("8C")],
    }
    state = poker(2, hands)
    while state.stage == "draw":
        state = act(state, ENGINE.to_act(state)[0], Discard())
    state = act(state, 0, Reveal(cards=(dual("KD"),)))
    state = act(state, 1, Reveal())
    assert state.stage == "contest" and ENGINE.to_act(state) == (1,)
    return state


@pytest.mark.parametrize(
    ("lang", "verb", "button", "table", "event"),
    [
        ("en", "concede, or accuse", "Concede", "**Bob** concedes to **Ann**", "**Bob** concedes to **Ann**."),
        (
            "fr",
            "couchez-vous, ou accusez",
            "Se coucher",
            "**Bob** se couche devant **Ann**",
            "**Bob** se couche devant **Ann**.",
        ),
    ],
)
def test_conceding_is_one_verb_in_the_decision_on_the_button_and_on_the_table(
    lang: str, verb: str, button: str, table: str, event: str
) -> None:
    state = contest()
    assert verb in decision(state, 1, lang)
    labels = [label for label, _ in moves(table_of(ENGINE, state, table_id=28, locale=lang, names=NAMES), 1, lang)]
    assert button in labels
    assert table in public(state, lang)
    everything = hand(state, 1, lang) + public(state, lang)
    assert "inclin" not in everything.lower()
    conceded = act(state, 1, Concede())
    assert event in said(conceded.events, lang)


@pytest.mark.parametrize(
    ("lang", "stakes", "alone", "shared"),
    [
        (
            "en",
            "it fails, the attacker pays $100k to the defender.",
            "The fine goes to the defender, **Bob**: $100k.",
            "The fine is shared among the defenders, **Bob** and **Cyd**: $100k each",
        ),
        (
            "fr",
            "raté, le braqueur paye 100 k$ au défenseur.",
            "L’amende revient à **Bob**, qui a défendu : 100 k$.",
            "L’amende est partagée entre les défenseurs, **Bob** et **Cyd** : 100 k$ chacun",
        ),
    ],
)
def test_a_single_defender_takes_the_fine_several_share_it(lang: str, stakes: str, alone: str, shared: str) -> None:
    # Bob alone defends: the table, the header of his side and the outcome speak of one defender.
    state = act(holdup_table(), 0, HoldUp(card=uzi(1), victim=1))
    state = act(state, 1, Defend(card=police(2)))
    table = public(state, lang)
    assert stakes in table
    assert ("🚓 Defender: **Bob** 2" if lang == "en" else "🚓 Défenseur : **Bob** 2") in table
    events: list[Event] = []
    while state.holdup is not None:
        state = act(state, ENGINE.to_act(state)[0], Abstain())
        events += state.events
    assert alone in said(events, lang)
    for word in ("shared", "each", "partag", "chacun"):
        assert word not in said(events, lang)
    # Bob and Cyd defend against 2 uzis: $200k shared, $100k each.
    hands = {0: [uzi(2), biz("casse")], 1: [police(2), biz("video")], 2: [police(3), biz("casino")]}
    state = act(rig(3, hands=hands, turn=0), 0, HoldUp(card=uzi(2), victim=1))
    state = act(state, 1, Defend(card=police(2)))
    state = act(state, 2, Defend(card=police(3)))
    assert ("to the defenders, who share it" if lang == "en" else "aux défenseurs, qui se les partagent") in public(
        state, lang
    )
    events = []
    while state.holdup is not None:
        state = act(state, ENGINE.to_act(state)[0], Abstain())
        events += state.events
    assert shared in said(events, lang)


def test_one_player_still_to_answer_or_to_choose_is_singular_in_french() -> None:
    # A reaction window at the end of Ann's turn: two answer, one is left.
    state = act(holdup_table(), 0, HoldUp(card=uzi(1), victim=1))
    while state.holdup is not None:
        state = act(state, ENGINE.to_act(state)[0], Abstain())
    assert state.stage == "end"
    assert "Doivent encore répondre : **Ann**, **Bob** et **Cyd**" in public(state, "fr")
    for _ in range(2):
        state = act(state, ENGINE.to_act(state)[0], Decline())
    (last,) = ENGINE.to_act(state)
    assert f"Doit encore répondre : **{NAMES[last]}**" in public(state, "fr")
    assert f"Still to answer: **{NAMES[last]}**" in public(state, "en")
    # The reveal: one ready, two choosing; then two ready, one choosing.
    hands = {
        seat: [valued(code) for code in codes]
        for seat, codes in enumerate(
            (("2D", "3D", "5S", "8C", "JC"), ("KC", "KH", "3C", "5C", "9D"), ("6S", "9H", "4S", "2S", "7H"))
        )
    }
    state = poker(3, hands)
    while state.stage == "draw":
        state = act(state, ENGINE.to_act(state)[0], Discard())
    state = act(state, 0, Reveal())
    table = public(state, "fr")
    assert "✅ Prêt·e à montrer : **Ann**" in table and "Choisissent encore quoi montrer : **Bob** et **Cyd**" in table
    state = act(state, 1, Reveal())
    assert "Choisit encore quoi montrer : **Cyd**" in public(state, "fr")
    assert "Still choosing what to show: **Cyd**" in public(state, "en")


@pytest.mark.parametrize(("lang", "out"), [("en", "Stayed out: **Cyd**"), ("fr", "Reste en dehors : **Cyd**")])
def test_one_player_staying_out_of_a_hold_up_is_singular(lang: str, out: str) -> None:
    hands = {0: [uzi(1), biz("casse")], 1: [police(2), biz("video")], 2: [uzi(2), biz("casino")], 3: [police(1)]}
    state = act(rig(4, hands=hands, turn=0), 0, HoldUp(card=uzi(1), victim=1))
    state = act(state, 1, Defend(card=police(2)))
    state = act(state, 2, Abstain())
    assert state.holdup is not None and ENGINE.to_act(state) == (3,)
    assert out in public(state, lang)
