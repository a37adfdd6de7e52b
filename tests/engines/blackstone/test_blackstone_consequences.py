"""What a Blackstone move costs its own player, for the warning.

Rulebook: a second black stone stops the deal and loses: the taker forfeits their ante and pays a fine of
every white stone in the middle. The deck is face down, but anyone can count what is left in it (45 white
stones minus the middle, the black stones not in front of anyone): a take of more cards than the white
stones left can fill surely brings black stones. A pass's price is on its button and is not reported.
"""

from __future__ import annotations

import random
import re

from blackstone_rig import arrange, new_rigged, pass_, vote

from bot.i18n import catalogue
from engines.blackstone import ENGINE, BlackstoneState, NextHand, Pass, Stop, Take
from engines.blackstone.deck import full_deck
from engines.core import Consequence
from tests.engines.family_support import engine_source, without

# 40 of the 45 white stones in the middle: 5 white and 9 black stones left to deal when one is held.
MIDDLE = without([card for card in full_deck() if card != 10], [1, 2, 3, 4, 5])


def late_hand(blacks: list[int], deck_seed: int | None = None) -> BlackstoneState:
    """Ann to move, the middle full of white stones; `blacks` are in front of the players."""
    state = new_rigged(3, [5, 3, 8])
    rest = without(full_deck(), [*MIDDLE, *[10] * sum(blacks)])
    if deck_seed is not None:
        random.Random(deck_seed).shuffle(rest)
    return arrange(state, middle=MIDDLE, blacks=blacks, to_move=0, deck=rest)


def test_with_a_black_stone_a_take_beyond_the_white_stones_left_is_reported() -> None:
    state = late_hand([1, 0, 0])  # 5 white stones left: a sixth card is surely black
    lost = Consequence(key="blackstone.consequence.second_black", params={"chips": 5 + 40})
    for count in range(6, 11):
        assert ENGINE.consequence(state, 0, Take(count=count)) == lost, count
    for count in range(1, 6):
        assert ENGINE.consequence(state, 0, Take(count=count)) is None, count
    for seed in range(5):  # whatever the hidden order: the warning is a certainty
        after = ENGINE.apply(late_hand([1, 0, 0], seed), 0, Take(count=6))
        assert after.loser == 0 and after.status[0] == "lost"
        assert state.chips.stacks[0] - after.chips.stacks[0] >= 40


def test_without_a_black_stone_it_takes_two_sure_black_stones() -> None:
    state = late_hand([0, 1, 0])  # Ann holds none: 7 cards bring at least 2 of the black stones
    assert ENGINE.consequence(state, 0, Take(count=6)) is None
    assert ENGINE.consequence(state, 0, Take(count=7)) is not None
    after = ENGINE.apply(late_hand([0, 1, 0], 3), 0, Take(count=7))
    assert after.loser == 0


def test_the_loss_is_what_the_player_can_pay() -> None:
    state = late_hand([1, 0, 0])
    state.chips.stacks[0] = 12  # less than the fine of 40
    consequence = ENGINE.consequence(state, 0, Take(count=6))
    assert consequence is not None and consequence.params == {"chips": 5 + 12}


def test_passes_ordinary_takes_and_votes_are_never_reported() -> None:
    state = new_rigged(3, [5, 3, 8])  # the opening: 44 white stones left, nobody can be sure of anything
    seat = state.to_move
    for action in ENGINE.legal_actions(state, seat):
        assert ENGINE.consequence(state, seat, action) is None, action
    assert ENGINE.consequence(late_hand([1, 0, 0]), 0, Pass()) is None
    between = pass_(pass_(new_rigged(3, [5, 3, 8])))
    assert between.phase == "decide"
    assert ENGINE.consequence(between, 0, NextHand()) is None
    assert ENGINE.consequence(vote(between, 1, stop=True), 0, Stop()) is None


def test_every_consequence_key_is_catalogued_in_both_languages() -> None:
    keys = set(re.findall(r'"(blackstone\.consequence\.[a-z_]+)"', engine_source("blackstone")))
    assert keys
    for lang in ("en", "fr"):
        assert all(catalogue().has(lang, key) for key in keys), lang
