"""The marshmallow cards (SEED-OMB; docs/games/ohmybrain.md#house-defaults): roll the die with the state's RNG (shown on
the table), apply the face if it applies, each asking the right player the right choice; then refill and end the
turn."""

from __future__ import annotations

import json

from ohmybrain_rig import ENGINE, FACE, act, arrange, events, keys, quiet, rig_die, table

from bot.settings import DATA_DIR
from engines.core import Rng
from engines.ohmybrain import (
    CARDS_FILE,
    Give,
    GiveTo,
    OhMyBrainEngine,
    OhMyBrainOptions,
    OhMyBrainState,
    Pass,
    Play,
    Share,
    Steal,
    Swap,
    parse_cards,
)
from engines.ohmybrain.engine import begin_game, setup
from engines.ohmybrain.state import GiveStep, GiveToStep, PlayStep, RefillStep, StealStep, SwapStep
from tests.engines.family_support import refused_by


def rolled(state: OhMyBrainState, face: str, card: int = 17, count: int = 1) -> OhMyBrainState:
    """The active player plays `count` × `card` (a marshmallow) and the die shows `face`."""
    return act(quiet(rig_die(state, FACE[face])), Play(card=card, count=count))


def test_the_roll_uses_the_states_rng_and_is_shown_on_the_table() -> None:
    state = arrange(table(2), hands=[[17, 5, 6, 7], [4, 9]], horde=[12])
    after = rolled(state, "gain")
    roll = after.last_roll
    assert roll is not None and (roll.seat, roll.card, roll.face) == (0, 17, 4)
    assert events(after, "roll") == [{"seat": 0, "card": 17, "face": 4}]
    assert ENGINE.perspective(after, None).last_roll == after.last_roll
    assert after.rng != state.rng
    # The face is the RNG's: over many seeds, all six come up.
    seen = set()
    for seed in range(60):
        table_state = arrange(table(2), hands=[[17, 5, 6, 9], [4]], horde=[12])
        table_state.rng = Rng.from_seed(seed)
        roll = act(table_state, Play(card=17)).last_roll
        assert roll is not None
        seen.add(roll.face)
    assert seen == {1, 2, 3, 4, 5, 6}


def test_face_1_a_card_of_your_hand_into_the_cemetery_of_an_opponent_you_choose() -> None:
    state = arrange(table(3), hands=[[17, 5, 6, 9], [4], [10]], cemeteries=[[], [], [13]], horde=[12])
    state = rolled(state, "give")
    assert isinstance(state.step, GiveToStep)  # whose Cemetery first
    assert refused_by(ENGINE, state, 0, GiveTo(seat=0)) == "ohmybrain.refusal.not_opponent"
    state = act(state, GiveTo(seat=2))
    assert isinstance(state.step, GiveStep) and state.step.to == 2
    state = act(state, Give(card=9))
    assert sorted(state.cemeteries[2]) == [9, 13] and sorted(state.hands[0]) == [5, 6]
    assert events(state, "give") == [{"seat": 0, "to_seat": 2}]
    # The card is known to the giver and the receiver only.
    assert [e.audience for e in state.events if e.key == "ohmybrain.event.given"] == [(0, 2)]
    assert state.active == 1  # no Cemetery card to refill from: the turn is over


def test_face_1_with_one_opponent_asks_only_for_the_card_and_with_one_card_nothing() -> None:
    state = rolled(arrange(table(2), hands=[[17, 5, 6], [4]], horde=[12]), "give")
    assert isinstance(state.step, GiveStep) and state.step.to == 1
    state = rolled(arrange(table(2), hands=[[17, 5], [4]], cemeteries=[[3], []], horde=[12]), "give")
    assert state.cemeteries[1] == [5] and state.hands[0] == [3] and state.active == 1


def test_face_1_with_an_empty_hand_does_not_apply() -> None:
    state = rolled(arrange(table(2), hands=[[17], [4]], cemeteries=[[3], []], horde=[12]), "give")
    assert events(state, "no_effect") == [{"seat": 0, "face": 1}]
    assert state.hands[0] == [3]  # then the refill


def test_face_2_every_player_you_first_adds_a_reserve_card_to_their_cemetery() -> None:
    state = arrange(table(3), hands=[[5, 6, 17, 9], [4], [10]], horde=[12], active=0, reserve=[2, 3, 19, 13])
    state = rolled(state, "reserve")
    assert state.cemeteries == [[2], [3], [19]] and state.reserve == [13]
    assert events(state, "reserve_each") == [{"seat": 0, "count": 3}]
    assert [(e.params["card"], e.audience) for e in state.events if e.key == "ohmybrain.event.reserve_card"] == [
        (2, (0,)),
        (3, (1,)),
        (19, (2,)),
    ]


