"""What a Zombie Life move costs its own player, for the warning; and which Refuge cards are new to them.

Rulebook: a drawn card that is already both in your Refuge and in the Horde overruns you (out of the round,
Refuge discarded). The card is hidden, so a draw is reported only when every card it could be matches both.
"""

from __future__ import annotations

import json
import random
import re

from zombie_rig import arrange, draw, hide, new_rigged, on_top, table, take

from bot.i18n import catalogue
from engines.core import Consequence
from engines.zombie import ENGINE, Draw, Hide, Take, ZombieState
from engines.zombie.state import Status
from tests.engines.family_support import engine_source

OVERRUN = Consequence(key="zombie.consequence.overrun")


def doomed(deck_seed: int | None = None) -> ZombieState:
    """Ann holds 2-10 in her Refuge and the Horde holds 2-10 too; Bob has the only 1. Every card Ann could
    draw (a 3 to a 10: both 2s and the 1 are on the table) is in both places."""
    state = arrange(table(3), refuge=[list(range(2, 11)), [1], []], horde=list(range(2, 11)), to_move=0)
    if deck_seed is not None:
        random.Random(deck_seed).shuffle(state.deck)
    return state


def test_a_draw_that_surely_overruns_is_reported() -> None:
    state = doomed()
    assert ENGINE.consequence(state, 0, Draw()) == OVERRUN
    assert ENGINE.consequence(state, 0, Hide()) is None
    for seed in range(5):  # whatever the hidden order, the draw overruns Ann: the warning is a certainty
        after = ENGINE.apply(doomed(seed), 0, Draw())
        assert after.status[0] == "eliminated" and after.refuge[0] == []


def test_a_draw_that_might_be_safe_is_not_reported() -> None:
    # Ann lacks the 10 in her Refuge: a 10 would be safe, so the draw is only a risk.
    state = arrange(table(3), refuge=[list(range(2, 10)), [1], []], horde=list(range(2, 11)), to_move=0)
    assert ENGINE.consequence(state, 0, Draw()) is None
    # Ann holds 2-10 and so does the Horde; the only 1 lies face down in Bob's Refuge. Every card of the deck
    # would overrun her, but she cannot see that the 1 is not in the deck: no certainty, no warning.
    status: list[Status] = ["in_play", "hidden", "in_play"]
    hidden_one = arrange(
        table(3),
        refuge=[list(range(2, 11)), [], []],
        face_down=[[], [1], []],
        horde=list(range(2, 11)),
        status=status,
        hid=[1],
        to_move=0,
    )
    assert ENGINE.consequence(hidden_one, 0, Draw()) is None
    assert ENGINE.apply(hidden_one, 0, Draw()).status[0] == "eliminated"  # (it would, as it happens)


def test_takes_and_hides_are_never_reported() -> None:
    state = arrange(table(3), refuge=[[3, 7], [8], [1]], horde=[4, 10], to_move=0)
    for action in ENGINE.legal_actions(state, 0):
        assert ENGINE.consequence(state, 0, action) is None, action
    assert Take(card=4) in ENGINE.legal_actions(state, 0)


def test_the_dealt_cards_are_new_until_their_owner_moves() -> None:
    state = new_rigged(3, [5, 3, 8])  # Bob's 3 is lowest: Bob starts
    assert [ENGINE.perspective(state, seat).fresh for seat in range(3)] == [[5], [3], [8]]
    state = hide(state)  # Bob hides: what he had is no longer new to him
    assert ENGINE.perspective(state, 1).fresh == []
    assert ENGINE.perspective(state, 0).fresh == [5]
    assert ENGINE.perspective(state, None).fresh == []


def test_a_card_taken_or_placed_is_new_and_a_card_turned_up_again_too() -> None:
    state = arrange(table(3), refuge=[[3, 7], [8], [1]], horde=[4, 10], to_move=0)
    state = take(state, 4)
    assert ENGINE.perspective(state, 0).fresh == [4]
    # Ann hides (a card face down for each of the two still in play); Bob is then overrun: one comes back up.
    status: list[Status] = ["hidden", "in_play", "in_play"]
    state = arrange(
        table(3),
        refuge=[[9], [6, 8], [1]],
        face_down=[[2, 5], [], []],
        horde=[6, 8],
        status=status,
        hid=[0],
        to_move=1,
    )
    state = draw(on_top(state, 6))  # Bob draws a 6, in his Refuge and in the Horde: overrun
    assert state.status[1] == "eliminated"
    assert ENGINE.perspective(state, 0).fresh == [5]  # Ann's highest face-down card turned face up again


def test_every_consequence_key_is_catalogued_in_both_languages() -> None:
    keys = set(re.findall(r'"(zombie\.consequence\.[a-z_]+)"', engine_source("zombie")))
    assert keys
    for lang in ("en", "fr"):
        assert all(catalogue().has(lang, key) for key in keys), lang


def test_a_game_saved_before_new_cards_were_tracked_plays_on() -> None:
    saved = json.loads(ENGINE.dump_state(arrange(table(3), refuge=[[3, 7], [8], [1]], horde=[4, 10], to_move=0)))
    del saved["fresh"]
    state = take(ENGINE.load_state(json.dumps(saved)), 4)
    assert ENGINE.perspective(state, 0).fresh == [4] and ENGINE.perspective(state, 1).fresh == []
