"""What a Hawthorn move costs its own player, for the warning; and what the viewer's perspective marks.

Rulebook: a card that pairs one of your face-up cards knocks you out and costs chips equal to its rank
("you may deliberately play a pairing card from your hand"); nobody pays more than they have. A draw's
card is hidden, so its risk is never reported; a fold's price is on its button.
"""

from __future__ import annotations

import json
import re

from hawthorn_rig import choose_all, draw, play, rigged, started

from bot.i18n import catalogue
from engines.core import Consequence
from engines.hawthorn import ENGINE, Draw, Fold, HawthornState, NextHand, Play, Start, Stop
from tests.engines.family_support import engine_source

HANDS = [[2, 5, 7, 9, 10], [3, 6, 8, 9, 10], [4, 6, 7, 8, 10]]
STARTS = [5, 3, 8]  # Bob's 3 is lowest: Bob has the button and starts every lap


def hand_lap(stacks: list[int] | None = None) -> HawthornState:
    """Lap 1 drew Bob a 6, Cyd a 1, Ann a 2; lap 2 (cards from the hand) starts with Bob.

    Bob: face up 3 6, hand 6 8 9 10 (his 6 pairs). Ann: face up 5 2, hand 2 7 9 10 (her 2 pairs).
    """
    state = draw(draw(draw(started(3, HANDS, STARTS, top=[6, 1, 2], stacks=stacks))))
    assert state.lap == 2 and state.to_move == 1
    assert state.face_up[1] == [3, 6] and state.hands[1] == [6, 8, 9, 10]
    return state


def test_playing_a_card_that_pairs_one_of_yours_is_reported_with_its_cost() -> None:
    state = hand_lap()
    out = Consequence(key="hawthorn.consequence.out_pay", params={"chips": 6})
    assert ENGINE.consequence(state, 1, Play(card=6)) == out
    for harmless in (Play(card=8), Play(card=9), Play(card=10), Fold()):
        assert ENGINE.consequence(state, 1, harmless) is None, harmless
    after = ENGINE.apply(state, 1, Play(card=6))
    assert after.status[1] == "out"
    assert state.chips.stacks[1] - after.chips.stacks[1] == 6


def test_the_cost_is_what_the_player_can_pay() -> None:
    short = hand_lap(stacks=[100, 4, 100])  # 4 chips, 1 of them anted: 3 left
    assert ENGINE.consequence(short, 1, Play(card=6)) == Consequence(
        key="hawthorn.consequence.out_pay", params={"chips": 3}
    )
    broke = hand_lap(stacks=[100, 1, 100])  # the ante took the last chip: out, nothing to pay
    assert ENGINE.consequence(broke, 1, Play(card=6)) == Consequence(key="hawthorn.consequence.out")


def test_draws_choices_and_votes_are_never_reported() -> None:
    state = started(3, HANDS, STARTS)  # lap 1: draw or fold
    assert ENGINE.consequence(state, 1, Draw()) is None
    assert ENGINE.consequence(state, 1, Fold()) is None
    chosen = rigged(3, HANDS)
    assert all(ENGINE.consequence(chosen, 0, Start(card=card)) is None for card in HANDS[0])
    voting = ENGINE.apply(ENGINE.apply(state, 1, Fold()), 2, Fold())
    assert voting.phase == "vote"
    assert ENGINE.consequence(voting, 0, NextHand()) is None and ENGINE.consequence(voting, 0, Stop()) is None


def test_each_player_sees_which_of_their_own_cards_would_pair() -> None:
    state = hand_lap()
    assert ENGINE.perspective(state, 1).pairing == [6]
    assert ENGINE.perspective(state, 0).pairing == [2]  # Ann's starting 5 and drawn 2; her hand holds a 2
    assert ENGINE.perspective(state, 2).pairing == []  # Cyd: 8 1 up, hand 4 6 7 10
    assert ENGINE.perspective(state, None).pairing == []


def test_a_dealt_hand_is_new_until_its_player_chooses() -> None:
    state = rigged(3, HANDS)
    assert all(ENGINE.perspective(state, seat).new_hand for seat in range(3))
    state = ENGINE.apply(state, 0, Start(card=5))
    assert not ENGINE.perspective(state, 0).new_hand
    assert ENGINE.perspective(state, 1).new_hand
    assert not ENGINE.perspective(state, None).new_hand


def test_a_drawn_card_is_new_to_its_player_until_they_move_again() -> None:
    state = draw(started(3, HANDS, STARTS, top=[6, 1, 2]))  # Bob draws the 6
    assert ENGINE.perspective(state, 1).fresh == [6]
    state = draw(draw(state))  # Cyd and Ann draw
    assert ENGINE.perspective(state, 1).fresh == [6]  # still new: Bob has not moved since
    assert ENGINE.perspective(state, 2).fresh == [1] and ENGINE.perspective(state, 0).fresh == [2]
    state = play(state, 8)  # Bob plays an 8 from his hand: his own card, not new
    assert ENGINE.perspective(state, 1).fresh == []
    assert ENGINE.perspective(state, None).fresh == []


def test_tie_break_cards_are_new_to_the_tied_players() -> None:
    hands = [[3, 5, 7, 9, 10], [3, 6, 8, 9, 10], [4, 6, 7, 8, 10]]
    state = choose_all(rigged(3, hands, top=[2, 4]), [3, 3, 8])  # Ann and Bob tie on 3: a card each
    assert state.phase == "play"
    for seat in range(3):
        assert ENGINE.perspective(state, seat).fresh == state.face_up[seat][1:]
    assert ENGINE.perspective(state, 0).fresh and ENGINE.perspective(state, 1).fresh


def test_every_consequence_key_is_catalogued_in_both_languages() -> None:
    keys = set(re.findall(r'"(hawthorn\.consequence\.[a-z_]+)"', engine_source("hawthorn")))
    assert keys
    for lang in ("en", "fr"):
        assert all(catalogue().has(lang, key) for key in keys), lang


def test_a_session_saved_before_new_cards_were_tracked_plays_on() -> None:
    saved = json.loads(ENGINE.dump_state(started(3, HANDS, STARTS, top=[6, 1, 2])))
    del saved["fresh"]
    state = draw(ENGINE.load_state(json.dumps(saved)))
    assert ENGINE.perspective(state, 1).fresh == [6] and ENGINE.perspective(state, 0).fresh == []