def test_face_2_on_your_last_card_gives_you_a_card_and_the_round_goes_on() -> None:
    """'Si votre dernière carte impose un lancer de dé, vous devez d'abord en appliquer le résultat. Hum...'"""
    state = arrange(table(2), hands=[[17], [4, 5]], horde=[12], reserve=[9, 10])
    state = rolled(state, "reserve")
    assert "round_end" not in keys(state)
    assert state.hands[0] == [9] and state.cemeteries[0] == [] and state.active == 1  # refilled from the Cemetery


def test_face_3_steal_a_brain_from_the_opponent_you_choose() -> None:
    state = arrange(table(3), hands=[[17, 5, 6, 9], [4], [10]], horde=[12], brains=[4, 6, 2])
    state = rolled(state, "steal")
    assert isinstance(state.step, StealStep)
    state = act(state, Steal(seat=1))
    assert state.brains == [5, 5, 2] and events(state, "steal") == [{"seat": 0, "from_seat": 1, "brains": 5}]


def test_face_3_stealing_the_last_brain_ends_the_game_at_once() -> None:
    state = arrange(table(2), hands=[[17, 5, 6, 9], [4]], horde=[12], brains=[4, 1])
    state = rolled(state, "steal")  # one opponent: no question
    assert state.over and state.brains == [5, 0] and state.winners == [0]
    assert ENGINE.to_act(state) == ()


def test_face_4_take_a_brain_from_the_supply_then_refill() -> None:
    state = arrange(table(2), hands=[[17, 5], [4]], cemeteries=[[3, 8, 9], []], horde=[12], brains=[9, 9])
    state = rolled(state, "gain")
    assert state.brains == [10, 9]  # the supply is unlimited: above the starting count too
    assert isinstance(state.step, RefillStep)  # roll, apply, refill, end of turn


def test_face_5_swap_your_hand_or_your_cemetery_never_with_an_empty_one() -> None:
    state = arrange(
        table(3), hands=[[17, 5, 6], [4, 9], [10]], cemeteries=[[3], [13, 14], []], horde=[12], brains=[9, 9, 9]
    )
    state = rolled(state, "swap")
    assert isinstance(state.step, SwapStep)
    assert refused_by(ENGINE, state, 0, Swap(zone="cemetery", seat=2)) == "ohmybrain.refusal.swap_empty_cemetery"
    legal = ENGINE.legal_actions(state, 0)
    assert legal == [Swap(zone="hand", seat=1), Swap(zone="hand", seat=2), Swap(zone="cemetery", seat=1)]
    swapped = act(state, Swap(zone="cemetery", seat=1))
    assert swapped.cemeteries[:2] == [[13, 14], [3]]
    assert events(swapped, "swap_cemetery") == [{"seat": 0, "with_seat": 1}]
    swapped = act(state, Swap(zone="hand", seat=2))
    assert sorted(swapped.hands[2]) == [5, 6]
    assert sorted(swapped.hands[0]) == [3, 10]  # Seat 2's 10, and the refill from the Cemetery


def test_face_5_with_nothing_to_swap_does_not_apply() -> None:
    state = arrange(table(2), hands=[[17], [4]], cemeteries=[[], [9]], horde=[12])
    state = rolled(state, "swap")
    assert events(state, "no_effect") == [{"seat": 0, "face": 5}]


def test_face_6_play_again_above_the_marshmallow_or_it_is_not_playing() -> None:
    state = arrange(table(2), hands=[[17, 18, 5], [4]], horde=[12])
    state = rolled(state, "again")
    step = state.step
    assert state.active == 0 and isinstance(step, PlayStep) and not step.must
    assert ENGINE.perspective(state, 0).playable == [18]
    state = arrange(table(2), hands=[[17, 5, 6], [4]], horde=[12])
    state = rolled(state, "again")
    assert ENGINE.legal_actions(state, 0) == [Pass()]  # nothing above 17: the "cannot play" case, a brain lost
    state = act(state, Pass())
    assert state.brains[0] == 8


def deck_with_two_17s() -> OhMyBrainEngine:
    """The card data corrected by someone holding the game: two 17s (and one 16 less)."""
    raw = json.loads((DATA_DIR / CARDS_FILE).read_text("utf-8"))
    for card in raw["cards"]:
        if card["number"] == 17:
            card["copies"] = 2
        if card["number"] == 16:
            card["copies"] -= 1
    return OhMyBrainEngine(parse_cards(json.dumps(raw)))


def test_several_marshmallows_roll_the_die_once() -> None:
    engine = deck_with_two_17s()
    state = setup(3, OhMyBrainOptions(), 0, engine.deck)
    begin_game(state, 0)
    state = arrange(state, hands=[[17, 17, 5, 6], [4], [10]], horde=[12])
    state = quiet(rig_die(state, FACE["gain"], FACE["gain"]))
    state = engine.apply(state, 0, Play(card=17, count=2))
    state = engine.apply(state, 0, Share(seat=2))
    assert keys(state).count("roll") == 1 and state.brains[0] == 10
