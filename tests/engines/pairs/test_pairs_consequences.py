"""What a Pairs move costs its own player, for the warning, and which cards are new to their owner.

Rulebook: a fold takes the lowest face-up card as a score card; reaching the losing score loses the game,
and in a betting match the loser pays. A hit's card is hidden, so its risk is never reported.
"""

from __future__ import annotations

import json
import re

from pairs_rig import arrange, hit, new_rigged

from bot.i18n import catalogue
from engines.core import Consequence
from engines.pairs import ENGINE, Fold, Hit, PairsOptions
from engines.pairs.deck import full_deck
from engines.pairs.engine import setup
from tests.engines.family_support import engine_source, without


def test_a_fold_that_reaches_the_losing_score_is_reported() -> None:
    # 3 players lose at 21. Seat 0 has 18 points; the lowest face-up card is Bob's 3: folding makes 21.
    state = arrange(setup(3, PairsOptions(), 0), [[4, 7], [3], [9]], to_move=0, score_cards=[[10, 8], [], []])
    assert ENGINE.consequence(state, 0, Fold()) == Consequence(key="pairs.consequence.lose", params={"score": 21})
    assert ENGINE.consequence(state, 0, Hit()) is None  # the drawn card is hidden: no warning
    after = ENGINE.apply(state, 0, Fold())
    assert after.finished and after.loser == 0  # the warning says what the fold really does


def test_a_fold_below_the_losing_score_is_not_reported() -> None:
    state = arrange(setup(3, PairsOptions(), 0), [[4, 7], [3], [9]], to_move=0, score_cards=[[10, 7], [], []])
    assert ENGINE.consequence(state, 0, Fold()) is None  # 17 + 3 = 20: the game goes on
    assert ENGINE.consequence(state, 0, Hit()) is None


def test_in_a_betting_match_the_warning_says_what_the_loser_pays() -> None:
    # Downspear: the loser pays 1 chip to each other player, here 2.
    options = PairsOptions(ending="downspear", games=3, chips=20)
    state = new_rigged(3, [5, 3, 8], options)
    state = arrange(state, [[4, 7], [3], [9]], to_move=0, score_cards=[[10, 8], [], []])
    consequence = ENGINE.consequence(state, 0, Fold())
    assert consequence == Consequence(key="pairs.consequence.lose_pay", params={"score": 21, "chips": 2})
    after = ENGINE.apply(state, 0, Fold())
    assert after.chips is not None and state.chips is not None
    assert state.chips.stacks[0] - after.chips.stacks[0] == 2


def test_a_forced_fold_asks_nothing() -> None:
    # No card is left to draw anywhere (the deck and the discard pile are empty): folding is the only move.
    placed = [[5], [1]]
    seat_0_scores = [10, 10, 10]  # 30 of 31 (2 players): the fold's 1 makes 31
    rest = without(full_deck(), [5, 1, *seat_0_scores])
    state = arrange(setup(2, PairsOptions(), 0), placed, to_move=0, score_cards=[seat_0_scores, rest], deck=[])
    assert not ENGINE.can(state, 0, Hit()) and ENGINE.can(state, 0, Fold())
    assert ENGINE.consequence(state, 0, Fold()) is None


def test_every_card_of_a_new_round_is_new_to_its_owner_until_they_move() -> None:
    state = new_rigged(3, [5, 3, 8, 6, 7, 9])  # Bob's 3 is lowest: Bob plays first and draws the 6
    assert [ENGINE.perspective(state, seat).fresh for seat in range(3)] == [[5], [3], [8]]
    assert ENGINE.perspective(state, None).fresh == []
    state = hit(state)  # Bob draws the 6
    assert ENGINE.perspective(state, 1).fresh == [6]  # the card his move brought; the 3 is no longer new
    assert ENGINE.perspective(state, 0).fresh == [5]  # Ann has not moved yet
    state = hit(state)  # Cyd draws the 7
    state = hit(state)  # Ann draws the 9
    assert [ENGINE.perspective(state, seat).fresh for seat in range(3)] == [[9], [6], [7]]


def test_a_new_round_makes_everyone_s_cards_new_again() -> None:
    state = new_rigged(3, [5, 3, 8, 6, 7, 9])
    state = ENGINE.apply(state, 1, Fold())  # Bob takes his own 3: the round ends, the next one is dealt
    assert state.round == 2
    for seat in range(3):
        assert ENGINE.perspective(state, seat).fresh == state.in_play[seat]


def test_every_consequence_key_is_catalogued_in_both_languages() -> None:
    keys = set(re.findall(r'"(pairs\.consequence\.[a-z_]+)"', engine_source("pairs")))
    assert keys
    for lang in ("en", "fr"):
        assert all(catalogue().has(lang, key) for key in keys), lang


def test_a_game_saved_before_new_cards_were_tracked_plays_on() -> None:
    saved = json.loads(ENGINE.dump_state(new_rigged(3, [5, 3, 8, 6])))
    del saved["fresh"]
    state = ENGINE.load_state(json.dumps(saved))
    assert ENGINE.perspective(state, 0).fresh == []  # nothing is known to be new: nothing is marked
    state = hit(state)
    assert ENGINE.perspective(state, 1).fresh == [6]
